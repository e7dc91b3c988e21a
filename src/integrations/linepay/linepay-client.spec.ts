import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LinePayClient } from './linepay-client';
import {
  LinePayApiError,
  LinePayError,
  LinePayHttpError,
  LinePayInputError,
  LinePayNetworkError,
  LinePayRequestInput,
  LinePayTimeoutError,
} from './linepay-gateway';
import { RunningLinePaySimulator, startLinePaySimulator } from './simulators/linepay-simulator';
import { linePayHeaders } from './linepay-signature';

const TWO_POW_53 = 2n ** 53n;

let sim: RunningLinePaySimulator & { channelId: string; channelSecret: string };
let client: LinePayClient;
let seq = 0;

beforeAll(async () => {
  sim = await startLinePaySimulator();
  client = new LinePayClient({ apiUrl: sim.url, channelId: sim.channelId, channelSecret: sim.channelSecret, timeoutMs: 3000 });
});
afterAll(() => sim.close());
afterEach(() => {
  sim.setOutage(false);
  sim.setDelay(0);
});

/** An order of `amount`: one product line and a shipping line that add up to it. */
function order(amount = 1280, extra: Partial<LinePayRequestInput> = {}): LinePayRequestInput {
  seq += 1;
  const shipping = Math.min(60, Math.max(amount, 0));
  const orderId = `LP${Date.now()}${seq}`;
  return {
    orderId,
    amount,
    currency: 'TWD',
    packages: [
      {
        id: 'pkg-1',
        amount,
        name: '肌膚商城',
        products: [
          { name: '保濕化妝水 <200ml>', quantity: 1, price: amount - shipping },
          { name: '運費', quantity: 1, price: shipping },
        ],
      },
    ],
    redirectUrls: {
      confirmUrl: `https://shop.example/api/order/linepay/confirm?ref=${orderId}`,
      cancelUrl: `https://shop.example/paymentSlip?MerTradeNo=${orderId}`,
    },
    ...extra,
  };
}

/** The buyer in a browser: open the page, press a button, follow nothing (read Location). */
async function pressOnPage(paymentUrl: string, button: '付款' | '取消'): Promise<string> {
  const page = await fetch(paymentUrl);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  const html = await page.text();
  expect(html).toContain('模擬 LINE Pay 付款');
  expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
  expect(html).not.toMatch(/<script|https?:\/\/[^"]*\.(css|js|png)|<link /);
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)"><button[^>]*>([^<]+)<\/button><\/form>/g)];
  expect(forms.map((f) => f[2])).toEqual(['付款', '取消']);
  const action = forms.find((f) => f[2] === button)![1];
  const res = await fetch(new URL(action, paymentUrl), { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

describe('LinePayClient against the LINE Pay simulator (real HTTP on 127.0.0.1)', () => {
  it('request → page → 付款 → confirmUrl carries the transactionId intact → confirm → check → details', async () => {
    const input = order();
    const req = await client.request(input);
    expect(typeof req.transactionId).toBe('string');
    expect(req.transactionId).toMatch(/^\d{19}$/);
    expect(BigInt(req.transactionId) > TWO_POW_53).toBe(true);
    expect(req.paymentUrl.web.startsWith(`${sim.url}/pay/`)).toBe(true);
    expect(req.paymentUrl.app).not.toBe('');

    expect(await client.checkStatus(req.transactionId)).toEqual({ returnCode: '0000', status: 'pending' });
    await expect(client.confirm(req.transactionId, { amount: input.amount, currency: 'TWD' })).rejects.toMatchObject({
      code: '1169',
    });

    const location = new URL(await pressOnPage(req.paymentUrl.web, '付款'));
    expect(`${location.origin}${location.pathname}`).toBe('https://shop.example/api/order/linepay/confirm');
    expect(location.searchParams.get('ref')).toBe(input.orderId);
    expect(location.searchParams.get('transactionId')).toBe(req.transactionId);
    expect(location.searchParams.get('orderId')).toBe(input.orderId);

    expect(await client.checkStatus(req.transactionId)).toEqual({ returnCode: '0110', status: 'authorized' });

    // The browser's value, as the confirm endpoint will receive it.
    const fromBrowser = location.searchParams.get('transactionId')!;
    const wrong = client.confirm(fromBrowser, { amount: input.amount - 1, currency: 'TWD' });
    await expect(wrong).rejects.toBeInstanceOf(LinePayApiError);
    await expect(wrong).rejects.toMatchObject({ code: '1153', retryable: false });

    const confirmed = await client.confirm(fromBrowser, { amount: input.amount, currency: 'TWD' });
    expect(confirmed).toEqual({
      transactionId: req.transactionId,
      orderId: input.orderId,
      payInfo: [{ method: 'BALANCE', amount: input.amount }],
    });

    const again = await client.confirm(fromBrowser, { amount: input.amount, currency: 'TWD' }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(LinePayApiError);
    expect((again as LinePayApiError).code).toBe('1172');
    expect((again as LinePayApiError).alreadyConfirmed).toBe(true);

    expect(await client.checkStatus(req.transactionId)).toEqual({ returnCode: '0123', status: 'confirmed' });

    const byId = await client.paymentDetails({ transactionId: req.transactionId });
    const byOrder = await client.paymentDetails({ orderId: input.orderId });
    expect(byOrder).toEqual(byId);
    expect(byId).toHaveLength(1);
    expect(byId[0]).toMatchObject({
      transactionId: req.transactionId,
      orderId: input.orderId,
      transactionType: 'PAYMENT',
      currency: 'TWD',
      payInfo: [{ method: 'BALANCE', amount: input.amount }],
      refundList: [],
    });
  });

  it('cancel path: 取消 sends the browser to cancelUrl; the request is then cancelled and cannot be confirmed', async () => {
    const input = order(500);
    const req = await client.request(input);
    const location = await pressOnPage(req.paymentUrl.web, '取消');
    expect(location).toBe(input.redirectUrls.cancelUrl);
    expect(await client.checkStatus(req.transactionId)).toEqual({ returnCode: '0121', status: 'cancelled' });
    await expect(client.confirm(req.transactionId, { amount: 500, currency: 'TWD' })).rejects.toBeInstanceOf(LinePayApiError);
    expect(await client.paymentDetails({ orderId: input.orderId })).toEqual([]);
    const page = await (await fetch(req.paymentUrl.web)).text();
    expect(page).toContain('已取消');
    expect(page).not.toContain('<form');
  });

  it('refund: partial, then not above what is left (1164), then the rest, then nothing left (1165)', async () => {
    const input = order(1000);
    const req = await client.request(input);
    sim.approve(req.transactionId);
    await client.confirm(req.transactionId, { amount: 1000, currency: 'TWD' });

    const r1 = await client.refund(req.transactionId, 300);
    expect(r1.refundTransactionId).toMatch(/^\d{19}$/);
    expect(r1.refundTransactionId).not.toBe(req.transactionId);
    await expect(client.refund(req.transactionId, 701)).rejects.toMatchObject({ code: '1164' });
    const r2 = await client.refund(req.transactionId);
    await expect(client.refund(req.transactionId, 1)).rejects.toMatchObject({ code: '1165' });

    const [details] = await client.paymentDetails({ transactionId: req.transactionId });
    expect(details.refundList.map((r) => [r.refundTransactionId, r.refundAmount])).toEqual([
      [r1.refundTransactionId, -300],
      [r2.refundTransactionId, -700],
    ]);
    expect(details.payStatus).toBe('REFUND');
  });

  it('refund of an unconfirmed payment is refused (1155); unknown transaction 1150', async () => {
    const req = await client.request(order(200));
    await expect(client.refund(req.transactionId)).rejects.toMatchObject({ code: '1155' });
    await expect(client.checkStatus('2026999999999999999')).rejects.toMatchObject({ code: '1150' });
    await expect(client.confirm('2026999999999999999', { amount: 200, currency: 'TWD' })).rejects.toMatchObject({ code: '1150' });
  });

  it('orderId is unique: a second request for the same order answers 1172', async () => {
    const input = order(300);
    await client.request(input);
    await expect(client.request(input)).rejects.toMatchObject({ code: '1172' });
  });

  it('packages that do not add up are refused before anything is sent', async () => {
    const before = sim.transactions.size;
    const input = order(1000);
    await expect(client.request({ ...input, amount: 999 })).rejects.toBeInstanceOf(LinePayInputError);
    const badPackage = order(1000);
    badPackage.packages[0].products[0].price += 1;
    await expect(client.request(badPackage)).rejects.toThrow(/Σ price × quantity/);
    await expect(client.request(order(0))).rejects.toBeInstanceOf(LinePayInputError);
    await expect(client.confirm('12ab', { amount: 1, currency: 'TWD' })).rejects.toBeInstanceOf(LinePayInputError);
    await expect(client.refund('2026999999999999999', 1.5)).rejects.toBeInstanceOf(LinePayInputError);
    expect(sim.transactions.size).toBe(before);
  });

  it('the simulator refuses a bad body itself (2101) and a bad channel secret (1106) or channel id (1104)', async () => {
    const input = order(400);
    const body = JSON.stringify({ ...input, amount: 401 });
    const res = await fetch(`${sim.url}/v3/payments/request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...linePayHeaders(sim, '/v3/payments/request', body) },
      body,
    });
    expect(await res.json()).toMatchObject({ returnCode: '2101' });

    const badSecret = new LinePayClient({ apiUrl: sim.url, channelId: sim.channelId, channelSecret: 'another-secret-0123456789' });
    const refused = await badSecret.request(order(100)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LinePayApiError);
    expect(refused).toMatchObject({ code: '1106', retryable: false });
    await expect(badSecret.checkStatus('2026000000000000001')).rejects.toMatchObject({ code: '1106' });

    const badId = new LinePayClient({ apiUrl: sim.url, channelId: '1999999999', channelSecret: sim.channelSecret });
    await expect(badId.request(order(100))).rejects.toMatchObject({ code: '1104' });

    // A body changed after signing (e.g. by a proxy) fails the signature too.
    const signed = JSON.stringify(order(100));
    const tampered = await fetch(`${sim.url}/v3/payments/request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...linePayHeaders(sim, '/v3/payments/request', signed) },
      body: signed.replace('"amount":100', '"amount":1'),
    });
    expect(await tampered.json()).toMatchObject({ returnCode: '1106' });

    // Missing headers.
    const bare = await fetch(`${sim.url}/v3/payments/requests/1/check`);
    expect(await bare.json()).toMatchObject({ returnCode: '1106' });
  });

  it('the simulator writes ids as bare JSON numbers above 2^53, exactly like LINE Pay', async () => {
    const input = order(100);
    const body = JSON.stringify(input);
    const res = await fetch(`${sim.url}/v3/payments/request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...linePayHeaders(sim, '/v3/payments/request', body) },
      body,
    });
    const text = await res.text();
    const m = /"transactionId":(\d{19})[,}]/.exec(text);
    expect(m).not.toBeNull();
    expect(BigInt(m![1]) > TWO_POW_53).toBe(true);
    expect(sim.transactions.has(m![1])).toBe(true);
  });

  it('faults: failNext answers a return code or HTTP status once; outage 503; timeouts and a closed port typed', async () => {
    sim.failNext({ returnCode: '9000' });
    const e9000 = await client.request(order(100)).catch((e: unknown) => e);
    expect(e9000).toMatchObject({ code: '9000', retryable: true, kind: 'provider' });
    expect((e9000 as LinePayApiError).description).toBe('Internal error');
    sim.failNext({ httpStatus: 500 });
    await expect(client.request(order(100))).rejects.toMatchObject({ status: 500, retryable: true, kind: 'http' });
    expect((await client.request(order(100))).transactionId).toMatch(/^\d{19}$/);

    sim.setOutage(true);
    const outage = await client.checkStatus('2026000000000000001').catch((e: unknown) => e);
    expect(outage).toBeInstanceOf(LinePayHttpError);
    expect(outage).toMatchObject({ status: 503, retryable: true });
    sim.setOutage(false);

    sim.setDelay(1500);
    const slow = new LinePayClient({ apiUrl: sim.url, channelId: sim.channelId, channelSecret: sim.channelSecret, timeoutMs: 200 });
    const timedOut = await slow.checkStatus('2026000000000000001').catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(LinePayTimeoutError);
    expect(timedOut).toMatchObject({ retryable: true, kind: 'timeout' });
    sim.setDelay(0);

    const closed = await startLinePaySimulator();
    const url = closed.url;
    await closed.close();
    const gone = new LinePayClient({ apiUrl: url, channelId: '1', channelSecret: 'x'.repeat(16) });
    const net = await gone.checkStatus('2026000000000000001').catch((e: unknown) => e);
    expect(net).toBeInstanceOf(LinePayNetworkError);
    expect(net).toBeInstanceOf(LinePayError);
    expect((net as LinePayError).retryable).toBe(true);
  });

  it('the payment page escapes what the shop sent and 404s an unknown transaction', async () => {
    const input = order(100);
    input.packages[0].products[0].name = '<img src=x onerror=alert(1)>"\'&';
    const req = await client.request(input);
    const html = await (await fetch(req.paymentUrl.web)).text();
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
    expect(html).not.toContain('<img');
    expect((await fetch(`${sim.url}/pay/2026000000000000000`)).status).toBe(404);
  });
});

describe('LinePayClient against a tampered or imprecise answer', () => {
  let server: Server;
  let url: string;
  let answer = '';
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(answer);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const fake = (): LinePayClient => new LinePayClient({ apiUrl: url, channelId: '1', channelSecret: 'x'.repeat(16) });

  it('keeps a 19-digit transactionId exact (JSON.parse would round 2026112499999999999)', async () => {
    expect(String(Number('2026112499999999999'))).not.toBe('2026112499999999999');
    answer =
      '{"returnCode":"0000","returnMessage":"Success.","info":{"paymentUrl":{"web":"https://pay.example/w","app":"line://pay"},' +
      '"transactionId":2026112499999999999,"paymentAccessToken":"187568751124"}}';
    const r = await fake().request(order(100));
    expect(r.transactionId).toBe('2026112499999999999');
    answer = '{"returnCode":"0000","returnMessage":"OK","info":{"refundTransactionId":2026112400000000777,"refundTransactionDate":"2026-11-24T07:00:00Z"}}';
    expect((await fake().refund('2026112499999999999')).refundTransactionId).toBe('2026112400000000777');
  });

  it('refuses a confirm answer for another transaction, a missing id, a missing returnCode and non-JSON', async () => {
    answer = '{"returnCode":"0000","returnMessage":"OK","info":{"transactionId":2026112499999999998,"orderId":"x","payInfo":[]}}';
    await expect(fake().confirm('2026112499999999999', { amount: 100, currency: 'TWD' })).rejects.toMatchObject({
      kind: 'bad-answer',
    });
    answer = '{"returnCode":"0000","returnMessage":"OK","info":{"paymentUrl":{"web":"https://pay.example/w"}}}';
    await expect(fake().request(order(100))).rejects.toMatchObject({ kind: 'bad-answer' });
    answer = '{"info":{}}';
    await expect(fake().checkStatus('1')).rejects.toMatchObject({ kind: 'bad-answer' });
    answer = '<html>maintenance</html>';
    await expect(fake().checkStatus('1')).rejects.toMatchObject({ kind: 'bad-answer' });
    answer = '{"returnCode":"0999","returnMessage":"odd"}';
    await expect(fake().checkStatus('1')).rejects.toMatchObject({ code: '0999' });
  });
});
