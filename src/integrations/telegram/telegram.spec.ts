import express from 'express';
import type { AddressInfo } from 'node:net';
import { StaffAlertError } from './staff-alert-sender';
import { cutTelegramText, TelegramClient, TELEGRAM_TEXT_MAX } from './telegram-client';
import { createTelegramSimulator, startTelegramSimulator, StartedTelegramSimulator } from './simulators/telegram-simulator';

const TOKEN = '7012345678:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0';
const STAFF = '-1009876543210';
/** No lone surrogates: a UTF-8 round trip keeps the text. */
const wellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8') === s;

describe('cutTelegramText', () => {
  it('keeps short text and cuts long text to 4096 with an ellipsis', () => {
    expect(cutTelegramText('新訂單 SS1')).toBe('新訂單 SS1');
    const exact = 'a'.repeat(TELEGRAM_TEXT_MAX);
    expect(cutTelegramText(exact)).toBe(exact);
    const cut = cutTelegramText('b'.repeat(5000));
    expect(cut.length).toBe(TELEGRAM_TEXT_MAX);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('never splits a surrogate pair', () => {
    const text = 'x'.repeat(4094) + '😀' + 'tail';
    const cut = cutTelegramText(text);
    expect(cut.length).toBeLessThanOrEqual(TELEGRAM_TEXT_MAX);
    expect(cut).toBe('x'.repeat(4094) + '…');
    expect(wellFormed(cut)).toBe(true);
    const cut2 = cutTelegramText('x'.repeat(4093) + '😀😀');
    expect(cut2).toBe('x'.repeat(4093) + '😀…');
    expect(cut2.length).toBe(TELEGRAM_TEXT_MAX);
    expect(wellFormed(cut2)).toBe(true);
  });
});

describe('TelegramClient against the local Bot API simulator (real HTTP on 127.0.0.1)', () => {
  let sim: StartedTelegramSimulator;
  let client: TelegramClient;
  beforeAll(async () => {
    sim = await startTelegramSimulator({ token: TOKEN, chats: [STAFF, '42'] });
    client = new TelegramClient({ apiUrl: sim.url + '/', token: TOKEN });
  });
  afterAll(async () => sim.close());
  beforeEach(() => sim.reset());

  it('sends plain text (no parse_mode) and records it per chat', async () => {
    const text = '新訂單 SS20261124000001\n金額 NT$1,220\n訂購人 王*明 <b>not html</b>';
    const r = await client.send(STAFF, text);
    expect(r.messageId).toBe(1);
    const r2 = await client.send(42, '付款完成 SS20261124000001');
    expect(r2.messageId).toBe(2);
    expect(sim.messages.get(STAFF)).toEqual([expect.objectContaining({ messageId: 1, chatId: STAFF, text, parseMode: null })]);
    expect(sim.messages.get('42')).toEqual([expect.objectContaining({ text: '付款完成 SS20261124000001', parseMode: null })]);
    expect(sim.sent().map((m) => m.messageId)).toEqual([1, 2]);
  });

  it('passes a parse_mode when asked', async () => {
    await client.send(STAFF, '<b>新訂單</b>', { parseMode: 'HTML' });
    expect(sim.sent()[0]).toMatchObject({ parseMode: 'HTML' });
  });

  it('cuts text over 4096 characters before sending', async () => {
    await client.send(STAFF, '訂'.repeat(5000));
    const got = sim.sent()[0].text;
    expect(got.length).toBe(4096);
    expect(got.endsWith('…')).toBe(true);
  });

  it('surfaces 429 retry_after so the job can back off', async () => {
    sim.failNext({ retryAfter: 17 });
    const err = await client.send(STAFF, 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StaffAlertError);
    expect(err).toMatchObject({ errorCode: 429, retryAfter: 17, retryable: true });
    expect(sim.sent()).toHaveLength(0);
    await expect(client.send(STAFF, 'x')).resolves.toEqual({ messageId: 1 });
  });

  it('reports a bad token as 401 without ever showing the token', async () => {
    const wrong = '7012345678:BBBdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0';
    const bad = new TelegramClient({ apiUrl: sim.url, token: wrong });
    const err = (await bad.send(STAFF, 'x').catch((e: unknown) => e)) as StaffAlertError;
    expect(err).toMatchObject({ name: 'StaffAlertError', errorCode: 401, retryable: false, retryAfter: null });
    expect(err.message).not.toContain(wrong);
    expect(err.message).not.toContain('BBBdq');
    expect(JSON.stringify(err)).not.toContain('BBBdq');
  });

  it('reports bad requests, provider failures, outages and an unreachable host', async () => {
    await expect(client.send('-100111', 'x')).rejects.toMatchObject({ errorCode: 400, retryable: false });
    sim.failNext({ errorCode: 403, description: 'Forbidden: bot was kicked from the group chat' });
    await expect(client.send(STAFF, 'x')).rejects.toMatchObject({ errorCode: 403, retryable: false, message: expect.stringContaining('kicked') });
    sim.failNext({ errorCode: 500, description: 'Internal Server Error' });
    await expect(client.send(STAFF, 'x')).rejects.toMatchObject({ errorCode: 500, retryable: true });
    sim.failNext('garbage');
    await expect(client.send(STAFF, 'x')).rejects.toMatchObject({ retryable: true });
    sim.outage(true);
    await expect(client.send(STAFF, 'x')).rejects.toMatchObject({ errorCode: 502, retryable: true });
    sim.outage(false);
    const down = new TelegramClient({ apiUrl: 'http://127.0.0.1:1', token: TOKEN });
    const err = (await down.send(STAFF, 'x').catch((e: unknown) => e)) as StaffAlertError;
    expect(err).toMatchObject({ errorCode: null, retryable: true });
    expect(err.message).not.toContain(TOKEN);
    expect(sim.sent()).toHaveLength(0);
  });

  it('refuses empty text or chat before sending', async () => {
    await expect(client.send(STAFF, '  ')).rejects.toMatchObject({ errorCode: null, retryable: false });
    await expect(client.send('', 'x')).rejects.toMatchObject({ errorCode: null, retryable: false });
  });

  it('the simulator speaks the documented protocol (form posts, errors, too long)', async () => {
    const url = `${sim.url}/bot${TOKEN}/sendMessage`;
    const form = await fetch(url, { method: 'POST', body: new URLSearchParams({ chat_id: '42', text: '聯絡表單' }) });
    const ok = (await form.json()) as { ok: boolean; result: { message_id: number; chat: { id: number }; text: string; date: number; from: { is_bot: boolean } } };
    expect(ok).toMatchObject({ ok: true, result: { message_id: 1, chat: { id: 42 }, text: '聯絡表單', from: { is_bot: true } } });
    const long = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ chat_id: 42, text: 'a'.repeat(4097) }) });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ ok: false, error_code: 400, description: 'Bad Request: message is too long' });
    const badMode = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ chat_id: 42, text: 'a', parse_mode: 'XML' }) });
    expect(badMode.status).toBe(400);
    const unauth = await fetch(`${sim.url}/botnope/sendMessage`, { method: 'POST', body: new URLSearchParams({ chat_id: '42', text: 'x' }) });
    expect(unauth.status).toBe(401);
    expect(await unauth.json()).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
  });
});

describe('the Telegram simulator mounted in an app', () => {
  it('works under a prefix behind global body parsers (as the embedded default will be)', async () => {
    const sim = createTelegramSimulator({ token: TOKEN });
    const app = express();
    app.use(express.json(), express.urlencoded({ extended: true }));
    app.use('/sim/telegram', sim);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = new TelegramClient({ apiUrl: `http://127.0.0.1:${port}/sim/telegram`, token: TOKEN });
      await expect(client.send(STAFF, '任務失敗 invoice:SS1')).resolves.toEqual({ messageId: 1 });
      expect(sim.messages.get(STAFF)?.[0].text).toBe('任務失敗 invoice:SS1');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

