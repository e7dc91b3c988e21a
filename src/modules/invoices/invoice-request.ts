import type { InvoiceItem, InvoiceRequest } from '../../integrations/amego/invoice-gateway';
import { PAYMENT_STATE_CODE, type OrderState } from '../orders/order-lifecycle';
import { orderLineName } from '../orders/order-line-names';
import type { OrderStateService } from '../orders/order-state.service';

/** An order with its lines as `OrderStateService.withItems` answers (the invoice's only source). */
export type OrderWithItems = NonNullable<Awaited<ReturnType<OrderStateService['withItems']>>>;
type InvoiceOrder = OrderWithItems['order'];

/** order_status_codes that end an order without a sale: no invoice (a refund is the back-office's). */
const CLOSED_STATUSES: readonly string[] = ['cancelled', 'returned'] satisfies OrderState[];
/** Cash on delivery is invoiced when it ships (the back-office issue enqueues the job then). */
const COD_INVOICED_STATUSES: readonly string[] = ['shipped', 'delivered', 'completed'] satisfies OrderState[];

/**
 * Why an order gets no invoice now (null: it does). Online methods: once paid (markPaid enqueues
 * the job). Cash on delivery: once shipped or paid — never at checkout. Cancelled or returned
 * orders (a payment after cancel waits for its refund): never.
 */
export function notInvoiceable(order: Pick<InvoiceOrder, 'status_name' | 'payment_status' | 'payment'>): string | null {
  if (CLOSED_STATUSES.includes(order.status_name)) return `order is ${order.status_name}`;
  if (order.payment_status === PAYMENT_STATE_CODE.paid) return null;
  if (order.payment === 'cod' && COD_INVOICED_STATUSES.includes(order.status_name)) return null;
  return order.payment === 'cod' ? 'cash on delivery is invoiced when it ships' : 'order is not paid';
}

/** `商品（規格）`, marked 【贈品】 / 【加價購】 when a promotion added it, within Amego's 256 characters. */
function description(title: string, variant: string, kind?: string): string {
  return orderLineName(title, variant, kind).slice(0, 256);
}

/** What the invoice reads of an order's adjustments (spec 4 §3): its label and signed amount. */
export type InvoiceAdjustment = Pick<Awaited<ReturnType<OrderStateService['adjustmentsOf']>>[number], 'label' | 'amount'>;

/**
 * The e-invoice of an order, mapped exactly (PROVIDERS.md §5, issues 10 and 19): lines = the
 * order's items at their list price × quantity, then each adjustment as its own line (a negative
 * amount: "訂單折扣 −100", as Amego's example `會員折抵`), then a 運費 line when there is a shipping
 * fee; total = the order's total — Σ price × qty + Σ adjustments + shipping = total_amount is the
 * order's invariant, and the gateway refuses amounts that do not add up; OrderId = MerTradeNo; buyer = the buyer's name
 * and e-mail. Personal: carrier amego (the buyer e-mail), 3J0002 mobile barcode or CQ0001 citizen
 * certificate; Company: 統一編號 and title (the gateway splits the 5 % tax); Donate: 愛心碼.
 * LINE Pay orders (no invoice choice) go to the member carrier.
 */
export function invoiceRequestOf({ order, items }: OrderWithItems, adjustments: readonly InvoiceAdjustment[] = []): InvoiceRequest {
  const lines: InvoiceItem[] = items.map((it) => ({
    // A gift is a line at NT$ 0 (Amego accepts a zero amount).
    description: description(it.title, it.variant_name, it.line_kind),
    quantity: it.quantity,
    unitPrice: it.price,
    amount: it.price * it.quantity,
  }));
  for (const adj of adjustments) {
    if (adj.amount !== 0) lines.push({ description: (adj.label || '折扣').slice(0, 256), quantity: 1, unitPrice: adj.amount, amount: adj.amount });
  }
  if (order.shipping_fee > 0) lines.push({ description: '運費', quantity: 1, unitPrice: order.shipping_fee, amount: order.shipping_fee });
  const base = { orderId: order.mer_trade_no, buyerName: order.buy_name, buyerEmail: order.buy_email, items: lines, total: order.total_amount };
  switch (order.invoice_type) {
    case 'Company':
      return { ...base, kind: 'company', taxId: order.tax_id, companyName: order.company_name };
    case 'Donate':
      return { ...base, kind: 'donation', loveCode: order.donate_code };
    default:
      if (order.carrier_type === '3J0002') return { ...base, kind: 'personal', carrier: { type: '3J0002', id: order.mobile_barcode } };
      if (order.carrier_type === 'CQ0001') return { ...base, kind: 'personal', carrier: { type: 'CQ0001', id: order.citizen_barcode } };
      return { ...base, kind: 'personal', carrier: { type: 'amego' } };
  }
}
