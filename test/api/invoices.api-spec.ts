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

// jest ignores `testTimeout` inside a project entry; app start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(60_000);

type InvoiceChoice = Record<string, string>;
interface InvoiceRow {
  order_id: number;
  invoice_no: string;
  status: string;
  random_number: string;
  last_error: string;
}

/**
 * E-invoices of paid orders (issue 10): `OrderStateService.markPaid` enqueues `invoice:<id>`, the
 * job issues through the real Amego client against the embedded Amego simulator (real HTTP,
 * signed forms), records the invoices row and puts the number on the order.
 */
describe('e-invoice job: paid order → Amego (simulator) → invoices row and invoice_no on the order', () => {
  let t: TestApp;
  let ds: DataSource;
  let jobs: JobDriver;
  let amego: AmegoSimulator;
  let state: OrderStateService;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv({ JOBS_BACKOFF_BASE_MS: '50', JOBS_BACKOFF_MAX_MS: '200' }));
    ds = t.app.get(DataSource);
    jobs = t.app.get(JobDriver);
    state = t.app.get(OrderStateService);
    amego = (t.app.get<EmbeddedSimulators>(SIMULATORS).amego as AmegoSimulator);
  });
  afterAll(async () => t?.close());

  const q = <T>(sql: string, params: unknown[] = []): Promise<T[]> => ds.query(sql, params);
  const invoiceOf = async (orderId: number): Promise<InvoiceRow | undefined> => (await q<InvoiceRow>('SELECT * FROM invoices WHERE order_id = ?', [orderId]))[0];
  const orderRow = async (orderId: number) =>
    (await q<{ invoice_no: string; invoice_status: string; mer_trade_no: string }>('SELECT invoice_no, invoice_status, mer_trade_no FROM orders WHERE id = ?', [orderId]))[0];
  const issuedFor = (merTradeNo: string) => [...amego.invoices.values()].filter((i) => i.orderId === merTradeNo);
  /** f0401 calls for an order (a call failed on demand is answered before its data is parsed: matched on the raw text). */
  const f0401For = (merTradeNo: string) => amego.calls.filter((c) => c.path === '/json/f0401' && c.data.includes(`"OrderId":"${merTradeNo}"`));
  /** The queue's record of a job (ids are stored with `:` as `.`). */
  const completedJob = async (jobId: string) => (await jobs.listJobs('invoice', 'completed', 200)).find((j) => j.id === jobId.replace(/:/g, '.'));

  /**
   * STOPGAP until checkout lands: an order as checkout stores it (two lines, 7-11, NT$ 60 fee),
   * written straight to the tables. Paying it goes through the real OrderStateService.markPaid.
   */
  async function placeOrder(invoice: InvoiceChoice, opts: { payment?: string; shippingFee?: number } = {}): Promise<{ id: number; merTradeNo: string; total: number }> {
    seq += 1;
    const merTradeNo = `INV${Date.now().toString(36)}${seq}`.toUpperCase();
    const lines = [
      { product_id: 1, variant_id: 1, title: '玻尿酸保濕精華', variant_name: '30ml', price: 880, quantity: 1 },
      { product_id: 2, variant_id: 2, title: '溫和潔面乳', variant_name: '', price: 157, quantity: 2 },
    ];
    const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);
    const fee = opts.shippingFee ?? 60;
    const order = {
      mer_trade_no: merTradeNo,
      user_id: null,
      buy_name: '王小明',
      buy_phone: '0912345678',
      buy_email: 'ming@example.com',
      name: '王小明',
      phone: '0912345678',
      store_id: '991182',
      store_name: '大安門市',
      store_addr: '臺北市大安區復興南路一段 2 號',
      shipping: 1,
      payment: opts.payment ?? 'atm',
      invoice_type: 'personal',
      carrier_type: 'amego',
      subtotal,
      shipping_fee: fee,
      total_amount: subtotal + fee,
      ...invoice,
    };
    const inserted = await ds.createQueryBuilder().insert().into('orders').values(order).execute();
    const id = Number(inserted.identifiers[0]?.id ?? (await q<{ id: number }>('SELECT id FROM orders WHERE mer_trade_no = ?', [merTradeNo]))[0].id);
    await ds.createQueryBuilder().insert().into('order_items').values(lines.map((l) => ({ ...l, order_id: id }))).execute();
    return { id, merTradeNo, total: subtotal + fee };
  }

  const pay = (o: { id: number; merTradeNo: string; total: number }) =>
    state.markPaid(o.id, { gateway: 'payuni', tradeNo: `T${o.merTradeNo}`, amount: o.total, source: 'notify' });

  it.each([
    ['personal, member carrier (amego)', { invoice_type: 'personal', carrier_type: 'amego' }, { BuyerIdentifier: '0000000000', BuyerName: '王小明', CarrierType: 'amego', CarrierId1: 'ming@example.com', CarrierId2: 'ming@example.com' }],
    ['personal, mobile barcode (3J0002)', { invoice_type: 'personal', carrier_type: '3J0002', mobile_barcode: '/ABC+123' }, { BuyerIdentifier: '0000000000', CarrierType: '3J0002', CarrierId1: '/ABC+123', CarrierId2: '/ABC+123' }],
    ['personal, citizen certificate (CQ0001)', { invoice_type: 'personal', carrier_type: 'CQ0001', citizen_barcode: 'AB12345678901234' }, { BuyerIdentifier: '0000000000', CarrierType: 'CQ0001', CarrierId1: 'AB12345678901234' }],
    ['donation (愛心碼)', { invoice_type: 'Donate', carrier_type: '', donate_code: '168001' }, { BuyerIdentifier: '0000000000', NPOBAN: '168001' }],
  ])('%s: one invoice, mapped exactly, its number on the order', async (_label, choice, expected) => {
    const o = await placeOrder(choice);
    expect(await pay(o)).toBe('paid');
    await jobs.whenIdle();

    const calls = f0401For(o.merTradeNo);
    expect(calls).toHaveLength(1);
    const data = calls[0].parsed as Record<string, unknown>;
    expect(data).toMatchObject({ OrderId: o.merTradeNo, BuyerEmailAddress: 'ming@example.com', ...expected, TotalAmount: o.total, SalesAmount: o.total, TaxAmount: 0, TaxType: 1, DetailVat: 1 });
    if (!('NPOBAN' in expected)) expect(data.NPOBAN).toBeUndefined();
    if (!('CarrierType' in expected)) expect(data.CarrierType).toBeUndefined();
    expect(data.ProductItem).toEqual([
      expect.objectContaining({ Description: '玻尿酸保濕精華（30ml）', Quantity: 1, UnitPrice: 880, Amount: 880, TaxType: 1 }),
      expect.objectContaining({ Description: '溫和潔面乳', Quantity: 2, UnitPrice: 157, Amount: 314 }),
      expect.objectContaining({ Description: '運費', Quantity: 1, UnitPrice: 60, Amount: 60 }),
    ]);

    const [issued] = issuedFor(o.merTradeNo);
    expect(issuedFor(o.merTradeNo)).toHaveLength(1);
    expect(issued.invoiceNumber).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(await invoiceOf(o.id)).toMatchObject({ invoice_no: issued.invoiceNumber, status: 'issued', random_number: issued.randomNumber, last_error: '' });
    expect(await orderRow(o.id)).toMatchObject({ invoice_no: issued.invoiceNumber, invoice_status: 'issued' });
  });

  it('company (三聯式): 統一編號 and title, the 5 % tax split so that sales + tax = total', async () => {
    const o = await placeOrder({ invoice_type: 'Company', carrier_type: '', tax_id: '17784483', company_name: '肌研舍股份有限公司' });
    await pay(o);
    await jobs.whenIdle();
    const data = f0401For(o.merTradeNo)[0].parsed as Record<string, number | string>;
    const sales = Math.round(o.total / 1.05);
    expect(data).toMatchObject({ BuyerIdentifier: '17784483', BuyerName: '肌研舍股份有限公司', TotalAmount: o.total, SalesAmount: sales, TaxAmount: o.total - sales });
    expect(Number(data.SalesAmount) + Number(data.TaxAmount)).toBe(o.total);
    expect(data.CarrierType).toBeUndefined();
    expect((await orderRow(o.id)).invoice_no).toBe(issuedFor(o.merTradeNo)[0].invoiceNumber);
  });

  it('no shipping line when shipping is free; the item lines add up to the total', async () => {
    const o = await placeOrder({}, { shippingFee: 0 });
    await pay(o);
    await jobs.whenIdle();
    const data = f0401For(o.merTradeNo)[0].parsed as { ProductItem: { Description: string; Amount: number }[]; TotalAmount: number };
    expect(data.ProductItem.map((i) => i.Description)).toEqual(['玻尿酸保濕精華（30ml）', '溫和潔面乳']);
    expect(data.ProductItem.reduce((s, i) => s + i.Amount, 0)).toBe(data.TotalAmount);
  });

  it('running the job again (re-dispatch, second id) issues nothing more', async () => {
    const o = await placeOrder({});
    await pay(o);
    await jobs.whenIdle();
    const number = (await orderRow(o.id)).invoice_no;
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
      expect((await orderRow(o.id)).invoice_no).toBe('');
    } finally {
      amego.outage(false);
    }
    await jobs.whenIdle(15_000);
    expect(issuedFor(o.merTradeNo)).toHaveLength(1);
    expect(await invoiceOf(o.id)).toMatchObject({ status: 'issued', invoice_no: issuedFor(o.merTradeNo)[0].invoiceNumber, last_error: '' });
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
    expect((await orderRow(o.id)).invoice_no).toBe(number);
  });

  it('3040171 when Amego already has the OrderId (issued elsewhere): looked up, the same number, nothing new', async () => {
    const o = await placeOrder({});
    const gateway = t.app.get<InvoiceGateway>(INVOICE_GATEWAY);
    const earlier = await gateway.issue({ kind: 'personal', carrier: { type: 'amego' }, orderId: o.merTradeNo, buyerName: '王小明', buyerEmail: 'ming@example.com', items: [{ description: '商品', quantity: 1, unitPrice: o.total, amount: o.total }], total: o.total });
    await pay(o);
    await jobs.whenIdle();
    expect(issuedFor(o.merTradeNo)).toHaveLength(1);
    expect(f0401For(o.merTradeNo).map((c) => c.code)).toEqual([0, 3040171]);
    expect(await orderRow(o.id)).toMatchObject({ invoice_no: earlier.invoiceNumber, invoice_status: 'issued' });
  });

  it('a permanent refusal marks the invoice and the order failed at once; the job keeps its retries and a later success clears it', async () => {
    const o = await placeOrder({ carrier_type: '3J0002', mobile_barcode: '/ZZZ.999' });
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
    const cod = await placeOrder({}, { payment: 'cod' });
    expect(await pay(cod)).toBe('paid');
    await jobs.whenIdle();
    expect(await q('SELECT id FROM outbox_messages WHERE job_id = ?', [`invoice:${cod.id}`])).toHaveLength(0);
    expect(f0401For(cod.merTradeNo)).toHaveLength(0);

    const unpaidCod = await placeOrder({}, { payment: 'cod' });
    const unpaid = await placeOrder({});
    const cancelled = await placeOrder({});
    await state.cancel(cancelled.id, 'member');
    for (const o of [unpaidCod, unpaid, cancelled]) await jobs.add(JobName.InvoiceIssue, { orderId: o.id }, { jobId: `invoice:${o.id}` });
    await jobs.whenIdle();
    for (const o of [unpaidCod, unpaid, cancelled]) {
      expect(f0401For(o.merTradeNo)).toHaveLength(0);
      expect(await invoiceOf(o.id)).toBeUndefined();
      expect((await orderRow(o.id)).invoice_no).toBe('');
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
    const voids = () => amego.calls.filter((c) => c.path === '/json/f0501' && JSON.stringify(c.parsed).includes(number)).length;
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
