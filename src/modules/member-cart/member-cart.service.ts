import { GATEWAY_PAYMENTS } from '../../common/validation/checkout-rules';
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { ServerCartAnswer, ServerCartItem } from '../../common/api/member-cart';
import { DomainEvents } from '../../common/events/domain-events';
import { ok } from '../../common/http/envelope';
import { Transactions } from '../../common/transactions/transactions';
import { lockForWrite } from '../../database/db-dialect';
import { VariantLookup, type VariantRef } from '../catalog/variant-lookup.service';
import { toServerItem, wellFormedLines, type CartLineIn } from './cart-lines';
import { MemberCartItem } from './entities/member-cart-item.entity';
import { MemberCart } from './entities/member-cart.entity';
import { plainUpdate } from '../../database/plain-sql';

/** Live lines one server cart holds (the checkout takes at most 100 lines too). */
export const MAX_SERVER_CART_LINES = 100;

/**
 * The member's server cart (spec 4 §3–§4, issue 22 §3): the browser's cart is a cache of it.
 *
 * - `put` (each tab's writes): per line, the later `updated_at` wins; a removal is kept as quantity 0
 *   (a tombstone), so a stale tab can't bring a line back; lines a tab didn't send are kept (another
 *   tab's).
 * - `merge` (right after login, the browser's cart as a visitor): the larger quantity of each line wins.
 * - A line is stored only for a listed product and active variant of that product, quantity 1–99
 *   (0 for a removal); anything else is dropped, not an error. Answers list live lines of listed variants.
 * - `touched_at` moves on each real change (the reminder counts from it).
 * - Buying: an order's lines leave the cart in the transaction that completes the purchase, as the
 *   browser's cart does: when the order is placed (ATM, CVS code, cash on delivery), or when a card /
 *   LINE Pay order is paid (GATEWAY_PAYMENTS: a failed payment keeps the cart for 重新付款).
 *
 * Each write runs in one transaction holding the member's member_carts row (FOR UPDATE on MariaDB;
 * SQLite's transactions take turns), so two tabs' writes apply one after the other.
 */
@Injectable()
export class MemberCartService implements OnModuleInit {
  constructor(
    private readonly tx: Transactions,
    private readonly catalog: VariantLookup,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.events.inTransaction('order.created', (e) => (GATEWAY_PAYMENTS.includes(e.payment) ? Promise.resolve() : this.ordered(e.orderId, e.placed)));
    this.events.inTransaction('order.paid', (e) => (GATEWAY_PAYMENTS.includes(e.payment) ? this.ordered(e.orderId) : Promise.resolve()));
  }

  async get(userId: number): Promise<ServerCartAnswer> {
    return ok({ cartItems: await this.liveLines(userId) });
  }

  async put(userId: number, raw: readonly unknown[], now = new Date()): Promise<ServerCartAnswer> {
    const lines = wellFormedLines(raw, now.getTime(), true);
    return this.write(userId, now, lines, (stored, line) => {
      if (stored && new Date(stored.updated_at).getTime() >= line.at) return null; // an older (or the same) write: ignored
      return { quantity: line.quantity, at: line.at };
    });
  }

  async merge(userId: number, raw: readonly unknown[], now = new Date()): Promise<ServerCartAnswer> {
    const lines = wellFormedLines(raw, now.getTime(), false);
    return this.write(userId, now, lines, (stored, line) => {
      const have = stored?.quantity ?? 0;
      return line.quantity > have ? { quantity: line.quantity, at: now.getTime() } : null;
    });
  }

  /**
   * Applies `decide` to each line under the member's cart row: null = leave the stored line as it is.
   * A live line is written only for a listed, active variant of the named product; a removal for
   * any variant of it.
   */
  private async write(
    userId: number,
    now: Date,
    lines: CartLineIn[],
    decide: (stored: MemberCartItem | undefined, line: CartLineIn) => { quantity: number; at: number } | null,
  ): Promise<ServerCartAnswer> {
    // The cart row exists before the transaction locks it: created on its own (autocommit) when
    // missing, because inside the transaction a FOR UPDATE of a missing row (a gap lock) or an INSERT
    // IGNORE of an existing one (a shared lock) would let two first writers deadlock each other.
    if (!(await this.tx.repo(MemberCart).findOne({ where: { user_id: userId }, select: { user_id: true } }))) {
      await this.tx.repo(MemberCart).createQueryBuilder().insert().into(MemberCart).values({ user_id: userId, touched_at: null, reminded_at: null }).orIgnore().execute();
    }
    await this.tx.run(async () => {
      const carts = this.tx.repo(MemberCart);
      await lockForWrite(carts.createQueryBuilder('c').where('c.user_id = :userId', { userId })).getOne();
      if (lines.length === 0) return;
      const items = this.tx.repo(MemberCartItem);
      const stored = new Map((await items.find({ where: { user_id: userId } })).map((i) => [i.variant_id, i]));
      const variants = new Map((await this.catalog.byIds(lines.map((l) => l.variant_id))).map((v) => [v.variant_id, v]));
      let live = [...stored.values()].filter((i) => i.quantity > 0).length;
      let changed = false;
      for (const line of lines) {
        const v = variants.get(line.variant_id);
        if (!v || v.product_id !== line.product_id) continue;
        if (line.quantity > 0 && !(v.listed && v.active)) continue;
        const before = stored.get(line.variant_id);
        const next = decide(before, line);
        if (!next) continue;
        const wasLive = (before?.quantity ?? 0) > 0;
        if (next.quantity > 0 && !wasLive && live >= MAX_SERVER_CART_LINES) continue;
        const at = new Date(next.at);
        if (before) {
          if (before.quantity === next.quantity && new Date(before.updated_at).getTime() === next.at) continue;
          await items.update({ id: before.id }, { quantity: next.quantity, product_id: line.product_id, updated_at: at });
        } else {
          await items.insert({ user_id: userId, product_id: line.product_id, variant_id: line.variant_id, quantity: next.quantity, updated_at: at });
        }
        if (before?.quantity !== next.quantity) changed = true;
        live += (next.quantity > 0 ? 1 : 0) - (wasLive ? 1 : 0);
      }
      if (changed) await carts.update({ user_id: userId }, { touched_at: now });
    });
    return ok({ cartItems: await this.liveLines(userId) });
  }

  /** The live lines whose variant is still listed and active, oldest first. */
  async liveLines(userId: number): Promise<ServerCartItem[]> {
    const rows = await this.tx.repo(MemberCartItem).find({ where: { user_id: userId }, order: { id: 'ASC' } });
    const live = rows.filter((r) => r.quantity > 0);
    const variants = new Map((await this.catalog.byIds(live.map((r) => r.variant_id))).map((v) => [v.variant_id, v]));
    return live.filter((r) => sellable(variants.get(r.variant_id), r.product_id)).map(toServerItem);
  }

  /** The names of the live, sellable lines (the reminder's text): `title（variant）`, oldest line first. */
  async liveTitles(userId: number): Promise<string[]> {
    const rows = (await this.tx.repo(MemberCartItem).find({ where: { user_id: userId }, order: { id: 'ASC' } })).filter((r) => r.quantity > 0);
    const variants = new Map((await this.catalog.byIds(rows.map((r) => r.variant_id))).map((v) => [v.variant_id, v]));
    return rows.flatMap((r) => {
      const v = variants.get(r.variant_id);
      if (!sellable(v, r.product_id)) return [];
      return [v.variant_name ? `${v.title}（${v.variant_name}）` : v.title];
    });
  }

  /**
   * An order was placed (in its transaction): the ordered variants leave the member's server cart
   * (tombstones stamped now, so a tab still showing them can't put them back with an older write).
   */
  async ordered(orderId: number, placed?: { userId: number; variantIds: number[] }): Promise<void> {
    if (placed) return this.clearLines(placed.userId, placed.variantIds);
    // A read-only look at the orders module's tables, by name (its exported services don't answer variants).
    const rows = await this.tx.manager
      .createQueryBuilder()
      .select(['o.user_id AS user_id', 'i.variant_id AS variant_id'])
      .from('order_items', 'i')
      .innerJoin('orders', 'o', 'o.id = i.order_id')
      .where('i.order_id = :orderId', { orderId })
      .getRawMany<{ user_id: number | string | null; variant_id: number | string | null }>();
    const userId = Number(rows[0]?.user_id ?? 0);
    const variantIds = [...new Set(rows.map((r) => Number(r.variant_id ?? 0)).filter((v) => v > 0))];
    return this.clearLines(userId, variantIds);
  }

  private async clearLines(userId: number, variantIds: number[]): Promise<void> {
    if (!userId || variantIds.length === 0) return;
    // Every order: plain SQL (plainUpdate).
    await plainUpdate(this.tx.manager, MemberCartItem, { quantity: 0, updated_at: new Date() }, { user_id: userId, variant_id: variantIds }, 'quantity > 0');
  }
}

function sellable(v: VariantRef | undefined, productId: number): v is VariantRef {
  return !!v && v.product_id === productId && v.listed && v.active;
}
