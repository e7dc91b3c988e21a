import request from 'supertest';
import { DataSource } from 'typeorm';
import { AMEGO_CODE } from '../../src/integrations/amego/amego-protocol';
import type { InvoiceGateway } from '../../src/integrations/amego/invoice-gateway';
import type { AmegoSimulator } from '../../src/integrations/amego/simulators/amego-simulator';
import type { PayuniGateway } from '../../src/integrations/payuni/payuni-gateway';
import { INVOICE_GATEWAY, PAYUNI_GATEWAY } from '../../src/integrations/providers/provider-tokens';
import { JobName } from '../../src/jobs/job-types';
import { Outbox } from '../../src/jobs/outbox/outbox.service';
import { BrowserSession, isolatedEnv, outboxFor } from '../../src/modules/auth/testing/browser-session';
import { Invoice } from '../../src/modules/invoices/entities/invoice.entity';
import { ALLOWANCE_MSG } from '../../src/modules/invoices/invoice-allowances.service';
import { adminSession } from '../helpers/admin';
import { createTestApp, FAST_RETRIES, TestApp } from '../helpers/test-app';
import { expectOrderAddsUp, expectRefundsAddUp } from '../helpers/order-invariants';
import { jobsIdle, shopper, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { OrderMaker, type PaidOrder } from './refund-fixtures';

jest.setTimeout(120_000);

type Session = Awaited<ReturnType<typeof adminSession>>;

interface AllowanceRow {
  id: number;
  order_id: number;
  refund_id: number;
  allowance_no: string;
  invoice_no: string;
  amount: number;
  tax_amount: number;
  status: string;
  consent_token: string;
  consented_at: unknown;
  consent_ip: string;
  last_error: string;
}

/**
 * Issue 19 §4, end to end with the real Amego client against the embedded Amego simulator: a
 * partial refund of an invoiced order → the refund mail links to 同意電子折讓 → the member (not
 * logged in) agrees through the API → the outbox job `allowance:<id>` issues g0401 → allowance_query
 * through the real client finds it, and the invoice can no longer be voided. A full refund voids
 * the invoice inside its period, or becomes a full allowance after it.
 */
describe('e-invoice allowances: partial refund → consent link → g0401 at Amego (simulator)', () => {
  let t: TestApp;
  let ds: DataSource;
  let base: string;
  let buyer: Shopper;
  let v: TestVariant;
  let make: OrderMaker;
  let owner: Session;
  let amego: AmegoSimulator;
  let gateway: InvoiceGateway;
  let payuni: PayuniGateway;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv({ CHECKOUT_RATE_LIMIT: '1000', ...FAST_RETRIES }), { listen: true });
    ds = t.app.get(DataSource);
    base = await OrderMaker.baseOf(t);
    [v] = await variants(t.app, 1, 500, 300);
    buyer = await shopper(t);
    make = new OrderMaker(t, base, buyer, v);
    owner = await adminSession(t, 'owner');
    amego = make.sims.amego as AmegoSimulator;
    gateway = t.app.get<InvoiceGateway>(INVOICE_GATEWAY);
    payuni = t.app.get<PayuniGateway>(PAYUNI_GATEWAY);
  });
  afterAll(async () => {
    await make?.sims.idle();
    await t?.close();
  });

  const refund = (body: Record<string, unknown>) => owner.agent.post('/api/admin/refundOrder').set('X-CSRF-Token', owner.csrf).send(body);
  const allowancesOf = async (orderId: number): Promise<AllowanceRow[]> =>
    (await ds.query('SELECT * FROM invoice_allowances WHERE order_id = ? ORDER BY id', [orderId])).map((r: AllowanceRow) => ({
      ...r,
      amount: Number(r.amount),
      tax_amount: Number(r.tax_amount),
    }));
  const invoiceOf = async (orderId: number) => (await ds.query('SELECT invoice_no, status, issued_at FROM invoices WHERE order_id = ?', [orderId]))[0] as { invoice_no: string; status: string } | undefined;
  const settle = async () => {
    await make.sims.idle();
    await jobsIdle(t.app);
  };
  /** What the Amego simulator received for the invoice: its lines add up to its total, which is the stored order's total (and the order adds up). */
  async function expectInvoiceAddsUp(orderId: number, invoiceNo: string): Promise<number> {
    const { order } = await expectOrderAddsUp(t.app, orderId);
    const data = amego.invoices.get(invoiceNo)!.data as { ProductItem: { Amount: number }[]; TotalAmount: number };
    expect({ lines: data.ProductItem.reduce((sum, it) => sum + it.Amount, 0), total: data.TotalAmount }).toEqual({ lines: order.total_amount, total: order.total_amount });
    return order.total_amount;
  }
  const refundMails = async (orderId: number) => (await outboxFor(t.app, buyer.email)).filter((m) => (m.subject ?? '').includes(`退款通知 #${orderId}`));

  /** A card order of 2 units, paid, captured (so a part can be refunded) and invoiced at the simulator. */
  async function invoicedOrder(): Promise<PaidOrder & { invoiceNo: string }> {
    const o = await make.paid('credit', 2);
    const trade = make.sims.payuni!.trades.get(o.merTradeNo)!;
    await payuni.tradeClose({ tradeNo: trade.tradeNo, closeType: 1, tradeAmt: trade.tradeAmt });
    await settle();
    const inv = await invoiceOf(o.id);
    expect(inv?.status).toBe('issued');
    expect(await expectInvoiceAddsUp(o.id, inv!.invoice_no)).toBe(o.total);
    return { ...o, invoiceNo: inv!.invoice_no };
  }

  it('a partial refund: allowance awaiting consent, the mail links to it, a visitor agrees, g0401 issued, allowance_query finds it, the invoice cannot be voided any more', async () => {
    const o = await invoicedOrder();
    const r = await refund({ order_id: o.id, amount: 300, reason: '部分退貨', restock: false });
    expect(r.status).toBe(200);
    expect(r.body.refund).toMatchObject({ amount: 300, status: 'done' });
    await settle();
    await expectRefundsAddUp(t.app, o.id, o.total);

    // The allowance: NT$ 300 tax included, tax 300 − round(300 / 1.05) = 14, awaiting consent, nothing sent yet.
    const [row] = await allowancesOf(o.id);
    expect(row).toMatchObject({ refund_id: r.body.refund.id, amount: 300, tax_amount: 14, status: 'awaiting-consent', invoice_no: o.invoiceNo, consent_ip: '' });
    expect(row.consent_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.allowance_no).toMatch(/^A\d{15}$/);
    expect(amego.calls.filter((c) => c.path === '/json/g0401')).toHaveLength(0);

    // The refund mail carries the consent link.
    const mails = await refundMails(o.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('同意電子折讓');
    const token = /\/allowance\/([A-Za-z0-9_-]{43})/.exec(mails[0].body)?.[1];
    expect(token).toBe(row.consent_token);

    // The page works without login and shows only the order number, the amount and the lines.
    const visitor = new BrowserSession(request.agent(t.http));
    const page = await visitor.get(`/api/invoice-allowances/${token}`);
    expect(page.status).toBe(200);
    expect(page.body.allowance).toMatchObject({ order_no: `#${o.id}`, amount: 300, status: 'awaiting-consent', consented_at: null });
    const lines = page.body.allowance.lines as { description: string; quantity: number; amount: number }[];
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(300);
    expect(Object.keys(page.body.allowance).sort()).toEqual(['amount', 'consented_at', 'lines', 'order_no', 'status']);
    const shown = JSON.stringify(page.body);
    for (const secret of [buyer.email, '王小明', o.merTradeNo, o.invoiceNo]) expect(shown).not.toContain(secret);

    // Wrong or malformed tokens: 404 in zh-TW, nothing changes.
    for (const bad of [token!.slice(0, 42) + (token!.endsWith('A') ? 'B' : 'A'), 'short', `${token}x`]) {
      const res = await visitor.get(`/api/invoice-allowances/${bad}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: ALLOWANCE_MSG.notFound });
    }

    // 同意電子折讓: stored with time and IP, then the outbox job issues g0401.
    const agreed = await visitor.post(`/api/invoice-allowances/${token}`);
    expect(agreed.status).toBe(200);
    expect(agreed.body).toMatchObject({ success: true, message: ALLOWANCE_MSG.agreed });
    await settle();
    const [issued] = await allowancesOf(o.id);
    expect(issued.status).toBe('issued');
    expect(issued.consent_ip).toBe(visitor.ip);
    expect(issued.consented_at).toBeTruthy();
    expect(issued.last_error).toBe('');

    // At Amego, through the real client: the allowance against the order's invoice, NT$ 286 + 14 tax.
    const found = await gateway.queryAllowance(issued.allowance_no);
    expect(found).toMatchObject({ allowanceNumber: issued.allowance_no, invoiceNumber: o.invoiceNo, totalAmount: 286, taxAmount: 14, voided: false });
    const sent = JSON.parse(amego.calls.filter((c) => c.path === '/json/g0401').at(-1)!.data) as Array<Record<string, unknown>>;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ AllowanceNumber: issued.allowance_no, AllowanceType: 2, BuyerIdentifier: '0000000000', TotalAmount: 286, TaxAmount: 14 });
    // An invoice with an allowance can no longer be voided.
    await expect(gateway.void(o.invoiceNo, '測試')).rejects.toMatchObject({ code: AMEGO_CODE.VOID_HAS_ALLOWANCE });

    // Pressing again changes nothing: one allowance at Amego, one job.
    const again = await visitor.post(`/api/invoice-allowances/${token}`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, message: ALLOWANCE_MSG.alreadyAgreed, allowance: { status: 'issued' } });
    await settle();
    expect([...amego.allowances.values()].filter((a) => a.invoiceNumber === o.invoiceNo)).toHaveLength(1);
    expect((await make.outboxJobs()).filter((j) => j === `allowance.${issued.id}`)).toHaveLength(1);

    // The admin order shows it.
    const list = await owner.agent.get(`/api/admin/invoiceAllowances?order_id=${o.id}`);
    expect(list.status).toBe(200);
    expect(list.body.allowances).toEqual([
      expect.objectContaining({ allowance_no: issued.allowance_no, amount: 300, tax_amount: 14, status: 'issued', invoice_no: o.invoiceNo, consent_ip: visitor.ip }),
    ]);
    expect(list.body.allowances[0].consented_at).toEqual(expect.any(String));
    const asVisitor = await visitor.get(`/api/admin/invoiceAllowances?order_id=${o.id}`);
    expect([401, 403]).toContain(asVisitor.status);
  });

  it('a full refund inside the invoice period voids the invoice (f0501), no allowance', async () => {
    const o = await invoicedOrder();
    const r = await refund({ order_id: o.id, reason: '整筆退款', restock: false });
    expect(r.status).toBe(200);
    await settle();
    expect(await allowancesOf(o.id)).toEqual([]);
    expect((await invoiceOf(o.id))?.status).toBe('void');
    expect(amego.invoices.get(o.invoiceNo)!.cancelDate).not.toBeNull();
    const mails = await refundMails(o.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].body).not.toContain('同意電子折讓');
    expect((await expectRefundsAddUp(t.app, o.id, o.total)).refundedAmount).toBe(o.total);
  });

  it('a full refund after the invoice period becomes a full allowance awaiting consent (the invoice stays)', async () => {
    const o = await invoicedOrder();
    // The invoice was issued in an earlier two-month period.
    await ds.getRepository(Invoice).update({ order_id: o.id }, { issued_at: new Date(Date.now() - 62 * 24 * 3600_000) });
    const r = await refund({ order_id: o.id, reason: '整筆退款', restock: false });
    expect(r.status).toBe(200);
    await settle();
    const [row] = await allowancesOf(o.id);
    expect(row).toMatchObject({ amount: o.total, status: 'awaiting-consent' });
    expect((await expectRefundsAddUp(t.app, o.id, o.total)).refundedAmount).toBe(o.total);
    expect((await invoiceOf(o.id))?.status).toBe('issued');
    expect(await make.outboxJobs()).not.toContain(`invoice-void.${o.id}`);
    const mails = await refundMails(o.id);
    expect(mails[0].body).toContain(`/allowance/${row.consent_token}`);
  });

  it('an order with a 訂單折扣 −100: the invoice prints it as a negative line and its lines add up to the total; a bank-transfer refund of a part gets its allowance', async () => {
    const o = await make.place('atm', 2);
    const d = await owner.agent.post('/api/admin/addOrderDiscount').set('X-CSRF-Token', owner.csrf).send({ order_id: o.id, amount: 100, reason: '客訴補償' });
    expect(d.status).toBe(200);
    await make.sims.payuni!.settle(`${o.merTradeNo}R2`, 'paid');
    await settle();
    const inv = await invoiceOf(o.id);
    expect(inv?.status).toBe('issued');
    const data = amego.invoices.get(inv!.invoice_no)!.data as { ProductItem: { Description: string; Quantity: number; UnitPrice: number; Amount: number }[]; TotalAmount: number; SalesAmount: number; TaxAmount: number };
    expect(data.TotalAmount).toBe(o.total - 100);
    expect(data.ProductItem.reduce((sum, it) => sum + it.Amount, 0)).toBe(data.TotalAmount);
    expect(data.ProductItem).toContainEqual(expect.objectContaining({ Description: '訂單折扣', Quantity: 1, UnitPrice: -100, Amount: -100 }));
    expect(data.ProductItem[0]).toMatchObject({ Quantity: 2, UnitPrice: v.price, Amount: v.price * 2 });
    expect([data.SalesAmount, data.TaxAmount]).toEqual([o.total - 100, 0]);
    const { adjustments } = await expectOrderAddsUp(t.app, o.id);
    expect(adjustments.map((a) => [a.kind, a.amount])).toEqual([['manual', -100]]);
    expect(await expectInvoiceAddsUp(o.id, inv!.invoice_no)).toBe(o.total - 100);

    const r = await refund({ order_id: o.id, amount: 200, reason: '部分退款', restock: false, bank: { bank_code: '013', account: '123456789012', name: '王小明' } });
    expect(r.status).toBe(200);
    await settle();
    const [row] = await allowancesOf(o.id);
    expect(row).toMatchObject({ amount: 200, tax_amount: 10, status: 'awaiting-consent', invoice_no: inv!.invoice_no });
    expect((await expectRefundsAddUp(t.app, o.id, o.total - 100)).refundedAmount).toBe(200);
    const visitor = new BrowserSession(request.agent(t.http));
    expect((await visitor.post(`/api/invoice-allowances/${row.consent_token}`)).status).toBe(200);
    await settle();
    expect(await gateway.queryAllowance(row.allowance_no)).toMatchObject({ invoiceNumber: inv!.invoice_no, totalAmount: 190, taxAmount: 10, voided: false });
  });

  it('an invoice voided while its allowance awaits consent cancels the allowance; agreeing then answers 409', async () => {
    const o = await invoicedOrder();
    await refund({ order_id: o.id, amount: 100, reason: '部分退款', restock: false });
    await settle();
    const [row] = await allowancesOf(o.id);
    expect(row.status).toBe('awaiting-consent');
    // The invoice is voided (as an order cancel would): nothing is left for the allowance to reduce.
    await t.app.get(Outbox).enqueue(JobName.InvoiceVoid, { orderId: o.id, reason: '訂單取消' }, { jobId: `invoice-void:${o.id}` });
    await settle();
    expect((await invoiceOf(o.id))?.status).toBe('void');
    expect((await allowancesOf(o.id))[0]).toMatchObject({ status: 'void', last_error: '發票已作廢' });
    const visitor = new BrowserSession(request.agent(t.http));
    const res = await visitor.post(`/api/invoice-allowances/${row.consent_token}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, message: ALLOWANCE_MSG.cancelled });
    expect((await allowancesOf(o.id))[0]).toMatchObject({ status: 'void', consent_ip: '' });
  });
});
