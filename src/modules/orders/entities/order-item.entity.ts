import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, MoneyColumn } from '../../../database/columns';
import { Order } from './order.entity';

/**
 * A line of an order (spec "order item" / order_detail_id). Title, variant name,
 * image and price are copied at checkout so later catalogue edits never rewrite history.
 */
@Entity('order_items')
@Index('idx_order_items_order', ['order_id'])
@Index('idx_order_items_product', ['product_id'])
export class OrderItem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  @ManyToOne(() => Order, (o) => o.items, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Order;

  @Column({ type: 'int' })
  product_id: number;

  @Column({ type: 'int', nullable: true })
  variant_id: number | null;

  @Column({ type: 'varchar', length: 120 })
  title: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  variant_name: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  image_url: string;

  /** Unit price charged (the variant's discount_price at checkout). */
  @MoneyColumn()
  price: number;

  @Column({ type: 'int' })
  quantity: number;

  /** This line's share of the order's adjustments (a positive NT$, largest-remainder spread). */
  @MoneyColumn()
  discount: number;

  /** price × quantity − discount (never below 0). Σ amount + shipping_fee = the order's total. */
  @MoneyColumn()
  amount: number;

  /** 'item' (bought), 'gift' (滿額贈, NT$ 0) or 'addon' (加價購 at its addon price). */
  @Column({ type: 'varchar', length: 10, default: 'item' })
  line_kind: string;

  /** The promotion a gift or add-on line came from; null for bought items. */
  @Column({ type: 'int', nullable: true })
  promotion_id: number | null;

  @CreatedAt()
  created_at: Date;
}
