import { HttpStatus, Injectable } from '@nestjs/common';
import type { ReturnRequestView } from '../../common/api/admin';
import type { RequestReturnAnswer } from '../../common/api/orders';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { REFUND_MSG, RETURN_WINDOW_DAYS } from '../../common/validation/admin';
import { CHECKOUT_MSG } from '../../common/validation/checkout-rules';
import { AuditTrail } from '../audit/audit-trail.service';
import { orderAlertText } from '../orders/admin-order-alerts';
import { OrderStateService } from '../orders/order-state.service';
import { staffActor } from '../orders/admin-order-actions.service';
import { canMove, type OrderState } from '../orders/order-lifecycle';
import { SettingsService } from '../settings/settings.service';
import { STAFF_ALERT, StaffAlerts } from '../settings/staff-alerts.service';
import { ReturnRequest } from './entities/return-request.entity';
import { toReturnRequestView } from './refund-views';

/** return_requests.status values (orders.return_status follows them). */
export const RETURN_STATUS = { requested: 'requested', approved: 'approved', refused: 'refused' } as const;

/**
 * Members' return requests within the 鑑賞期 (7 days of delivery / pickup) and staff's answer.
 * A request raises the 退款申請 staff alert (StaffAlerts: `telegram.notify` through the outbox,
 * in the same transaction, when its switch is on). Approving does not move money: staff refund through `refundOrder` (restock when
 * the goods are back). Owns `return_requests`; the order's `return_status` through OrderStateService.
 */
@Injectable()
export class Returns {
  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderStateService,
    private readonly alerts: StaffAlerts,
    private readonly settings: SettingsService,
    private readonly audit: AuditTrail,
  ) {}

  /** An order's return requests (admin order details). */
  async listForOrder(orderId: number): Promise<ReturnRequestView[]> {
    const rows = await this.tx.repo(ReturnRequest).find({ where: { order_id: orderId }, order: { id: 'ASC' } });
    return rows.map(toReturnRequestView);
  }

  /** `POST /api/order/requestReturn`: the member's own order, delivered within RETURN_WINDOW_DAYS days, paid, not asked before. */
  async request(userId: number, orderId: number, reason: string, now = new Date()): Promise<RequestReturnAnswer> {
    return this.tx.run(async () => {
      const order = await this.orders.lockForRefund(orderId);
      if (!order || order.user_id !== userId) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
      const existing = await this.tx.repo(ReturnRequest).findOne({ where: { order_id: orderId } });
      if (existing || order.return_status) throw new AppError(REFUND_MSG.returnAlreadyRequested, HttpStatus.CONFLICT, { return_status: order.return_status || existing?.status });
      // A completed order's return window closed at completion (ORDER_COMPLETION_DAYS after delivery).
      if (order.completed_at || order.status_name === ('completed' satisfies OrderState)) throw new AppError(REFUND_MSG.returnWindowOver, HttpStatus.CONFLICT);
      // The lifecycle's requestReturn (order-lifecycle.ts): delivered, paid, no request yet.
      if (!canMove('requestReturn', order, { kind: 'shopper', id: userId }) || !order.delivered_at) {
        throw new AppError(REFUND_MSG.returnNotAllowed, HttpStatus.CONFLICT);
      }
      if (now.getTime() - new Date(order.delivered_at).getTime() > RETURN_WINDOW_DAYS * 86400_000) throw new AppError(REFUND_MSG.returnWindowOver, HttpStatus.CONFLICT);

      const row = await this.tx.repo(ReturnRequest).save(
        this.tx.repo(ReturnRequest).create({ order_id: orderId, user_id: userId, reason: reason.slice(0, 255), status: RETURN_STATUS.requested, handled_by: null, handled_at: null }),
      );
      await this.orders.setReturnStatus(orderId, RETURN_STATUS.requested, [''], { kind: 'shopper', id: userId });
      // 退款申請 (when its Telegram switch is on): order number, amount, payment, buyer, and the member's reason.
      const text = await orderAlertText(this.settings, '退款申請', order);
      await this.alerts.raise(STAFF_ALERT.refundRequest, `${text}，退貨原因：${row.reason}`, `alert-return:${row.id}`);
      return ok({ order_id: orderId, return_status: RETURN_STATUS.requested, returnable: false }, REFUND_MSG.returnRequested);
    });
  }

  /** `POST /api/admin/handleReturnRequest`: approve or refuse (a reason is required to refuse), once; audited. */
  async handle(admin: SessionAdmin, requestId: number, approve: boolean, reason: string): Promise<ReturnRequestView> {
    const staffReason = reason.trim().slice(0, 255);
    if (!approve && !staffReason) throw new AppError(REFUND_MSG.returnRefuseReasonRequired, HttpStatus.BAD_REQUEST);
    return this.tx.run(async () => {
      const found = await this.tx.repo(ReturnRequest).findOne({ where: { id: requestId } });
      if (!found) throw new NotFoundError(REFUND_MSG.returnRequestNotFound);
      await this.orders.lockForRefund(found.order_id);
      const status = approve ? RETURN_STATUS.approved : RETURN_STATUS.refused;
      const res = await this.tx
        .repo(ReturnRequest)
        .update(
          { id: requestId, status: RETURN_STATUS.requested },
          { status, staff_reason: staffReason, handled_by: admin.id, handled_by_name: admin.username.slice(0, 50), handled_at: new Date() },
        );
      if (res.affected !== 1) throw new AppError(REFUND_MSG.returnAlreadyHandled, HttpStatus.CONFLICT);
      await this.orders.setReturnStatus(found.order_id, status, [RETURN_STATUS.requested], staffActor(admin));
      await this.audit.record({
        admin,
        action: approve ? 'order.return-approve' : 'order.return-refuse',
        entity: 'order',
        entityId: found.order_id,
        before: { return_status: RETURN_STATUS.requested },
        after: { return_status: status, staff_reason: staffReason, request_id: requestId },
        summary: approve ? `同意退貨${staffReason ? `：${staffReason}` : ''}` : `拒絕退貨：${staffReason}`,
      });
      return toReturnRequestView((await this.tx.repo(ReturnRequest).findOne({ where: { id: requestId } }))!);
    });
  }
}
