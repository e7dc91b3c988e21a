import { IsString, MaxLength } from 'class-validator';
import { GENERIC_BAD_REQUEST } from '../../../common/http/envelope';
import { IfPresent, Trim } from '../../../common/validation/decorators';
import { AdminOrderIdDto } from '../admin-orders.dto';

/** Texts of the staff order actions (開始備貨, 取消訂單). */
export const ORDER_ACTION_MSG = {
  processingStarted: '已開始備貨',
  cancelled: '訂單已取消',
  reasonTooLong: '取消原因最多 100 字',
} as const;

/** `POST /api/admin/cancelOrder {order_id, reason?}`: staff cancel an unpaid cash-on-delivery order. */
export class AdminCancelOrderDto extends AdminOrderIdDto {
  @MaxLength(100, { message: ORDER_ACTION_MSG.reasonTooLong })
  @IsString({ message: GENERIC_BAD_REQUEST })
  @IfPresent()
  @Trim()
  reason?: string;
}
