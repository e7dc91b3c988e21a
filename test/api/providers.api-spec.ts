import request from 'supertest';
import type { InvoiceGateway } from '../../src/integrations/amego/invoice-gateway';
import { startAmegoSimulator, StartedAmegoSimulator } from '../../src/integrations/amego/simulators/amego-simulator';
import type { LinePayGateway } from '../../src/integrations/linepay/linepay-gateway';
import { RunningLinePaySimulator, startLinePaySimulator } from '../../src/integrations/linepay/simulators/linepay-simulator';
import type { PayuniGateway } from '../../src/integrations/payuni/payuni-gateway';
import { RunningPayuniSimulator, SIM_CREDENTIALS, startPayuniSimulator } from '../../src/integrations/payuni/simulators/payuni-simulator';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { LINE_PUSHER, type LinePusher } from '../../src/integrations/line-messaging/line-messaging.client';
import { startLineMessagingSimulator, type StartedLineMessagingSimulator } from '../../src/integrations/line-messaging/simulators/line-messaging-simulator';
import { INVOICE_GATEWAY, LINEPAY_GATEWAY, PAYUNI_GATEWAY, SIMULATORS, STAFF_ALERT_SENDER } from '../../src/integrations/providers/provider-tokens';
import type { StaffAlertSender } from '../../src/integrations/telegram/staff-alert-sender';
import { StartedTelegramSimulator, startTelegramSimulator } from '../../src/integrations/telegram/simulators/telegram-simulator';
import { createTestApp, TestApp } from '../helpers/test-app';

jest.setTimeout(60_000);

let seq = 0;
const no = (p: string) => `${p}${Date.now().toString(36)}${(seq += 1)}`;

const invoice = (orderId: string) => ({
  kind: 'personal' as const,
  orderId,
  buyerName: '王小明',
  buyerEmail: 'buyer@example.com',
  carrier: { type: 'amego' as const },
  items: [{ description: '玫瑰精華液', quantity: 2, unitPrice: 640, amount: 1280 }],
  total: 1280,
});

describe('providers with no provider variables: the built-in simulators through the real clients', () => {
  let t: TestApp;
  let sims: EmbeddedSimulators;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    sims = t.app.get<EmbeddedSimulators | null>(SIMULATORS) as EmbeddedSimulators;
    const addr = t.http.address() as { port: number };
    origin = `http://127.0.0.1:${addr.port}`;
  });
  afterAll(async () => t?.close());

  it('every provider is simulated, served on a loopback listener and under /sim/… on the shop', () => {
    expect(sims).not.toBeNull();
    expect(sims.payuni && sims.linepay && sims.amego && sims.telegram).toBeTruthy();
    expect(sims.loopbackUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sims.mounts().map((m) => m.path)).toEqual(['/sim/payuni', '/sim/linepay', '/sim/amego', '/sim/telegram', '/sim/line', '/v2/bot/message/push']);
    expect(sims.apiUrlOf('payuni')).toBe(`${sims.loopbackUrl}/payuni`);
  });

  it('PAYUNi: ATM code over loopback; the simulator posts NotifyURL to the listening app origin; hooks fail and pay', async () => {
    const gw = t.app.get<PayuniGateway>(PAYUNI_GATEWAY);
    const merTradeNo = no('PA');
    const atm = await gw.atm({ merTradeNo, tradeAmt: 1280, prodDesc: '玫瑰精華液', bankType: '013', notifyUrl: `${origin}/api/payments/payuni/notify` });
    expect(atm.payNo).toMatch(/^\d{13,14}$/);
    expect(sims.payuni!.trades.get(merTradeNo)).toMatchObject({ tradeAmt: 1280, tradeStatus: 0 });
    // The test app listens: the simulator's server-to-server post reaches it (an unknown order → refused, but answered).
    void sims.payuni!.settle(merTradeNo, 'paid');
    const deadline = Date.now() + 10_000;
    while (!sims.payuni!.notifications.some((n) => n.merTradeNo === merTradeNo) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const first = sims.payuni!.notifications.find((n) => n.merTradeNo === merTradeNo)!;
    expect(first.url).toBe(`${origin}/api/payments/payuni/notify`);
    expect(first.error).toBeUndefined();
    expect(typeof first.status).toBe('number');
    expect((await gw.tradeQuery({ merTradeNo })).trades[0]).toMatchObject({ tradeStatus: 1, paymentType: 2 });

    sims.payuni!.failNext('http500');
    await expect(gw.cvs({ merTradeNo: no('PC'), tradeAmt: 100, prodDesc: 'x', notifyUrl: `${origin}/n` })).rejects.toMatchObject({ code: 'HTTP_ERROR', retryable: true });
    sims.payuni!.simulateOutage(60_000);
    await expect(gw.tradeQuery({ merTradeNo })).rejects.toMatchObject({ retryable: true });
    sims.payuni!.simulateOutage(0);
  });

  it('PAYUNi: the UPP form goes to the simulator on the shop origin; its 模擬付款 page is served there under our CSP', async () => {
    const gw = t.app.get<PayuniGateway>(PAYUNI_GATEWAY);
    const merTradeNo = no('PU');
    const form = gw.uppForm({ merTradeNo, tradeAmt: 990, prodDesc: '面膜', returnUrl: `${origin}/api/payments/payuni/return`, notifyUrl: `${origin}/api/payments/payuni/notify`, origin });
    expect(form.go_url).toBe(`${origin}/sim/payuni/api/upp`);
    expect(gw.uppForm({ merTradeNo: no('PU'), tradeAmt: 990, prodDesc: '面膜', returnUrl: `${origin}/r`, notifyUrl: `${origin}/n` }).go_url).toBe('/sim/payuni/api/upp');
    const page = await request(t.http).post('/sim/payuni/api/upp').type('form').send(form.body);
    expect(page.status).toBe(200);
    expect(page.text).toContain('模擬付款');
    expect(page.text).toContain('付款成功');
    expect(page.text).toContain('action="/sim/payuni/sim/decide"');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(sims.payuni!.trades.get(merTradeNo)).toMatchObject({ paymentType: 1, tradeAmt: 990 });
    // The same-origin auto-submit script the return page uses.
    expect((await request(t.http).get('/sim/payuni/sim/autosubmit.js')).text).toContain('.submit()');
  });

  it('LINE Pay: request over loopback; the 模擬 LINE Pay 付款 page on the shop; approve → confirmUrl; confirm; hooks', async () => {
    const gw = t.app.get<LinePayGateway>(LINEPAY_GATEWAY);
    const orderId = no('LP');
    const req = await gw.request({
      orderId,
      amount: 1280,
      currency: 'TWD',
      packages: [{ id: 'p1', amount: 1280, name: '肌研舍', products: [{ name: '玫瑰精華液', quantity: 2, price: 640 }] }],
      redirectUrls: { confirmUrl: `${origin}/api/payments/linepay/confirm`, cancelUrl: `${origin}/api/payments/linepay/cancel?orderId=${orderId}` },
    });
    expect(req.transactionId).toMatch(/^\d{19}$/);
    expect(req.paymentUrl.web).toBe(`/sim/linepay/pay/${req.transactionId}`);
    expect(sims.linepay!.transactionOf(orderId)).toBe(req.transactionId);
    const page = await request(t.http).get(req.paymentUrl.web);
    expect(page.status).toBe(200);
    expect(page.text).toContain('模擬 LINE Pay 付款');
    expect(page.text).toContain('NT$ 1,280');
    const approved = await request(t.http).post(`${req.paymentUrl.web}/approve`);
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.location);
    expect(`${back.origin}${back.pathname}`).toBe(`${origin}/api/payments/linepay/confirm`);
    expect(back.searchParams.get('transactionId')).toBe(req.transactionId);
    expect(back.searchParams.get('orderId')).toBe(orderId);
    await expect(gw.confirm(req.transactionId, { amount: 1280, currency: 'TWD' })).resolves.toMatchObject({ transactionId: req.transactionId, orderId });

    sims.linepay!.setOutage(true);
    await expect(gw.checkStatus(req.transactionId)).rejects.toMatchObject({ retryable: true });
    sims.linepay!.setOutage(false);
  });

  it('Amego and Telegram answer through their real clients', async () => {
    const inv = t.app.get<InvoiceGateway>(INVOICE_GATEWAY);
    const orderId = no('AM');
    const issued = await inv.issue(invoice(orderId));
    expect(issued.invoiceNumber).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(sims.amego!.invoices.get(issued.invoiceNumber)).toMatchObject({ orderId, totalAmount: 1280 });
    sims.amego!.outage(true);
    await expect(inv.query(orderId)).rejects.toMatchObject({ retryable: true });
    sims.amego!.outage(false);

    const alerts = t.app.get<StaffAlertSender>(STAFF_ALERT_SENDER);
    await alerts.send('-1001234567890', '新訂單 #1');
    expect(sims.telegram!.sent().map((m) => m.text)).toContain('新訂單 #1');
  });
});

describe('providers with their URLs set: the real clients, no simulator mounted', () => {
  let payuni: RunningPayuniSimulator;
  let linepay: RunningLinePaySimulator & { channelId: string; channelSecret: string };
  let amego: StartedAmegoSimulator;
  let telegram: StartedTelegramSimulator;
  let line: StartedLineMessagingSimulator;
  let t: TestApp;

  beforeAll(async () => {
    line = await startLineMessagingSimulator({ accessToken: 'a-real-line-access-token', channelSecret: 'a-real-line-channel-secret' });
    payuni = await startPayuniSimulator({ merId: 'REAL01', hashKey: 'abcdefghijklmnopqrstuvwxyz012345', hashIv: 'abcdefghijklmnop' });
    linepay = await startLinePaySimulator();
    amego = await startAmegoSimulator({ taxId: '04595257', appKey: 'a-real-app-key' });
    telegram = await startTelegramSimulator({ token: '7012345678:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0' });
    t = await createTestApp({
      PAYUNI_API_URL: `${payuni.url}/api`,
      PAYUNI_MER_ID: 'REAL01',
      PAYUNI_HASH_KEY: 'abcdefghijklmnopqrstuvwxyz012345',
      PAYUNI_HASH_IV: 'abcdefghijklmnop',
      LINEPAY_API_URL: linepay.url,
      LINEPAY_CHANNEL_ID: linepay.channelId,
      LINEPAY_CHANNEL_SECRET: linepay.channelSecret,
      AMEGO_API_URL: amego.url,
      AMEGO_TAX_ID: '04595257',
      AMEGO_APP_KEY: 'a-real-app-key',
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: '7012345678:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0',
      TELEGRAM_CHAT_ID: '-1009876543210',
      LINE_MESSAGING_API_URL: line.url,
      LINE_MESSAGING_ACCESS_TOKEN: 'a-real-line-access-token',
      LINE_MESSAGING_CHANNEL_SECRET: 'a-real-line-channel-secret',
      PROVIDER_SIMULATORS: '',
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([payuni?.close(), linepay?.close(), amego?.close(), telegram?.close(), line?.close()]);
  });

  it('calls the configured URLs with the configured credentials; SIMULATORS is null and /sim/… is not served', async () => {
    expect(t.app.get(SIMULATORS)).toBeNull();
    const gw = t.app.get<PayuniGateway>(PAYUNI_GATEWAY);
    const merTradeNo = no('RA');
    await gw.cvs({ merTradeNo, tradeAmt: 300, prodDesc: 'x', notifyUrl: 'http://127.0.0.1:9/n' });
    expect(payuni.sim.trades.get(merTradeNo)).toMatchObject({ tradeAmt: 300 });
    expect(gw.uppForm({ merTradeNo: no('RU'), tradeAmt: 10, prodDesc: 'x', returnUrl: 'http://127.0.0.1:9/r', notifyUrl: 'http://127.0.0.1:9/n', origin: 'http://shop.test' }).go_url).toBe(
      `${payuni.url}/api/upp`,
    );
    expect((await t.app.get<InvoiceGateway>(INVOICE_GATEWAY).issue(invoice(no('RI')))).invoiceNumber).toMatch(/^[A-Z]{2}\d{8}$/);
    await t.app.get<StaffAlertSender>(STAFF_ALERT_SENDER).send('-1009876543210', 'hi');
    expect(telegram.sent().map((m) => m.text)).toEqual(['hi']);
    const lineUser = 'U' + '1'.repeat(32);
    line.addUser(lineUser).friend = true;
    await t.app.get<LinePusher>(LINE_PUSHER, { strict: false }).push(lineUser, ['hi LINE'], '0f8b2c4e-1c1a-4c57-9d55-3b1e2f4a5b6c');
    expect(line.received(lineUser).map((m) => m.text)).toEqual(['hi LINE']);

    const sim = await request(t.http).post('/sim/payuni/api/atm').type('form').send({ a: '1' });
    expect(sim.text).not.toContain('Status');
    expect(sim.status).not.toBe(200);
  });

  it("lets pages post forms to PAYUNi's origin (card page, store map) and nowhere else", async () => {
    const csp = (await request(t.http).get('/api/health')).headers['content-security-policy'] as string;
    expect(csp).toContain(`form-action 'self' ${new URL(payuni.url).origin}`);
    expect(csp).not.toContain(new URL(linepay.url).origin);
  });
});

describe('configuration refused at boot', () => {
  it('production without provider URLs and without PROVIDER_SIMULATORS=true: one clear line per provider', async () => {
    await expect(createTestApp({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PROVIDER_SIMULATORS: '' })).rejects.toThrow(
      /^Invalid configuration:\n {2}PAYUNI_API_URL: required in production \(or PROVIDER_SIMULATORS=true to serve the built-in simulator, whose pay pages are open to anyone\)\n {2}LINEPAY_API_URL: required in production .+\n {2}AMEGO_API_URL: required in production .+$/,
    );
  });

  it('production with PROVIDER_SIMULATORS=true boots with the simulators (the demo and the bench)', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PROVIDER_SIMULATORS: 'true' });
    try {
      expect(t.app.get<EmbeddedSimulators | null>(SIMULATORS)?.payuni).toBeTruthy();
      expect((await request(t.http).get('/sim/payuni/sim')).text).toContain('交易列表');
    } finally {
      await t.close();
    }
  });

  it('bad keys and missing secrets are named, never echoed', async () => {
    const secret = 'secret-hash-key-of-31-bytes-xxx';
    let message = '';
    await createTestApp({ PAYUNI_API_URL: 'https://sandbox-api.payuni.com.tw', PAYUNI_MER_ID: 'S01', PAYUNI_HASH_KEY: secret, LINEPAY_API_URL: 'https://sandbox-api-pay.line.me' }).catch(
      (e: Error) => (message = e.message),
    );
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      '  PAYUNI_HASH_KEY: must be 32 bytes',
      '  PAYUNI_HASH_IV: required when PAYUNI_API_URL is set',
      '  LINEPAY_CHANNEL_ID: required when LINEPAY_API_URL is set',
      '  LINEPAY_CHANNEL_SECRET: required when LINEPAY_API_URL is set',
    ]);
    expect(message).not.toContain(secret);
  });
});

// The simulator credentials are the §7 example keys (not secrets).
test('the embedded PAYUNi simulator uses the documented demo credentials', () => {
  expect(SIM_CREDENTIALS).toEqual({ merId: 'SIMSHOP01', hashKey: '12345678901234567890123456789012', hashIv: '1234567890123456' });
});
