import { Injectable } from '@nestjs/common';
import { Transactions } from '../../common/transactions/transactions';
import { lockForRead, lockForWrite } from '../../database/db-dialect';
import { Product } from './entities/product.entity';
import { ProductVariant } from './entities/product-variant.entity';
import { plainExecute } from '../../database/plain-sql';

/** A variant with its product's title, as a shortfall message names it, and whether that product is listed. */
export interface StockVariantRow {
  id: number;
  product_id: number;
  variant_name: string;
  title: string;
  listed: boolean;
}

/**
 * The stock rows' statements (`product_variants.quantity`, `products.sold_quantity`), each a
 * single statement in the caller's transaction: StockService decides the order they run in
 * (products by id, then variants by id) and what a refusal means; SoldCounts moves the sold count.
 */
@Injectable()
export class StockRepository {
  constructor(private readonly tx: Transactions) {}

  /**
   * Locks the products' rows (MariaDB `FOR UPDATE`, by id) before their variants' stock goes back:
   * the order a staff edit takes them in (product, then its variants), so a release — and the
   * refund's sold count that follows it in the same transaction — never deadlocks with one.
   */
  async lockProducts(productIds: readonly number[]): Promise<void> {
    if (productIds.length === 0) return;
    const qb = this.tx.repo(Product).createQueryBuilder('p').select(['p.id']).where('p.id IN (:...ids)', { ids: [...productIds] }).orderBy('p.id', 'ASC');
    await lockForWrite(qb).getMany();
  }

  /** `sold_quantity += quantity` (a paid order's units; `updated_at` kept), listed or not. */
  async addSold(productId: number, quantity: number): Promise<void> {
    await this.tx.manager
      .createQueryBuilder()
      .update(Product)
      .set({ sold_quantity: () => 'sold_quantity + :sold', updated_at: () => 'updated_at' })
      .where('id = :productId', { productId, sold: quantity })
      .execute();
  }

  /** `sold_quantity -= quantity` (refunded units), never below 0, listed or not. */
  async takeSold(productId: number, quantity: number): Promise<void> {
    await this.tx.manager
      .createQueryBuilder()
      .update(Product)
      .set({ sold_quantity: () => 'CASE WHEN sold_quantity > :sold THEN sold_quantity - :sold ELSE 0 END', updated_at: () => 'updated_at' })
      .where('id = :productId', { productId, sold: quantity })
      .execute();
  }

  /** `quantity -= q` of an active variant with at least q left: false otherwise (the caller reads why). */
  async take(variantId: number, q: number): Promise<boolean> {
    // Every order line: plain SQL (the statement TypeORM's update() wrote, updated_at included).
    const changed = await plainExecute(
      this.tx.manager,
      'UPDATE product_variants SET quantity = quantity - ?, updated_at = CURRENT_TIMESTAMP WHERE id = ? AND is_active = 1 AND quantity >= ?',
      [q, variantId, q],
    );
    return changed === 1;
  }

  /** `quantity += q`, active or not. */
  async putBack(variantId: number, q: number): Promise<void> {
    await this.tx.manager.createQueryBuilder().update(ProductVariant).set({ quantity: () => 'quantity + :q' }).where('id = :variantId', { variantId, q }).execute();
  }

  /**
   * The stock of variants this transaction has just updated: their rows are ours until commit, and
   * a read after our own UPDATE sees the value it wrote (on the latest committed row), so
   * `now - added` is exactly what was there before.
   */
  async quantities(variantIds: readonly number[]): Promise<Map<number, number>> {
    if (variantIds.length === 0) return new Map();
    const rows = await this.tx
      .repo(ProductVariant)
      .createQueryBuilder('v')
      .select(['v.id AS id', 'v.quantity AS quantity'])
      .where('v.id IN (:...ids)', { ids: [...variantIds] })
      .getRawMany<{ id: number | string; quantity: number | string }>();
    return new Map(rows.map((r) => [Number(r.id), Number(r.quantity)]));
  }

  /**
   * The variant's stock as committed now. On MariaDB a plain read would see the transaction's
   * snapshot (REPEATABLE READ), older than an update that just failed; a locking read sees the latest.
   */
  current(variantId: number): Promise<Pick<ProductVariant, 'quantity' | 'is_active'> | null> {
    const qb = this.tx.repo(ProductVariant).createQueryBuilder('v').select(['v.id', 'v.quantity', 'v.is_active']).where('v.id = :variantId', { variantId });
    return lockForRead(qb).getOne();
  }

  /**
   * The variants with their product's title and whether it is listed (one plain read: a
   * reservation takes no lock on the products' rows, so sales of their variants never queue on
   * them and never meet a payment's or refund's sold count there; the sold count moved to payment,
   * docs/decisions/0057-real-social-proof.md).
   */
  async variantsOf(ids: readonly number[]): Promise<Map<number, StockVariantRow>> {
    if (ids.length === 0) return new Map();
    // Every order: plain SQL (the same text on both databases).
    const rows = (await this.tx.manager.query(
      `SELECT v.id AS id, v.product_id AS product_id, v.variant_name AS variant_name, p.title AS title, p.is_active AS listed FROM product_variants v INNER JOIN products p ON p.id = v.product_id WHERE v.id IN (${ids.map(() => '?').join(', ')})`,
      [...ids],
    )) as { id: number | string; product_id: number | string; variant_name: string; title: string; listed: number | string | boolean }[];
    return new Map(
      rows.map((r) => [Number(r.id), { id: Number(r.id), product_id: Number(r.product_id), variant_name: r.variant_name, title: r.title, listed: Number(r.listed) === 1 }]),
    );
  }
}
