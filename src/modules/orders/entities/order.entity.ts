import { Column, Entity, Index, OneToMany, PrimaryGeneratedColumn, VersionColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, MoneyColumn, UpdatedAt } from '../../../database/columns';
import { OrderItem } from './order-item.entity';

/**
 * An order (spec 1 §3 and spec 2 §3 "order as shown"). Money in integer NT$,
 * computed on the server. `version` guards state changes (optimistic locking).
 */
@Entity('orders')
@Index('uq_orders_mer_trade_no', ['mer_trade_no'], { unique: true })
@Index('idx_orders_user_created', ['user_id', 'created_at'])
@Index('idx_orders_created', ['created_at'])
@Index('idx_orders_ship_trade_no', ['ship_trade_no'])
@Index('uq_orders_user_idempotency', ['user_id', 'idempotency_key'], { unique: true })
// The admin list's filters (status / payment status within a Taipei date range, newest first);
// they replace the single-column status indexes (their leading column serves those lookups).
@Index('idx_orders_status_created', ['status_name', 'created_at'])
@Index('idx_orders_payment_created', ['payment_status', 'created_at'])
// The dashboard's paid revenue by Taipei day of payment (src/modules/orders/order-stats.service.ts).
@Index('idx_orders_payment_paid', ['payment_status', 'paid_at'])
// The admin list's count and paid total read only this index for any date range and status filter.
@Index('idx_orders_created_money', ['created_at', 'status_name', 'payment_status', 'total_amount', 'refunded_amount'])
// The admin keyword: a whole mobile number (buyer or receiver), an e-mail prefix.
@Index('idx_orders_buy_phone', ['buy_phone'])
@Index('idx_orders_phone', ['phone'])
@Index('idx_orders_buy_email', ['buy_email'])
export class Order {
  @PrimaryGeneratedColumn()
  id: number;

  /** Our order number sent to the gateways (MerTradeNo). */
  @Column({ type: 'varchar', length: 32 })
  mer_trade_no: string;

  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  /**
   * The client's `Idempotency-Key` of the submit that created this order (unique per member):
   * a double click or a retried request answers the same order instead of creating a second.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  idempotency_key: string | null;

  // Buyer
  @Column({ type: 'varchar', length: 50, default: '' })
  buy_name: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  buy_phone: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  buy_email: string;

  // Receiver
  @Column({ type: 'varchar', length: 50, default: '' })
  name: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  phone: string;

  @Column({ type: 'varchar', length: 6, default: '' })
  zip: string;

  @Column({ type: 'varchar', length: 10, default: '' })
  city: string;

  @Column({ type: 'varchar', length: 10, default: '' })
  district: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  street: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  store_id: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  store_name: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  store_addr: string;

  // Shipping and payment
  /** Shipping method id: 1 7-11, 2 全家, 3 萊爾富, 4 宅配, 5 離島宅配. */
  @Column({ type: 'int' })
  shipping: number;

  /** '01' before 13:00, '02' 14–18, '04' unspecified. */
  @Column({ type: 'varchar', length: 2, default: '04' })
  delivery_time_slot: string;

  /** Payment method code: atm, credit, linepay, cvs, cod. */
  @Column({ type: 'varchar', length: 20 })
  payment: string;

  @Column({ type: 'varchar', length: 3, default: '' })
  bank_code: string;

  /** ATM "bank-account" or convenience-store payment code. */
  @Column({ type: 'varchar', length: 64, default: '' })
  payment_code: string;

  /** Payment deadline for ATM / convenience-store codes. */
  @DateTimeColumn()
  expire_date: Date | null;

  /** 0 unpaid, 1 paid, 2 failed, 3 refunded (payment_status_codes). */
  @Column({ type: 'int', default: 0 })
  payment_status: number;

  /** order_status_codes.status_name. */
  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status_name: string;

  // Invoice
  /** 'personal' | 'Company' | 'Donate' | '' (linepay). */
  @Column({ type: 'varchar', length: 10, default: '' })
  invoice_type: string;

  /** '3J0002' mobile barcode, 'CQ0001' citizen certificate, 'amego' member carrier. */
  @Column({ type: 'varchar', length: 10, default: '' })
  carrier_type: string;

  @Column({ type: 'varchar', length: 8, default: '' })
  mobile_barcode: string;

  @Column({ type: 'varchar', length: 16, default: '' })
  citizen_barcode: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  company_name: string;

  @Column({ type: 'varchar', length: 8, default: '' })
  tax_id: string;

  @Column({ type: 'varchar', length: 10, default: '' })
  donate_code: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  invoice_no: string;

  /** '' none yet, 'pending', 'issued', 'failed', 'void'. */
  @Column({ type: 'varchar', length: 20, default: '' })
  invoice_status: string;

  // Amounts (integer NT$): total_amount = subtotal − discount_total − points_used + shipping_fee.
  /** Σ price × quantity of the lines, before any adjustment. */
  @MoneyColumn()
  subtotal: number;

  /** −Σ of the order's adjustments other than points (a positive NT$). */
  @MoneyColumn()
  discount_total: number;

  /** −Σ of the order's `points` adjustments (1 point = NT$ 1). */
  @MoneyColumn()
  points_used: number;

  @MoneyColumn()
  shipping_fee: number;

  @MoneyColumn()
  total_amount: number;

  /** The member's return request: '' none, 'requested', 'approved', 'refused' (the refunds module). */
  @Column({ type: 'varchar', length: 20, default: '' })
  return_status: string;

  /**
   * Refunded so far (NT$, ≤ total_amount): written only by `OrderStateService.recordRefund`, whose
   * conditional update keeps concurrent refunds from exceeding the total. The admin list's paid
   * total subtracts it (migration 1795700100000-AdminOrders).
   */
  @MoneyColumn()
  refunded_amount: number;

  // Gateway and logistics references
  /** The payment gateway's trade number. */
  @Column({ type: 'varchar', length: 64, default: '' })
  trade_no: string;

  /** The logistics provider's shipment number. */
  @Column({ type: 'varchar', length: 64, default: '' })
  ship_trade_no: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  order_status_msg: string;

  @DateTimeColumn()
  paid_at: Date | null;

  /**
   * When the shop's analytics `purchase` event was handed to the buyer's browser (issue 22 §7): once
   * per order, even when the slip is reloaded or opened on another device. NULL = not yet.
   */
  @DateTimeColumn()
  purchase_tracked_at: Date | null;

  @DateTimeColumn()
  cancelled_at: Date | null;

  /** When the parcel was picked up at the store or delivered home (logistics status 11); starts the 7-day return window. */
  @DateTimeColumn()
  delivered_at: Date | null;

  /** When the order completed (已完成): ORDER_COMPLETION_DAYS after delivery; the return window closes. */
  @DateTimeColumn()
  completed_at: Date | null;

  @VersionColumn({ type: 'int', default: 1 })
  version: number;

  @OneToMany(() => OrderItem, (i) => i.order)
  items?: OrderItem[];

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
