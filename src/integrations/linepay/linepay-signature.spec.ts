import { createHmac } from 'node:crypto';
import { linePayHeaders, linePaySignature, verifyLinePaySignature } from './linepay-signature';
import { parseLinePayJson, quoteLargeIntegers, stringifyWithBareBigints } from './linepay-json';
import { LinePayConfig, SIMULATOR_CHANNEL_ID, SIMULATOR_CHANNEL_SECRET } from './linepay-config';
import { createLinePayGateway } from './linepay-gateway.factory';

// Fixed inputs. The expected values were computed outside this code base with Python's hmac
// module (hmac.new(secret, secret + path + payload + nonce, sha256), base64): LINE Pay publishes
// the formula but no worked example with an output, so this is an independent implementation.
const SECRET = 'a917ab6a2367b536f8e5a6e2977e06f4';
const NONCE = '3f9a6c5e-1b2d-4c8e-9f10-2a3b4c5d6e7f';
const BODY =
  '{"amount":100,"currency":"TWD","orderId":"ORDER-1","packages":[{"id":"P1","amount":100,"name":"肌膚保養",' +
  '"products":[{"name":"化妝水","quantity":1,"price":100}]}],"redirectUrls":{"confirmUrl":"https://shop.example/confirm",' +
  '"cancelUrl":"https://shop.example/cancel"}}';

describe('LINE Pay v3 signature', () => {
  it('POST: HMAC-SHA256(secret, secret + path + body + nonce), base64 — the independent vector', () => {
    expect(linePaySignature(SECRET, '/v3/payments/request', BODY, NONCE)).toBe('6Akyg74nfVHMzKOB68VaOyuHG5gPtU3CFcw7LsgR7/E=');
  });

  it('GET: the query string without "?" is the payload; empty when there is none', () => {
    expect(
      linePaySignature(SECRET, '/v3/payments', 'transactionId=2026112400000000001&orderId=ORDER-1', NONCE),
    ).toBe('jysaTORx1HG5IiEKUFHNXLyiZWSVfvXKy1zwdKGk8Nc=');
    expect(linePaySignature(SECRET, '/v3/payments/requests/2026112400000000001/check', '', NONCE)).toBe(
      'jk6I76EpeFANaOw22hxm91xSs6/9rQcOKSowboPyARc=',
    );
  });

  it('matches the documented formula recomputed here with node:crypto', () => {
    const expected = createHmac('sha256', Buffer.from(SECRET, 'utf8'))
      .update(Buffer.from(`${SECRET}/v3/payments/request${BODY}${NONCE}`, 'utf8'))
      .digest('base64');
    expect(linePaySignature(SECRET, '/v3/payments/request', BODY, NONCE)).toBe(expected);
  });

  it('headers: channel id, a fresh UUID nonce per call, the signature over that nonce', () => {
    const creds = { channelId: '1656000001', channelSecret: SECRET };
    const a = linePayHeaders(creds, '/v3/payments/request', BODY);
    const b = linePayHeaders(creds, '/v3/payments/request', BODY);
    expect(a['X-LINE-ChannelId']).toBe('1656000001');
    expect(a['X-LINE-Authorization-Nonce']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a['X-LINE-Authorization-Nonce']).not.toBe(b['X-LINE-Authorization-Nonce']);
    expect(a['X-LINE-Authorization']).toBe(linePaySignature(SECRET, '/v3/payments/request', BODY, a['X-LINE-Authorization-Nonce']));
    expect(linePayHeaders(creds, '/v3/payments/request', BODY, NONCE)['X-LINE-Authorization']).toBe(
      '6Akyg74nfVHMzKOB68VaOyuHG5gPtU3CFcw7LsgR7/E=',
    );
  });

  it('verify: accepts the right signature, refuses another secret, body, path or nonce', () => {
    const sig = linePaySignature(SECRET, '/v3/payments/request', BODY, NONCE);
    expect(verifyLinePaySignature(SECRET, '/v3/payments/request', BODY, NONCE, sig)).toBe(true);
    expect(verifyLinePaySignature(`${SECRET}x`, '/v3/payments/request', BODY, NONCE, sig)).toBe(false);
    expect(verifyLinePaySignature(SECRET, '/v3/payments/request', BODY.replace('100', '101'), NONCE, sig)).toBe(false);
    expect(verifyLinePaySignature(SECRET, '/v3/payments/requests', BODY, NONCE, sig)).toBe(false);
    expect(verifyLinePaySignature(SECRET, '/v3/payments/request', BODY, `${NONCE}0`, sig)).toBe(false);
    expect(verifyLinePaySignature(SECRET, '/v3/payments/request', BODY, NONCE, 'short')).toBe(false);
  });
});

describe('LINE Pay JSON ids (> 2^53)', () => {
  const text =
    '{"returnCode":"0000","returnMessage":"Success.","info":{"transactionId":2026112499999999999,' +
    '"note":"transactionId: 1234567890123456789, \\"quoted\\"","amount":100,"payInfo":[{"method":"BALANCE","amount":-5}],' +
    '"other":9007199254740993,"ratio":1.5e3,"refundList":[{"refundTransactionId":2026112400000000123,"refundAmount":-40}]}}';

  it('JSON.parse alone would lose the digits (why this exists)', () => {
    const lossy = JSON.parse(text) as { info: { transactionId: number } };
    expect(String(lossy.info.transactionId)).not.toBe('2026112499999999999');
  });

  it('ids become exact strings; strings, small numbers, decimals and negatives are untouched', () => {
    const parsed = parseLinePayJson(text) as {
      info: Record<string, unknown> & { payInfo: { amount: number }[]; refundList: Record<string, unknown>[] };
    };
    expect(parsed.info.transactionId).toBe('2026112499999999999');
    expect(parsed.info.refundList[0].refundTransactionId).toBe('2026112400000000123');
    expect(parsed.info.refundList[0].refundAmount).toBe(-40);
    expect(parsed.info.note).toBe('transactionId: 1234567890123456789, "quoted"');
    expect(parsed.info.amount).toBe(100);
    expect(parsed.info.payInfo[0].amount).toBe(-5);
    expect(parsed.info.other).toBe('9007199254740993');
    expect(parsed.info.ratio).toBe(1500);
  });

  it('a small id is a string too; stringifyWithBareBigints writes bigints as bare numbers', () => {
    expect(quoteLargeIntegers('{"transactionId": 12}')).toBe('{"transactionId": "12"}');
    const out = stringifyWithBareBigints({ info: { transactionId: 2026112499999999999n, name: 'a' } });
    expect(out).toBe('{"info":{"transactionId":2026112499999999999,"name":"a"}}');
    expect((parseLinePayJson(out) as { info: { transactionId: string } }).info.transactionId).toBe('2026112499999999999');
  });
});


describe('createLinePayGateway', () => {
  it('live → LINEPAY_API_URL; simulator → the embedded URL, required', () => {
    const sim: LinePayConfig = { driver: 'simulator', apiUrl: null, channelId: SIMULATOR_CHANNEL_ID, channelSecret: SIMULATOR_CHANNEL_SECRET, timeoutMs: 20000 };
    expect(() => createLinePayGateway(sim)).toThrow(/embedded simulator URL/);
    expect(createLinePayGateway(sim, 'http://127.0.0.1:1/dev/linepay')).toBeDefined();
  });
});
