import { Injectable } from '@nestjs/common';
import type { Envelope } from '../../common/api/envelope';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { CHECKOUT_MSG } from '../../common/validation/checkout-rules';
import { AuditTrail } from '../audit/audit-trail.service';
import { ORDER_ACTION_MSG } from './dto/admin-order-actions.dto';
import type { Actor } from './order-lifecycle';
import { OrderStateService } from './order-state.service';
import { OrderRepository } from './order.repository';

/** The lifecycle's actor for a back-office user. */
export function staffActor(admin: SessionAdmin): Actor {
  return { kind: 'staff', id: admin.id, name: admin.username, role: admin.role };
}

/**
 * Staff moves of an order from the admin order detail: 開始備貨 (paid, or cash on delivery not yet
 * paid → 備貨中) and 取消訂單 of an unpaid cash-on-delivery order (its stock goes back). Each asks the
 * lifecycle (order-lifecycle.ts), which writes the history row; the 操作紀錄 gets an audit entry in
 * the same transaction. An order that moved on meanwhile answers 409 訂單狀態已變更，請重新整理.
 */
@Injectable()
export class AdminOrderActions {
  constructor(
    private readonly tx: Transactions,
    private readonly orders: OrderRepository,
    private readonly state: OrderStateService,
    private readonly audit: AuditTrail,
  ) {}

  async startProcessing(admin: SessionAdmin, orderId: number): Promise<Envelope<object>> {
    return this.tx.run(async () => {
      const order = await this.orders.findById(orderId);
      if (!order) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
      await this.state.startProcessing(orderId, staffActor(admin));
      await this.audit.record({
        admin,
        action: 'order.start-processing',
        entity: 'order',
        entityId: orderId,
        before: { status_name: order.status_name },
        after: { status_name: 'processing' },
        summary: '開始備貨',
      });
      return ok({}, ORDER_ACTION_MSG.processingStarted);
    });
  }

  async cancel(admin: SessionAdmin, orderId: number, reason = ''): Promise<Envelope<object>> {
    return this.tx.run(async () => {
      const order = await this.orders.findById(orderId);
      if (!order) throw new NotFoundError(CHECKOUT_MSG.orderNotFound);
      const text = reason ? `管理員取消訂單：${reason}` : '管理員取消訂單';
      const r = await this.state.cancel(orderId, 'staff', text, staffActor(admin));
      if (r === 'cancelled') {
        await this.audit.record({
          admin,
          action: 'order.cancel',
          entity: 'order',
          entityId: orderId,
          before: { status_name: order.status_name },
          after: { status_name: 'cancelled', ...(reason ? { reason } : {}) },
          summary: reason ? `取消訂單：${reason}` : '取消訂單',
        });
      }
      return ok({}, ORDER_ACTION_MSG.cancelled);
    });
  }
}
