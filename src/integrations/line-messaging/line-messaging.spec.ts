import { createHmac } from 'node:crypto';
import { LineMessagingClient, LinePushError, cutLineText } from './line-messaging.client';
import { lineMessagingOn } from './line-messaging-config';
import { uuidFromName } from './line-retry-key';
import { lineSignature, verifyLineSignature } from './line-signature';
import { startLineMessagingSimulator, type StartedLineMessagingSimulator } from './simulators/line-messaging-simulator';

const SECRET = 'line-channel-secret-for-tests';
const TOKEN = 'line-access-token-for-tests';

describe('X-Line-Signature', () => {
  const body = '{"destination":"Uxxx","events":[{"type":"follow","source":{"type":"user","userId":"U0123"}}]}';

  it('is base64 HMAC-SHA256 of the raw body with the channel secret', () => {
    const expected = createHmac('sha256', SECRET).update(Buffer.from(body, 'utf8')).digest('base64');
    expect(lineSignature(SECRET, body)).toBe(expected);
    expect(verifyLineSignature(SECRET, Buffer.from(body), expected)).toBe(true);
  });

  it('refuses another secret, an altered body, a missing header or an empty body', () => {
    const sig = lineSignature(SECRET, body);
    expect(verifyLineSignature('another-secret', Buffer.from(body), sig)).toBe(false);
    expect(verifyLineSignature(SECRET, Buffer.from(body.replace('follow', 'unfollow')), sig)).toBe(false);
    // Re-serialised JSON is not the raw body: a space more breaks it.
    expect(verifyLineSignature(SECRET, Buffer.from(JSON.stringify(JSON.parse(body), null, 1)), sig)).toBe(false);
    expect(verifyLineSignature(SECRET, Buffer.from(body), undefined)).toBe(false);
    expect(verifyLineSignature(SECRET, Buffer.from(body), '')).toBe(false);
    expect(verifyLineSignature(SECRET, undefined, sig)).toBe(false);
    expect(verifyLineSignature(SECRET, Buffer.from(body), sig.slice(1))).toBe(false);
  });
});

describe('retry keys and texts', () => {
  it('derives one UUID per name, the same every time', () => {
    const a = uuidFromName('news:paid:42');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidFromName('news:paid:42')).toBe(a);
    expect(uuidFromName('news:paid:43')).not.toBe(a);
  });

  it('cuts text to LINE’s 5000 characters without splitting a surrogate pair', () => {
    expect(cutLineText('短訊')).toBe('短訊');
    const cut = cutLineText('x'.repeat(4998) + '😀😀');
    expect(cut.length).toBeLessThanOrEqual(5000);
    expect(cut.endsWith('…')).toBe(true);
    expect(Buffer.from(cut, 'utf8').toString('utf8')).toBe(cut);
  });
});

describe('LineMessagingClient (@line/bot-sdk) against the local Messaging API simulator', () => {
  let sim: StartedLineMessagingSimulator;
  let client: LineMessagingClient;
  const friend = 'U' + 'a'.repeat(32);
  beforeAll(async () => {
    sim = await startLineMessagingSimulator({ accessToken: TOKEN, channelSecret: SECRET });
    client = new LineMessagingClient({ apiUrl: sim.url, accessToken: TOKEN });
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.reset();
    sim.addUser(friend).friend = true;
  });

  it('pushes with the retry key; a repeat of an accepted key is 409, counted as sent, delivered once', async () => {
    const key = uuidFromName('test:1');
    await expect(client.push(friend, ['訂單已出貨'], key)).resolves.toBe('sent');
    await expect(client.push(friend, ['訂單已出貨'], key)).resolves.toBe('accepted-before');
    expect(sim.received(friend).map((m) => [m.text, m.retryKey])).toEqual([['訂單已出貨', key]]);
    expect(sim.calls.map((c) => c.status)).toEqual([200, 409]);
  });

  it('an unknown user id: 400 "Failed to send messages", not retryable, unreachable', async () => {
    const err = await client.push('U' + 'b'.repeat(32), ['x'], uuidFromName('test:2')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LinePushError);
    expect(err).toMatchObject({ status: 400, retryable: false, unreachableUser: true });
  });

  it('a user who blocked the account: 200 and nothing delivered (as LINE does)', async () => {
    sim.users.get(friend)!.friend = false;
    await expect(client.push(friend, ['x'], uuidFromName('test:3'))).resolves.toBe('sent');
    expect(sim.received(friend)).toEqual([]);
    expect(sim.messages).toHaveLength(1);
  });

  it('429 and 5xx are retryable; a bad token is not, and never shows the token', async () => {
    sim.failNext({ status: 429, message: 'The API rate limit has been exceeded. Try again later.' });
    await expect(client.push(friend, ['x'], uuidFromName('test:4'))).rejects.toMatchObject({ status: 429, retryable: true });
    sim.outage(true);
    await expect(client.push(friend, ['x'], uuidFromName('test:4'))).rejects.toMatchObject({ status: 500, retryable: true });
    sim.outage(false);
    // The retried request with the same key goes through once LINE is back.
    await expect(client.push(friend, ['x'], uuidFromName('test:4'))).resolves.toBe('sent');
    const bad = new LineMessagingClient({ apiUrl: sim.url, accessToken: 'wrong-token-wrong-token' });
    const err = (await bad.push(friend, ['x'], uuidFromName('test:5')).catch((e: unknown) => e)) as LinePushError;
    expect(err).toMatchObject({ status: 401, retryable: false, unreachableUser: false });
    expect(err.message).not.toContain('wrong-token');
    const down = new LineMessagingClient({ apiUrl: 'http://127.0.0.1:1', accessToken: TOKEN });
    await expect(down.push(friend, ['x'], uuidFromName('test:6'))).rejects.toMatchObject({ status: null, retryable: true });
  });

  it('the simulator checks the body and the retry key format like LINE', async () => {
    const post = (body: unknown, key = uuidFromName('raw')) =>
      fetch(`${sim.url}/v2/bot/message/push`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', 'X-Line-Retry-Key': key }, body: JSON.stringify(body) });
    expect((await post({ to: friend, messages: [] })).status).toBe(400);
    expect((await post({ to: friend, messages: [{ type: 'text', text: 'x' }] }, 'not-a-uuid')).status).toBe(400);
    const ok = await post({ to: friend, messages: [{ type: 'text', text: 'x' }] }, uuidFromName('raw-ok'));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { sentMessages: unknown[] }).sentMessages).toHaveLength(1);
  });
});

describe('lineMessagingOn: LINE only where a channel (or a chosen simulator) can deliver', () => {
  const sim = { driver: 'simulator' as const, apiUrl: null, accessToken: 't', channelSecret: 's' };
  const real = { driver: 'line' as const, apiUrl: 'https://api.line.me', accessToken: 't', channelSecret: 's' };
  it('is on with a real channel anywhere, and with the simulator outside production or when asked for', () => {
    expect(lineMessagingOn({ lineMessaging: real, simulatorsInProduction: false }, true)).toBe(true);
    expect(lineMessagingOn({ lineMessaging: sim, simulatorsInProduction: false }, false)).toBe(true);
    expect(lineMessagingOn({ lineMessaging: sim, simulatorsInProduction: true }, true)).toBe(true);
  });
  it('is off in production without LINE_MESSAGING_API_URL: nobody is a friend, the webhook refuses', () => {
    expect(lineMessagingOn({ lineMessaging: sim, simulatorsInProduction: false }, true)).toBe(false);
  });
});
