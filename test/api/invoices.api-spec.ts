import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AmegoSimulator } from '../../src/integrations/amego/simulators/amego-simulator';
import type { InvoiceGateway } from '../../src/integrations/amego/invoice-gateway';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { INVOICE_GATEWAY, SIMULATORS } from '../../src/integrations/providers/provider-tokens';
import { JobDriver } from '../../src/jobs/job-queue';
import { JobName } from '../../src/jobs/job-types';
import { isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { createTestApp, TestApp } from '../helpers/test-app';
import { Body, feeFor, homeCod, shippingMethod, Shopper, shopper, submit, TestVariant, variants } from './checkout-fixtures';

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

interface InvoiceRow {
  order_id: number;
  invoice_no: string;
  status: string;
  random_number: string;
  last_error: string;
}

interface Placed {
  id: number;
  merTradeNo: string;
  total: number;
  fee: number;
  buyer: Shopper;
}

/**
 * E-invoices of paid orders (issue 10), end to end: a member checks out (submitOrder), pays the
 * ATM account on the PAYUNi simulator (its signed notify marks the order paid, which enqueues
 * `invoice:<id>`), the job issues through the real Amego client against the embedded Amego
 * simulator (real HTTP, signed forms), records the invoices row and puts the number on the order —
 * the payment slip shows it.
 */
describe('e-invoice job: paid order → Amego (simulator) → invoices row and invoice_no on the slip', () => {
  let t: TestApp;
  let ds: DataSource;
  let jobs: JobDriver;
  let sims: EmbeddedSimulators;
  let amego: AmegoSimulator;
  let state: OrderStateService;
  let lines: TestVariant[];
  let home: { shipping_cost: number; free_shipping_threshold: number };
  let buyer: Shopper | undefined;
  let buyerOrders = 0;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv({ JOBS_BACKOFF_BASE_MS: '50', JOBS_BACKOFF_MAX_MS: '200' }), { listen: true });
    ds = t.app.get(DataSource);
    jobs = t.app.get(JobDriver);
    state = t.app.get(OrderStateService);
    sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
    amego = sims.amego as AmegoSimulator;
    lines = await variants(t.app, 2, 500);
    home = await shippingMethod(t.app, 4);
  });
  afterAll(async () => {
    await sims?.idle();
    await t?.close();
  });

  const q = <T>(sql: string, params: unknown[] = []): Promise<T[]> => ds.query(sql, params);
  const invoiceOf = async (orderId: number): Promise<InvoiceRow | undefined> => (await q<InvoiceRow>('SELECT * FROM invoices WHERE order_id = ?', [orderId]))[0];
  const orderRow = async (orderId: number) =>
    (await q<{ invoice_no: string; invoice_status: string; mer_trade_no: string }>('SELECT invoice_no, invoice_status, mer_trade_no FROM orders WHERE id = ?', [orderId]))[0];
  const issuedFor = (merTradeNo: string) => [...amego.invoices.values()].filter((i) => i.orderId === merTradeNo);
  /** f0401 calls for an order (a call failed on demand is answered before its data is parsed: matched on the raw text). */
  const f0401For = (merTradeNo: string) => amego.calls.filter((c) => c.path === '/json/f0401' && c.data.includes(`"OrderId":"${merTradeNo}"`));
  /** The queue's record of a job (ids are stored with `:` as `.`). */
  const completedJob = async (jobId: string) => (await jobs.listJobs('invoice', 'completed', 200)).find((j) => j.id === jobId.replace(/:/g, '.'));
  /** What the buyer's payment slip shows. */
  const slip = async (o: Placed) => {
    const res = await o.buyer.b.get(`/api/order/getOrderAndDetails/${o.merTradeNo}`);
    expect(res.status).toBe(200);
    return res.body.order as { invoice_no: string; payment_status: number; status_name: string };
  };

  /** A member's order through submitOrder (home delivery): line 1 × 1 and line 2 × `quantity2`, the invoice fields in `extra`. */
  async function placeOrder(extra: Body, opts: { quantity2?: number } = {}): Promise<Placed> {
    if (!buyer || buyerOrders >= 15) {
      buyer = await shopper(t);
      buyerOrders = 0;
    }
    buyerOrders += 1;
    const [a, b] = lines;
    const quantity2 = opts.quantity2 ?? 2;
    const subtotal = a.price + b.price * quantity2;
    const fee = feeFor(home, subtotal);
    const payment = extra.payment ?? 'atm';
    const body = homeCod(buyer, [{ v: a, quantity: 1 }, { v: b, quantity: quantity2 }], subtotal + fee, { payment, ...(payment === 'atm' ? { bankCode: '013' } : {}), ...extra });
    const res = await submit(buyer, body, `inv-${randomBytes(6).toString('hex')}`);
    if (res.status !== 200) throw new Error(`submitOrder: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.resData.order_id, merTradeNo: res.body.resData.MerTradeNo, total: subtotal + fee, fee, buyer };
  }

  /** The buyer pays the ATM account: the simulator posts its signed notify to the shop. */
  const pay = async (o: Placed) => {
    const attempt = await sims.payuni!.settle(o.merTradeNo, 'paid');
    expect(attempt?.status).toBe(200);
  };
  const itemsOf = (quantity2 = 2) => {
    const [a, b] = lines;
    const name = (v: TestVariant) => (v.variantName ? `${v.title}（${v.variantName}）` : v.title);
    return [
      expect.objectContaining({ Description: name(a), Quantity: 1, UnitPrice: a.price, Amount: a.price, TaxType: 1 }),
      expect.objectContaining({ Description: name(b), Quantity: quantity2, UnitPrice: b.price, Amount: b.price * quantity2, TaxType: 1 }),
    ];
  };

  it.each([
    ['personal, member carrier (amego)', { invoiceType: 'personal', carrierType: 'amego' }, { BuyerIdentifier: '0000000000', BuyerName: '王小明', CarrierType: 'amego', CarrierId1: '<email>', CarrierId2: '<email>' }],
    ['personal, mobile barcode (3J0002)', { invoiceType: 'personal', carrierType: '3J0002', mobileBarcode: '/ABC+123' }, { BuyerIdentifier: '0000000000', CarrierType: '3J0002', CarrierId1: '/ABC+123', CarrierId2: '/ABC+123' }],
    ['personal, citizen certificate (CQ0001)', { invoiceType: 'personal', carrierType: 'CQ0001', citizenBarcode: 'AB12345678901234' }, { BuyerIdentifier: '0000000000', CarrierType: 'CQ0001', CarrierId1: 'AB12345678901234', CarrierId2: 'AB12345678901234' }],
    ['donation (愛心碼)', { invoiceType: 'Donate', donateCode: '168001' }, { BuyerIdentifier: '0000000000', BuyerName: '王小明', NPOBAN: '168001' }],
  ])('%s: one invoice, mapped exactly, its number on the payment slip', async (_label, choice, expected) => {
    const o = await placeOrder(choice);
    expect((await slip(o)).invoice_no).toBe('');
    await pay(o);
    await jobs.whenIdle();

    const calls = f0401For(o.merTradeNo);
    expect(calls).toHaveLength(1);
    const data = calls[0].parsed as Record<string, unknown>;
    const email = o.buyer.email;
    const want = Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, v === '<email>' ? email : v]));
    expect(data).toMatchObject({ OrderId: o.merTradeNo, BuyerEmailAddress: email, ...want, TotalAmount: o.total, SalesAmount: o.total, TaxAmount: 0, TaxType: 1, DetailVat: 1 });
    if (!('NPOBAN' in expected)) expect(data.NPOBAN).toBeUndefined();
    if (!('CarrierType' in expected)) expect(data.CarrierType).toBeUndefined();
    expect(data.ProductItem).toEqual([...itemsOf(), ...(o.fee > 0 ? [expect.objectContaining({ Description: '運費', Quantity: 1, UnitPrice: o.fee, Amount: o.fee })] : [])]);

    expect(issuedFor(o.merTradeNo)).toHaveLength(1);
    const [issued] = issuedFor(o.merTradeNo);
    expect(issued.invoiceNumber).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(await invoiceOf(o.id)).toMatchObject({ invoice_no: issued.invoiceNumber, status: 'issued', random_number: issued.randomNumber, last_error: '' });
    expect(await orderRow(o.id)).toMatchObject({ invoice_no: issued.invoiceNumber, invoice_status: 'issued' });
    expect(await slip(o)).toMatchObject({ invoice_no: issued.invoiceNumber, payment_status: 1, status_name: 'paid' });
    const mine = await o.buyer.b.get('/api/order/getUserOrdersByPage?page=1&limit=5');
    expect(mine.body.orders.find((x: { order_id: number }) => x.order_id === o.id)?.invoice_no).toBe(issued.invoiceNumber);
  });

  it('LINE Pay (no invoice choice): invoiced to the member carrier, whatever the form sent', async () => {
    const o = await placeOrder({ payment: 'linepay', invoiceType: 'Donate', donateCode: '168001' });
    const txId = sims.linepay!.transactionOf(o.merTradeNo)!;
    sims.linepay!.approve(txId);
    // The buyer's browser comes back to confirmUrl: the shop confirms the amount, the order is paid.
    const confirm = await o.buyer.b.get(`/api/payments/linepay/confirm?transactionId=${txId}&orderId=${o.merTradeNo}`);
    expect(confirm.status).toBe(303);
    await jobs.whenIdle();
    const data = f0401For(o.merTradeNo)[0]?.parsed as Record<string, unknown>;
    expect(data).toMatchObject({ BuyerIdentifier: '0000000000', CarrierType: 'amego', CarrierId1: o.buyer.email, TotalAmount: o.total });
    expect(data.NPOBAN).toBeUndefined();
    expect((await slip(o)).invoice_no).toBe(issuedFor(o.merTradeNo)[0].invoiceNumber);
  });

  it('company (三聯式): 統一編號 and title, the 5 % tax split so that sales + tax = total', async () => {
    const o = await placeOrder({ invoiceType: 'Company', taxId: '17784483', companyName: '肌研舍股份有限公司' });
    await pay(o);
    await jobs.whenIdle();
    const data = f0401For(o.merTradeNo)[0].parsed as Record<string, number | string>;
    const sales = Math.round(o.total / 1.05);
    expect(data).toMatchObject({ BuyerIdentifier: '17784483', BuyerName: '肌研舍股份有限公司', TotalAmount: o.total, SalesAmount: sales, TaxAmount: o.total - sales });
    expect(Number(data.SalesAmount) + Number(data.TaxAmount)).toBe(o.total);
    expect(data.CarrierType).toBeUndefined();
    expect((await slip(o)).invoice_no).toBe(issuedFor(o.merTradeNo)[0].invoiceNumber);
  });

  it('no shipping line when shipping is free; the item lines add up to the total', async () => {
    const [a, b] = lines;
    const quantity2 = Math.max(2, Math.ceil((home.free_shipping_threshold - a.price) / b.price));
    const o = await placeOrder({}, { quantity2 });
    expect(o.fee).toBe(0);
    await pay(o);
    await jobs.whenIdle();
    const data = f0401For(o.merTradeNo)[0].parsed as { ProductItem: { Description: string; Amount: number }[]; TotalAmount: number };
    expect(data.ProductItem).toEqual(itemsOf(quantity2));
    expect(data.ProductItem.reduce((sum, i) => sum + i.Amount, 0)).toBe(data.TotalAmount);
  });

  it('running the job again (re-dispatch, second id) and a duplicate notify issue nothing more', async () => {
    const o = await placeOrder({});
    await pay(o);
    await jobs.whenIdle();
    const number = (await orderRow(o.id)).invoice_no;
    expect(await state.markPaid(o.id, { gateway: 'payuni', tradeNo: 'again', amount: o.total, source: 'query' })).toBe('duplicate');
    await jobs.add(JobName.InvoiceIssue, { orderId: o.id }, { jobId: `invoice:${o.id}:again` });
    await jobs.add(JobName.InvoiceIssue, { orderId: o.id }, { jobId: `invoice:${o.id}:again2` });
    await jobs.whenIdle();
    expect(f0401For(o.merTradeNo)).toHaveLength(1);
    expect(issuedFor(o.merTradeNo)).toHaveLength(1);
    expect(await orderRow(o.id)).toMatchObject({ invoice_no: number, invoice_status: 'issued' });
    expect(await q('SELECT id FROM invoices WHERE order_id = ?', [o.id])).toHaveLength(1);
  });

  it('Amego down: the job retries with backoff and issues once when it is back', async () => {
    const o = await placeOrder({});
    amego.outage(true);
    try {
      await pay(o);
      await waitFor(async () => (await invoiceOf(o.id))?.last_error.includes('503') ?? false);
      expect(await invoiceOf(o.id)).toMatchObject({ status: 'pending', invoice_no: '' });
      expect((await slip(o)).invoice_no).toBe('');
    } finally {
      amego.outage(false);
    }
    await jobs.whenIdle(15_000);
    expect(issuedFor(o.merTradeNo)).toHaveLength(1);
    expect(await invoiceOf(o.id)).toMatchObject({ status: 'issued', invoice_no: issuedFor(o.merTradeNo)[0].invoiceNumber, last_error: '' });
    expect((await slip(o)).invoice_no).toBe(issuedFor(o.merTradeNo)[0].invoiceNumber);
    const done = await completedJob(`invoice:${o.id}`);
    expect(done?.attemptsMade).toBeGreaterThanOrEqual(2);
  });

  it('an answer lost on the way (issued at Amego, HTTP 500 to us): the retry gets 3040171, looks it up, records that number', async () => {
    const o = await placeOrder({});
    amego.loseNextAnswer();
    await pay(o);
    await jobs.whenIdle(15_000);
    expect(issuedFor(o.merTradeNo)).toHaveLength(1);
    const number = issuedFor(o.merTradeNo)[0].invoiceNumber;
    expect(f0401For(o.merTradeNo).map((c) => c.code)).toEqual([0, 3040171]);
    expect(await invoiceOf(o.id)).toMatchObject({ status: 'issued', invoice_no: number });
    expect((await slip(o)).invoice_no).toBe(number);
  });

  it('3040171 when Amego already has the OrderId (issued elsewhere): looked up, the same number, nothing new', async () => {
    const o = await placeOrder({});
    const gateway = t.app.get<InvoiceGateway>(INVOICE_GATEWAY);
    const earlier = await gateway.issue({
      kind: 'personal',
      carrier: { type: 'amego' },
      orderId: o.merTradeNo,
      buyerName: '王小明',
      buyerEmail: o.buyer.email,
      items: [{ description: '商品', quantity: 1, unitPrice: o.total, amount: o.total }],
      total: o.total,
    });
    await pay(o);
    await jobs.whenIdle();
    expect(issuedFor(o.merTradeNo)).toHaveLength(1);
    expect(f0401For(o.merTradeNo).map((c) => c.code)).toEqual([0, 3040171]);
    expect(await orderRow(o.id)).toMatchObject({ invoice_no: earlier.invoiceNumber, invoice_status: 'issued' });
  });

  it('a permanent refusal marks the invoice and the order failed at once; the job keeps its retries and a later success clears it', async () => {
    const o = await placeOrder({ carrierType: '3J0002', mobileBarcode: '/ZZZ.999' });
    for (let i = 0; i < 4; i++) amego.failNext({ code: 3040132, msg: '載具號碼錯誤' });
    await pay(o);
    await waitFor(async () => (await invoiceOf(o.id))?.status === 'failed');
    expect((await invoiceOf(o.id))?.last_error).toContain('3040132');
    expect(await orderRow(o.id)).toMatchObject({ invoice_no: '', invoice_status: 'failed' });
    // An operator fixed it at Amego (here: the refusals run out): a later attempt issues it.
    await jobs.whenIdle(15_000);
    expect(f0401For(o.merTradeNo).map((c) => c.code)).toEqual([3040132, 3040132, 3040132, 3040132, 0]);
    expect(await invoiceOf(o.id)).toMatchObject({ status: 'issued', last_error: '' });
    expect(await orderRow(o.id)).toMatchObject({ invoice_no: issuedFor(o.merTradeNo)[0].invoiceNumber, invoice_status: 'issued' });
    const done = await completedJob(`invoice:${o.id}`);
    expect(done).toMatchObject({ attemptsMade: 5, failedReason: expect.stringContaining('3040132') });
  });

  it('cash on delivery is not invoiced at payment (invoiced when it ships), nor is an unpaid or cancelled order', async () => {
    const cod = await placeOrder({ payment: 'cod' });
    // The collected cash reported (the back-office's call): paid, but no invoice job.
    expect(await state.markPaid(cod.id, { gateway: 'payuni', tradeNo: 'COD', amount: cod.total, source: 'query' })).toBe('paid');
    await jobs.whenIdle();
    expect(await q('SELECT id FROM outbox_messages WHERE job_id = ?', [`invoice.${cod.id}`])).toHaveLength(0);
    expect(await q('SELECT id FROM outbox_messages WHERE job_id = ?', [`mail-paid.${cod.id}`])).toHaveLength(1);

    const unpaidCod = await placeOrder({ payment: 'cod' });
    const unpaid = await placeOrder({});
    const cancelled = await placeOrder({});
    const res = await cancelled.buyer.b.post('/api/order/cancelOrder', { order_id: cancelled.id });
    expect(res.body).toMatchObject({ success: true, status_name: 'cancelled' });
    // Even a job run by mistake issues nothing for these (a cod order is invoiced once shipped).
    for (const o of [unpaidCod, unpaid, cancelled]) await jobs.add(JobName.InvoiceIssue, { orderId: o.id }, { jobId: `invoice:${o.id}:forced` });
    await jobs.whenIdle();
    expect(f0401For(cod.merTradeNo)).toHaveLength(0);
    for (const o of [unpaidCod, unpaid, cancelled]) {
      expect(f0401For(o.merTradeNo)).toHaveLength(0);
      expect(await invoiceOf(o.id)).toBeUndefined();
      expect((await slip(o)).invoice_no).toBe('');
    }
  });

  it('invoice.void voids the issued invoice once (f0501) and marks it void on the order; a repeat does nothing', async () => {
    const o = await placeOrder({});
    await pay(o);
    await jobs.whenIdle();
    const number = (await orderRow(o.id)).invoice_no;
    await jobs.add(JobName.InvoiceVoid, { orderId: o.id, reason: '退款' }, { jobId: `invoice-void:${o.id}` });
    await jobs.whenIdle();
    expect(amego.invoices.get(number)?.cancelDate).not.toBeNull();
    expect(await invoiceOf(o.id)).toMatchObject({ status: 'void', invoice_no: number });
    expect(await orderRow(o.id)).toMatchObject({ invoice_no: number, invoice_status: 'void' });
    const voids = () => amego.calls.filter((c) => c.path === '/json/f0501' && c.data.includes(number)).length;
    expect(voids()).toBe(1);
    await jobs.add(JobName.InvoiceVoid, { orderId: o.id, reason: '退款' }, { jobId: `invoice-void:${o.id}:again` });
    await jobs.add(JobName.InvoiceIssue, { orderId: o.id }, { jobId: `invoice:${o.id}:after-void` });
    await jobs.whenIdle();
    expect(voids()).toBe(1);
    expect(f0401For(o.merTradeNo)).toHaveLength(1);
    expect((await invoiceOf(o.id))?.status).toBe('void');
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met in time');
}
