import { Injectable } from '@nestjs/common';
import type { DashboardLowStockVariant } from '../../common/api/admin-dashboard';
import { Transactions } from '../../common/transactions/transactions';
import { Product } from './entities/product.entity';
import { ProductVariant } from './entities/product-variant.entity';

type Num = string | number | null;

/** Aggregates over the catalogue's tables for the back-office dashboard (SQL only, no rows loaded beyond the list). */
@Injectable()
export class CatalogStatsService {
  constructor(private readonly tx: Transactions) {}

  /**
   * Variants (not removed) of listed products with `quantity ≤ threshold`: how many in all, and the
   * first `limit` of them, lowest stock first (then product, then the variants' display order).
   */
  async lowStock(threshold: number, limit: number): Promise<{ total: number; variants: DashboardLowStockVariant[] }> {
    const low = () =>
      this.tx
        .repo(ProductVariant)
        .createQueryBuilder('v')
        .innerJoin(Product, 'p', 'p.id = v.product_id')
        .where('p.is_active = 1 AND v.is_active = 1 AND v.quantity <= :threshold', { threshold });
    const [count, rows] = await Promise.all([
      low().select('COUNT(*)', 'n').getRawOne<{ n: Num }>(),
      low()
        .select('v.product_id', 'product_id')
        .addSelect('p.title', 'title')
        .addSelect('v.id', 'variant_id')
        .addSelect('v.variant_name', 'variant_name')
        .addSelect('v.quantity', 'quantity')
        .orderBy('v.quantity', 'ASC')
        .addOrderBy('v.product_id', 'ASC')
        .addOrderBy('v.sort_order', 'ASC')
        .addOrderBy('v.id', 'ASC')
        .limit(limit)
        .getRawMany<{ product_id: Num; title: string; variant_id: Num; variant_name: string; quantity: Num }>(),
    ]);
    return {
      total: Number(count?.n ?? 0),
      variants: rows.map((r) => ({
        product_id: Number(r.product_id),
        title: r.title,
        variant_id: Number(r.variant_id),
        variant_name: r.variant_name,
        quantity: Number(r.quantity ?? 0),
      })),
    };
  }
}
