import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, FlagColumn, JsonColumn, MoneyColumn, UpdatedAt } from '../../../database/columns';

/**
 * One refund of an order (back office, `POST /api/admin/refundOrder`): money back through the
 * gateway (card `trade/close` / `trade/cancel`, LINE Pay refund) or a bank transfer staff make by
 * hand (ATM, CVS, cash on delivery). `refund_key` makes a repeated request (double click, retry)
 * the same refund.
 */
@Entity('refunds')
@Index('uq_refunds_order_key', ['order_id', 'refund_key'], { unique: true })
@Index('idx_refunds_order', ['order_id', 'created_at'])
@Index('idx_refunds_status', ['status'])
export class Refund {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  order_id: number;

  /** The client's Idempotency-Key, else one derived from the request (same admin, order, amount, reason). */
  @Column({ type: 'varchar', length: 64 })
  refund_key: string;

  /** Integer NT$. */
  @MoneyColumn()
  amount: number;

  /** Of `amount`, the shipping fee refunded (the rest is on refund_items, by line). */
  @MoneyColumn()
  shipping_amount: number;

  /** 'credit-refund' | 'credit-void' | 'linepay' | 'bank-transfer' | 'cod'. */
  @Column({ type: 'varchar', length: 20 })
  method: string;

  /** 'pending' (gateway call under way or its outcome unknown) | 'done' | 'failed' | 'manual' (a transfer staff still must make). */
  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  reason: string;

  /** The goods came back: their stock is returned (once per order). */
  @FlagColumn(0)
  restock: number;

  /** What happens to the e-invoice: 'void' (f0501 job), 'allowance' (partial: 折讓 by hand in Amego), 'none'. */
  @Column({ type: 'varchar', length: 20, default: 'none' })
  invoice_action: string;

  /** Manual refunds: the shopper's bank (3 digits), account and account holder. Answers mask the account. */
  @Column({ type: 'varchar', length: 3, default: '' })
  bank_code: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  bank_account: string;

  @Column({ type: 'varchar', length: 50, default: '' })
  bank_name: string;

  /** The gateway's reference (PAYUNi TradeNo, LINE Pay refundTransactionId). */
  @Column({ type: 'varchar', length: 64, default: '' })
  gateway_ref: string;

  /** For staff: why it failed, what to do next ('' when fine). */
  @Column({ type: 'varchar', length: 255, default: '' })
  message: string;

  /** What the gateway answered (no secrets, no card data). */
  @JsonColumn()
  raw: unknown;

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @Column({ type: 'varchar', length: 50, default: '' })
  created_by_name: string;

  @DateTimeColumn()
  done_at: Date | null;

  /** When the buyer's refund notice e-mail went out (mail.order-refunded; sent once). */
  @DateTimeColumn()
  notified_at: Date | null;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
