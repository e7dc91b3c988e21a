import request from 'supertest';
import { DataSource } from 'typeorm';
import type { EmbeddedSimulators } from '../../src/integrations/providers/embedded-simulators';
import { SIMULATORS } from '../../src/integrations/providers/provider-tokens';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { listeningOrigin, type TestApp } from '../helpers/test-app';
import { feeFor, homeCod, shippingMethod, submit, type Shopper, type TestVariant } from './checkout-fixtures';

/**
 * Paid orders for the refund and return tests (test/api/refunds.api-spec.ts, returns.api-spec.ts):
 * placed through the real checkout and paid at the embedded simulators as a buyer would
 * (ATM / CVS settled, the card's hosted page posted then settled, LINE Pay approved and
 * confirmed); cash on delivery collected through OrderStateService.markPaid (what the carrier's
 * collection will do). The app must listen (`createTestApp(env, { listen: true })`).
 */
export type PayMethod = 'atm' | 'cvs' | 'credit' | 'linepay' | 'cod';

export interface PaidOrder {
  id: number;
  merTradeNo: string;
  total: number;
}

export class OrderMaker {
  private seq = 0;
  readonly ds: DataSource;
  readonly sims: EmbeddedSimulators;

  constructor(
    private readonly t: TestApp,
    private readonly base: string,
    private readonly buyer: Shopper,
    private readonly v: TestVariant,
  ) {
    this.ds = t.app.get(DataSource);
    this.sims = t.app.get<EmbeddedSimulators>(SIMULATORS);
  }

  /** The listening app's origin (127.0.0.1, reachable by the simulators). */
  static async baseOf(t: TestApp): Promise<string> {
    return listeningOrigin(t);
  }

  /** An order through POST /api/order/submitOrder (home delivery), its payment started at the simulator. */
  async place(method: PayMethod, quantity = 1): Promise<PaidOrder & { form?: { go_url: string; body: Record<string, string> } }> {
    const home = await shippingMethod(this.t.app, 4);
    const subtotal = this.v.price * quantity;
    const total = subtotal + feeFor(home, subtotal);
    const body = homeCod(this.buyer, [{ v: this.v, quantity }], total, { payment: method, ...(method === 'atm' ? { bankCode: '013' } : {}) });
    const r = await submit(this.buyer, body, `refund-${method}-${Date.now()}-${++this.seq}`);
    if (r.status !== 200) throw new Error(`submitOrder ${method}: ${r.status} ${JSON.stringify(r.body)}`);
    const { order_id: id, MerTradeNo: merTradeNo } = r.body.resData as { order_id: number; MerTradeNo: string };
    return { id, merTradeNo, total, form: r.body.result as { go_url: string; body: Record<string, string> } | undefined };
  }

  /** An order placed and paid with `method`. */
  async paid(method: PayMethod, quantity = 1): Promise<PaidOrder> {
    const o = await this.place(method, quantity);
    await this.pay(method, o);
    const row = await this.t.app.get(OrderStateService).findById(o.id);
    if (row?.payment_status !== 1) throw new Error(`order #${o.id} (${method}) not paid: ${row?.status_name}/${row?.payment_status}`);
    return { id: o.id, merTradeNo: o.merTradeNo, total: o.total };
  }

  async pay(method: PayMethod, o: PaidOrder & { form?: { go_url: string; body: Record<string, string> } }): Promise<void> {
    const payuni = this.sims.payuni!;
    if (method === 'atm' || method === 'cvs') {
      await payuni.settle(o.merTradeNo, 'paid');
    } else if (method === 'credit') {
      const goUrl = new URL(o.form!.go_url, this.base);
      const page = await request(goUrl.origin).post(goUrl.pathname).type('form').send(o.form!.body);
      if (page.status !== 200) throw new Error(`UPP page: ${page.status}`);
      await payuni.settle(o.merTradeNo, 'paid');
    } else if (method === 'linepay') {
      const payPage = new URL(o.form!.go_url, this.base);
      const approve = await request(this.base).post(`${payPage.pathname}/approve`);
      const confirmUrl = new URL(approve.headers.location as string, this.base);
      const confirm = await request(this.base).get(confirmUrl.pathname + confirmUrl.search);
      if (confirm.status !== 303) throw new Error(`LINE Pay confirm: ${confirm.status}`);
    } else {
      await this.t.app.get(OrderStateService).markPaid(o.id, { gateway: 'payuni', tradeNo: `COD-${o.id}`, amount: o.total, source: 'query' });
    }
    await this.sims.idle();
  }

  async order(id: number): Promise<{ status_name: string; payment_status: number; refunded_amount: number; return_status: string; invoice_status: string; cancelled_at: unknown }> {
    const rows = await this.ds.query('SELECT status_name, payment_status, refunded_amount, return_status, invoice_status, cancelled_at FROM orders WHERE id = ?', [id]);
    const r = rows[0];
    return { ...r, payment_status: Number(r.payment_status), refunded_amount: Number(r.refunded_amount) };
  }

  /** Stored outbox job ids of an order's jobs (`invoice-void.12`, `alert-return.3` …). */
  async outboxJobs(): Promise<string[]> {
    return ((await this.ds.query('SELECT job_id FROM outbox_messages ORDER BY id')) as { job_id: string }[]).map((r) => r.job_id);
  }

  async auditActions(orderId: number): Promise<string[]> {
    const rows: { action: string }[] = await this.ds.query("SELECT action FROM audit_logs WHERE entity = 'order' AND entity_id = ? ORDER BY id", [String(orderId)]);
    return rows.map((r) => r.action);
  }
}
