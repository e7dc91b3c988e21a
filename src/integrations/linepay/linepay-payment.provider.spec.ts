import type { PaymentAttempt, PaymentOrder, StartPaymentInput } from '../payments/payment-provider';
import { LinePayClient } from './linepay-client';
import { linePayProducts, LinePayPaymentProvider } from './linepay-payment.provider';
import { RunningLinePaySimulator, startLinePaySimulator } from './simulators/linepay-simulator';

/** The LINE Pay adapter with the real client against the LINE Pay simulator. */
let sim: RunningLinePaySimulator & { channelId: string; channelSecret: string };
let provider: LinePayPaymentProvider;
let seq = 0;

beforeAll(async () => {
  sim = await startLinePaySimulator();
  provider = new LinePayPaymentProvider(new LinePayClient({ apiUrl: sim.url, channelId: sim.channelId, channelSecret: sim.channelSecret, timeoutMs: 3000 }));
});
afterAll(() => sim.close());
afterEach(() => sim.setOutage(false));

const ctx = (abandoned: boolean) => ({ now: new Date(), abandoned, abandonMinutes: 30 });

/** A started LINE Pay payment of NT$ 1,280: the order and its attempt as the modules hand them over. */
async function started(amount = 1280): Promise<{ order: PaymentOrder; attempt: PaymentAttempt }> {
  seq += 1;
  const merTradeNo = `LPU${Date.now().toString(36)}${seq}`;
  const input: StartPaymentInput = {
    orderId: seq,
    merTradeNo,
    method: 'linepay',
    amount,
    prodDesc: '保濕精華',
    email: 'a@example.com',
    origin: 'https://shop.example/',
    items: [{ name: '保濕精華', quantity: 2, price: (amount - 60) / 2 }],
  };
  const s = await provider.start(input);
  expect(s.result).toMatchObject({ kind: 'redirect' });
  const order: PaymentOrder = { id: seq, merTradeNo, method: 'linepay', totalAmount: amount, refundedAmount: 0, tradeNo: s.tradeNo, paymentCode: '', expireDate: null, createdAt: new Date(), paid: false, pending: true };
  const attempt: PaymentAttempt = { id: seq, orderId: seq, merTradeNo, gateway: 'linepay', method: 'linepay', tradeNo: s.tradeNo, amount, status: 'pending', createdAt: new Date() };
  return { order, attempt };
}

describe('LinePayPaymentProvider (real client, LINE Pay simulator)', () => {
  it('start: a redirect to LINE Pay, callbacks under /api/payments/linepay, the transactionId as the trade number', async () => {
    const { attempt } = await started();
    expect(attempt.tradeNo).toMatch(/^\d{19}$/);
    expect(provider.replay('linepay', attempt.tradeNo, { form: { go_url: 'https://x', body: {} } })).toEqual({ kind: 'redirect', form: { go_url: 'https://x', body: {} } });
  });

  it('confirm: only an approved payment of our order is confirmed, for our total; a refresh is a duplicate', async () => {
    const { order, attempt } = await started();
    const claim = provider.verifyCallback('confirm', { form: {}, query: { transactionId: attempt.tradeNo, orderId: order.merTradeNo } });
    expect(claim).toMatchObject({ ok: true, merTradeNo: order.merTradeNo, attemptTradeNo: attempt.tradeNo });
    if (!claim.ok) throw new Error('claim');
    expect(await provider.settleCallback('confirm', claim, order, null)).toEqual({ kind: 'outcome', outcome: 'ignored' });
    expect(await provider.settleCallback('confirm', claim, { ...order, pending: false }, attempt)).toEqual({ kind: 'outcome', outcome: 'not-pending' });
    sim.approve(attempt.tradeNo);
    const s = await provider.settleCallback('confirm', claim, order, attempt);
    expect(s).toMatchObject({ kind: 'event', event: { effect: 'paid', source: 'confirm', notification: { status: 'confirmed', amount: 1280 }, paid: { tradeNo: attempt.tradeNo, amount: 1280 } } });
    // Confirmed before (1172): still paid, once payment details list it for our amount.
    expect(await provider.settleCallback('confirm', claim, order, attempt)).toMatchObject({ kind: 'event', event: { effect: 'paid', paid: { amount: 1280 } } });
    expect(await provider.settleCallback('confirm', claim, { ...order, paid: true }, attempt)).toEqual({ kind: 'outcome', outcome: 'duplicate' });
  });

  it('confirm refuses a malformed transaction and an order number that is not one', () => {
    expect(provider.verifyCallback('confirm', { form: {}, query: { transactionId: '12ab', orderId: 'SS1' } })).toMatchObject({ ok: false, orderNo: 'SS1' });
    expect(provider.verifyCallback('confirm', { form: {}, query: { transactionId: '123', orderId: '<x>' } })).toMatchObject({ ok: false });
    expect(provider.verifyCallback('notify', { form: {}, query: { orderId: 'SS1' } })).toMatchObject({ ok: false });
  });

  it('a LINE Pay outage during confirm leaves the order for reconciliation (failed, nothing applied)', async () => {
    const { order, attempt } = await started();
    sim.approve(attempt.tradeNo);
    sim.setOutage(true);
    const claim = { ok: true as const, merTradeNo: order.merTradeNo, attemptTradeNo: attempt.tradeNo, message: null };
    expect(await provider.settleCallback('confirm', claim, order, attempt)).toEqual({ kind: 'outcome', outcome: 'failed' });
  });

  it('cancel: the order is closed only when LINE Pay says the payment was cancelled', async () => {
    const { order, attempt } = await started();
    const claim = { ok: true as const, merTradeNo: order.merTradeNo, message: null };
    expect(await provider.settleCallback('cancel', claim, order, attempt)).toEqual({ kind: 'outcome', outcome: 'kept' });
    sim.cancel(attempt.tradeNo);
    expect(await provider.settleCallback('cancel', claim, order, attempt)).toMatchObject({ kind: 'event', event: { effect: 'closed', cancelledBy: 'abandoned', attempt: { status: 'cancelled' } } });
  });

  it('reconcile: waiting → skip, then cancelled once abandoned; approved → confirmed now; cancelled → cancel', async () => {
    const a = await started();
    expect(await provider.reconcile(a.order, a.attempt, ctx(false))).toMatchObject({ kind: 'skip', why: 'waiting for the buyer at LINE Pay' });
    expect(await provider.reconcile(a.order, a.attempt, ctx(true))).toMatchObject({ kind: 'cancel', by: 'abandoned' });
    const b = await started();
    sim.approve(b.attempt.tradeNo);
    expect(await provider.reconcile(b.order, b.attempt, ctx(false))).toMatchObject({ kind: 'apply', event: { effect: 'paid', source: 'query' } });
    expect(await provider.reconcile(b.order, b.attempt, ctx(false))).toMatchObject({ kind: 'apply', why: 'confirmed at LINE Pay' });
    const c = await started();
    sim.cancel(c.attempt.tradeNo);
    expect(await provider.reconcile(c.order, c.attempt, ctx(false))).toMatchObject({ kind: 'cancel', by: 'abandoned' });
  });

  it('reconcile without a recorded transaction: cancelled once abandoned, unless LINE Pay lists a payment', async () => {
    const { order } = await started();
    expect(await provider.reconcile(order, null, ctx(false))).toMatchObject({ kind: 'skip' });
    expect(await provider.reconcile(order, null, ctx(true))).toMatchObject({ kind: 'cancel', by: 'abandoned', why: 'no LINE Pay transaction was recorded' });
  });

  it('refund: at LINE Pay; after a lost answer the payment details tell', async () => {
    const { order, attempt } = await started();
    sim.approve(attempt.tradeNo);
    await provider.settleCallback('confirm', { ok: true, merTradeNo: order.merTradeNo, attemptTradeNo: attempt.tradeNo, message: null }, order, attempt);
    const paid = { ...order, paid: true };
    expect(await provider.refund(paid, 300)).toMatchObject({ kind: 'done', method: 'linepay' });
    expect(await provider.checkRefund({ ...paid, refundedAmount: 0 }, 300, 300, new Error('lost'))).toMatchObject({ kind: 'done', raw: { refunded: 300 } });
    expect(await provider.checkRefund({ ...paid, refundedAmount: 300 }, 600, 300, new Error('lost'))).toMatchObject({ kind: 'failed' });
    expect(await provider.cancelCode()).toEqual({ outcome: 'unsupported' });
  });

  it("the package adds up: the lines, then the shipping fee as its own line; lines that cannot add up → one line of the total", () => {
    const input = { merTradeNo: 'SS1', amount: 1060, items: [{ name: '精華', quantity: 2, price: 500, imageUrl: '/img/a.jpg' }] };
    expect(linePayProducts(input, 'https://shop.example')).toEqual([
      { name: '精華', quantity: 2, price: 500, imageUrl: 'https://shop.example/img/a.jpg' },
      { name: '運費', quantity: 1, price: 60 },
    ]);
    expect(linePayProducts({ ...input, amount: 900 }, 'https://shop.example')).toEqual([{ name: '訂單 SS1', quantity: 1, price: 900 }]);
  });
});
