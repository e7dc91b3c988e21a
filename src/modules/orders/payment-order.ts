import type { PaymentOrder } from '../payments/payment-provider';
import type { Order } from './entities/order.entity';
import { ORDER_STATUS, PAYMENT_STATUS } from './order-state.service';

/**
 * The order as a payment provider sees it (never the entity). `gatewayNo`: the gateway order number
 * of the attempt in question when it is not the order's own (a retried payment's `<order>R<n>`, H9).
 */
export function paymentOrderOf(
  o: Pick<Order, 'id' | 'mer_trade_no' | 'payment' | 'total_amount' | 'refunded_amount' | 'trade_no' | 'payment_code' | 'expire_date' | 'created_at' | 'status_name' | 'payment_status'>,
  gatewayNo?: string,
): PaymentOrder {
  return {
    id: o.id,
    merTradeNo: gatewayNo || o.mer_trade_no,
    method: o.payment,
    totalAmount: o.total_amount,
    refundedAmount: o.refunded_amount ?? 0,
    tradeNo: o.trade_no ?? '',
    paymentCode: o.payment_code ?? '',
    expireDate: o.expire_date ? new Date(o.expire_date) : null,
    createdAt: new Date(o.created_at),
    paid: o.payment_status === PAYMENT_STATUS.paid,
    pending: o.status_name === ORDER_STATUS.pending,
  };
}
