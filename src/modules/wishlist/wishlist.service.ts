import { HttpStatus, Injectable } from '@nestjs/common';
import type { WishlistAnswer, WishlistItemView, WishlistToggleAnswer } from '../../common/api/wishlist';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { PRODUCT_NOT_FOUND } from '../catalog/catalog.service';
import { VariantLookup } from '../catalog/variant-lookup.service';
import { WishlistItem } from './entities/wishlist-item.entity';
import { WISHLIST_MSG } from './wishlist-messages';

/** Most a member keeps (the page lists them all at once). */
export const WISHLIST_MAX = 200;

/**
 * 我的收藏 (spec 4 §2, §7): the member's products with their price and stock NOW (read from the
 * catalogue, never stored), a delisted one kept as 已下架. The member is always the session's.
 */
@Injectable()
export class WishlistService {
  constructor(
    private readonly tx: Transactions,
    private readonly catalog: VariantLookup,
  ) {}

  async list(userId: number): Promise<WishlistAnswer> {
    const rows = await this.tx.repo(WishlistItem).find({ where: { user_id: userId }, order: { created_at: 'DESC', id: 'DESC' }, take: WISHLIST_MAX });
    const products = new Map((await this.catalog.productsNow(rows.map((r) => r.product_id))).map((p) => [p.product_id, p]));
    const items: WishlistItemView[] = [];
    for (const r of rows) {
      const p = products.get(r.product_id);
      if (!p) continue; // deleted from the catalogue (never ordered): nothing to show
      const cheapest = p.variants.reduce<(typeof p.variants)[number] | null>((min, v) => (!min || v.price < min.price ? v : min), null);
      const pick = p.variants.find((v) => v.stock > 0) ?? p.variants[0] ?? null;
      const stock = p.variants.reduce((s, v) => s + v.stock, 0);
      items.push({
        product_id: p.product_id,
        title: p.title,
        image_url: p.image_url,
        price: cheapest?.price ?? 0,
        list_price: cheapest?.list_price ?? 0,
        stock: p.listed ? stock : 0,
        available: p.listed && p.variants.length > 0,
        variant_id: p.listed ? (pick?.variant_id ?? null) : null,
        variant_name: pick?.variant_name ?? '',
        created_at: new Date(r.created_at).toISOString(),
      });
    }
    return ok({ items, productIds: rows.map((r) => r.product_id) });
  }

  /**
   * Adds the product, or removes it when it is there. Removing works for any product (a delisted
   * one too); adding needs a listed product (找不到商品 otherwise). Single statements, no
   * transaction: a DELETE of a missing row takes gap locks on MariaDB, and two toggles at once would
   * deadlock on their inserts. Two toggles at once: the unique (user, product) key keeps one row.
   */
  async toggle(userId: number, productId: number): Promise<WishlistToggleAnswer> {
    const repo = this.tx.repo(WishlistItem);
    const there = await repo.findOne({ where: { user_id: userId, product_id: productId }, select: { id: true } });
    if (there) {
      await repo.delete({ id: there.id });
      return ok({ wished: false }, WISHLIST_MSG.removed);
    }
    const [p] = await this.catalog.productsNow([productId]);
    if (!p || !p.listed) throw new NotFoundError(PRODUCT_NOT_FOUND, { product_id: productId });
    if ((await repo.count({ where: { user_id: userId } })) >= WISHLIST_MAX) throw new AppError(WISHLIST_MSG.full(WISHLIST_MAX), HttpStatus.CONFLICT);
    await this.tx.manager.createQueryBuilder().insert().into(WishlistItem).values({ user_id: userId, product_id: productId }).orIgnore().execute();
    return ok({ wished: true }, WISHLIST_MSG.added);
  }
}
