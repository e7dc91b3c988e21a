import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, DateTimeColumn, FlagColumn, JsonColumn, UpdatedAt } from '../../../database/columns';

/** Spec 4 §3 "Promotion" kinds. */
export const PROMOTION_KINDS = ['amount_off', 'percent_off', 'bundle_price', 'free_shipping', 'gift', 'addon'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const PROMOTION_SCOPES = ['all', 'products', 'categories'] as const;
export type PromotionScope = (typeof PROMOTION_SCOPES)[number];
export const COUPON_MODES = ['none', 'shared', 'unique'] as const;
export type CouponMode = (typeof COUPON_MODES)[number];

/** One amount_off tier: at `threshold` NT$ of eligible goods, `value` NT$ off (the highest reached applies). */
export interface PromotionTier {
  threshold: number;
  value: number;
}

/** One 加價購 offer: the variant at `addon_price` (NT$), at most `max_per_order` per order. */
export interface PromotionAddonItem {
  variant_id: number;
  addon_price: number;
  max_per_order: number;
}

/**
 * A campaign (spec 4 §3): 滿額折 (amount_off with tiers), 折扣 (percent_off with a cap), 任選組合價
 * (bundle_price), 免運 (free_shipping), 滿額贈 (gift, with its own stock) and 加價購 (addon).
 * Times are stored in UTC and shown/entered in Taipei time. Lists of ids are JSON arrays.
 * `used_count` and `gift_stock` are limited counters: taken by a conditional UPDATE in the order's
 * transaction (promotion-uses.service.ts) and given back when the order is cancelled.
 */
@Entity('promotions')
@Index('idx_promotions_active', ['is_active', 'ends_at'])
@Index('uq_promotions_shared_code', ['shared_code'], { unique: true })
export class Promotion {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  /** Shown to shoppers. */
  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  /** One of PROMOTION_KINDS. */
  @Column({ type: 'varchar', length: 20 })
  kind: string;

  /** Empty = open start / open end. */
  @DateTimeColumn()
  starts_at: Date | null;

  @DateTimeColumn()
  ends_at: Date | null;

  @FlagColumn(1)
  is_active: number;

  @FlagColumn(0)
  stackable: number;

  /** Higher first. */
  @Column({ type: 'int', default: 0 })
  priority: number;

  @FlagColumn(0)
  member_only: number;

  @FlagColumn(0)
  first_order_only: number;

  /** Member tier ids; empty = any. */
  @JsonColumn()
  tier_ids: number[] | null;

  /** One of PROMOTION_SCOPES. */
  @Column({ type: 'varchar', length: 20, default: 'all' })
  scope: string;

  @JsonColumn()
  product_ids: number[] | null;

  /** Product type (category) ids. */
  @JsonColumn()
  category_ids: number[] | null;

  @JsonColumn()
  exclude_product_ids: number[] | null;

  @Column({ type: 'int', nullable: true })
  min_subtotal: number | null;

  @Column({ type: 'int', nullable: true })
  min_quantity: number | null;

  /** amount_off: [{threshold, value}]. */
  @JsonColumn()
  tiers: PromotionTier[] | null;

  /** percent_off: 1–99 (% off). */
  @Column({ type: 'int', nullable: true })
  percent: number | null;

  /** percent_off: the cap in NT$ (empty = none). */
  @Column({ type: 'int', nullable: true })
  max_discount: number | null;

  @Column({ type: 'int', nullable: true })
  bundle_quantity: number | null;

  @Column({ type: 'int', nullable: true })
  bundle_price: number | null;

  @Column({ type: 'int', nullable: true })
  gift_variant_id: number | null;

  /** Gifts left to give (a counter, taken by a conditional UPDATE). */
  @Column({ type: 'int', default: 0 })
  gift_stock: number;

  @JsonColumn()
  addon_items: PromotionAddonItem[] | null;

  /** One of COUPON_MODES. */
  @Column({ type: 'varchar', length: 10, default: 'none' })
  coupon_mode: string;

  /** Upper-case; unique across promotions (null when not shared). */
  @Column({ type: 'varchar', length: 20, nullable: true })
  shared_code: string | null;

  /** Total uses (empty = none). */
  @Column({ type: 'int', nullable: true })
  usage_limit: number | null;

  /** Uses per member (empty = none). */
  @Column({ type: 'int', nullable: true })
  per_member_limit: number | null;

  /** Orders (not cancelled) that used it: a counter, taken by a conditional UPDATE. */
  @Column({ type: 'int', default: 0 })
  used_count: number;

  @CreatedAt()
  created_at: Date;

  @UpdatedAt()
  updated_at: Date;
}
