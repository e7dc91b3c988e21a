import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Transactions } from '../../common/transactions/transactions';
import { lockForRead } from '../../database/db-dialect';
import { Product } from './entities/product.entity';
import { ProductVariant } from './entities/product-variant.entity';

/** A variant with its product, as stored now. */
export interface VariantRef {
  variant_id: number;
  product_id: number;
  title: string;
  variant_name: string;
  image_url: string;
  /** Its regular price (NT$). */
  discount_price: number;
  /** Units in stock (≥ 0), whatever the flags below say. */
  stock: number;
  /** The variant is switched on (product_variants.is_active). */
  active: boolean;
  /** Its product is listed (products.is_active). */
  listed: boolean;
}

/** A product with its active variants as stored now (我的收藏: price and stock now). */
export interface ProductNow {
  product_id: number;
  title: string;
  image_url: string;
  listed: boolean;
  /** Active variants in their display order. */
  variants: Array<{ variant_id: number; variant_name: string; price: number; list_price: number; stock: number }>;
}

/**
 * Variants by id, read from the database (never a cached answer), for modules that name variants
 * rather than products: a promotion's gift and add-on items (the admin form's existence check and
 * what the quote shows). Joins the caller's transaction.
 */
@Injectable()
export class VariantLookup {
  constructor(private readonly tx: Transactions) {}

  /** The variants with these ids that exist (any order; unknown ids left out). */
  async byIds(variantIds: readonly number[]): Promise<VariantRef[]> {
    const ids = [...new Set(variantIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
    if (ids.length === 0) return [];
    const variants = await this.tx.repo(ProductVariant).find({ where: { id: In(ids) } });
    if (variants.length === 0) return [];
    const products = await this.tx.repo(Product).find({
      where: { id: In([...new Set(variants.map((v) => v.product_id))]) },
      select: { id: true, title: true, image_url: true, is_active: true },
    });
    const byId = new Map(products.map((p) => [p.id, p]));
    return variants.flatMap((v) => {
      const p = byId.get(v.product_id);
      if (!p) return [];
      return [
        {
          variant_id: v.id,
          product_id: p.id,
          title: p.title,
          variant_name: v.variant_name,
          image_url: p.image_url,
          discount_price: Number(v.discount_price),
          stock: Math.max(0, Number(v.quantity)),
          active: Number(v.is_active) === 1,
          listed: Number(p.is_active) === 1,
        },
      ];
    });
  }

  /** Products with these ids that exist (delisted ones too, `listed` false) and their active variants. */
  async productsNow(productIds: readonly number[]): Promise<ProductNow[]> {
    const ids = [...new Set(productIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
    if (ids.length === 0) return [];
    const [products, variants] = await Promise.all([
      this.tx.repo(Product).find({ where: { id: In(ids) }, select: { id: true, title: true, image_url: true, is_active: true } }),
      this.tx.repo(ProductVariant).find({ where: { product_id: In(ids), is_active: 1 }, order: { sort_order: 'ASC', id: 'ASC' } }),
    ]);
    return products.map((p) => ({
      product_id: p.id,
      title: p.title,
      image_url: p.image_url,
      listed: Number(p.is_active) === 1,
      variants: variants
        .filter((v) => v.product_id === p.id)
        .map((v) => ({ variant_id: v.id, variant_name: v.variant_name, price: Number(v.discount_price), list_price: Number(v.original_price), stock: Math.max(0, Number(v.quantity)) })),
    }));
  }

  /**
   * A variant's stock read with a shared lock (MariaDB; SQLite's transactions take turns): a stock
   * change in flight is waited for and seen, and one that starts after waits for the caller's commit.
   * Call it in a transaction. null when the variant does not exist.
   */
  async lockedStock(variantId: number): Promise<number | null> {
    const qb = this.tx.repo(ProductVariant).createQueryBuilder('v').select(['v.id', 'v.quantity']).where('v.id = :variantId', { variantId });
    const row = await lockForRead(qb).getOne();
    return row ? Math.max(0, Number(row.quantity)) : null;
  }
}
