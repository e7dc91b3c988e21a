import type { RefundView, ReturnRequestView } from '../../common/api/admin';
import { maskAccount } from '../../common/validation/admin';
import type { RefundItem } from './entities/refund-item.entity';
import type { Refund } from './entities/refund.entity';
import type { ReturnRequest } from './entities/return-request.entity';

const iso = (d: Date | string | null): string | null => (d ? new Date(d).toISOString() : null);

/** A refund as staff see it: the bank account masked except its last 5 digits. */
export function toRefundView(r: Refund, items: Pick<RefundItem, 'order_item_id' | 'quantity' | 'amount'>[] = []): RefundView {
  return {
    id: r.id,
    order_id: r.order_id,
    amount: r.amount,
    method: r.method,
    status: r.status,
    reason: r.reason,
    restock: r.restock === 1,
    bank: r.bank_account ? { bank_code: r.bank_code, account: maskAccount(r.bank_account), name: r.bank_name } : null,
    message: r.message,
    created_by: r.created_by_name,
    created_at: iso(r.created_at)!,
    shipping_amount: r.shipping_amount ?? 0,
    items: items.map((i) => ({ order_item_id: i.order_item_id, quantity: i.quantity, amount: i.amount })),
  };
}

export function toReturnRequestView(r: ReturnRequest): ReturnRequestView {
  return {
    id: r.id,
    order_id: r.order_id,
    reason: r.reason,
    status: r.status,
    staff_reason: r.staff_reason,
    created_at: iso(r.created_at)!,
    handled_at: iso(r.handled_at),
  };
}
