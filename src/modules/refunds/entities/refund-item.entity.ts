import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { MoneyColumn } from '../../../database/columns';

/**
 * What one refund took back of one order line: `quantity` units (0 when an amount was spread over
 * lines without naming units) and `amount` NT$ (that line's share). Shipping refunded is on the
 * refund itself (refunds.shipping_amount). Σ refund_items.amount + refunds.shipping_amount = refunds.amount.
 */
@Entity('refund_items')
@Index('idx_refund_items_refund', ['refund_id'])
@Index('idx_refund_items_item', ['order_item_id'])
export class RefundItem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  refund_id: number;

  @Column({ type: 'int' })
  order_id: number;

  @Column({ type: 'int' })
  order_item_id: number;

  @Column({ type: 'int', default: 0 })
  quantity: number;

  @MoneyColumn()
  amount: number;
}
