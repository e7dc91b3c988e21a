import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { AppError, NotFoundError } from '../../common/errors/app-error';
import { DomainEvents } from '../../common/events/domain-events';
import { Transactions } from '../../common/transactions/transactions';
import { PRODUCT_NOT_FOUND } from './catalog.service';
import { StockRepository, type StockVariantRow } from './stock.repository';

/** One line of a reservation: `quantity` units of one variant. */
export interface StockLine {
  variantId: number;
  quantity: number;
}

/** The quantity rule of the shop (spec 1 §4, spec 2 §5): 1 to 99 per line. */
export const MAX_LINE_QUANTITY = 99;
export const INVALID_QUANTITY = '購買數量須為 1 到 99 件';

export const stockShortMessage = (name: string, available: number) =>
  available > 0 ? `庫存不足：「${name}」僅剩 ${available} 件` : `庫存不足：「${name}」已售完`;
export const unavailableMessage = (name: string) => `「${name}」已下架，無法購買`;

/** What the shopper is told about a line: the product's title and the variant's name. */
function lineName(title: string, variantName: string): string {
  return variantName ? `${title}（${variantName}）` : title;
}

/**
 * A reservation could not be made: a variant has less stock than asked for. The answer carries
 * the variant and what is left, so the cart can cap the line (庫存僅剩 N 件).
 */
export class OutOfStockError extends AppError {
  constructor(
    name: string,
    readonly variantId: number,
    readonly productId: number,
    readonly available: number,
  ) {
    super(stockShortMessage(name, available), HttpStatus.CONFLICT, { variant_id: variantId, product_id: productId, available });
  }
}

/** A variant that is switched off, or whose product is delisted. */
export class VariantUnavailableError extends AppError {
  constructor(
    name: string,
    readonly variantId: number,
    readonly productId: number,
  ) {
    super(unavailableMessage(name), HttpStatus.CONFLICT, { variant_id: variantId, product_id: productId, available: 0 });
  }
}

type VariantRow = StockVariantRow;

/**
 * Stock of the catalogue's variants (`product_variants.quantity`). Both methods join the caller's transaction (`Transactions.run`
 * opens one when there is none), so checkout's order rows, the stock update and the outbox rows
 * commit together; a shortfall throws and the whole transaction rolls back.
 *
 * Lock order (no deadlock on MariaDB): a reservation locks only the variants' rows, by id (whether
 * the product is listed is a plain read); a release locks the products' rows by id first, then
 * the variants' by id — the order of a staff edit, and of the sold count a refund then moves.
 * Once committed, `product.changed {reason: 'stock'}` is published.
 */
@Injectable()
export class StockService {
  private readonly logger = new Logger(StockService.name);

  constructor(
    private readonly tx: Transactions,
    private readonly events: DomainEvents,
    private readonly rows: StockRepository,
  ) {}

  /**
   * Takes `quantity` of each variant off its stock, all or nothing (the sold count moves when the
   * order is paid: SoldCounts). Only an active variant of a listed product can be reserved. Throws
   * {@link OutOfStockError} (409, 庫存不足：「…」僅剩 N 件) naming the first line that is short,
   * {@link VariantUnavailableError} (409) for a switched-off variant or delisted product, and
   * NotFoundError (找不到商品) for an unknown variant.
   *
   * `optional` lines (a promotion's gift) are taken when they can be and skipped otherwise, never
   * failing the reservation; they are locked in the same order as the others (products by id,
   * then variants by id), so an order with a gift takes no lock out of turn. Returns the optional
   * lines that were not taken.
   */
  async reserveStock(items: readonly StockLine[], optional: readonly StockLine[] = []): Promise<StockLine[]> {
    const lines = normalise(items);
    const extra = normalise(optional);
    if (lines.length === 0 && extra.length === 0) return [];
    return this.tx.run(async () => {
      const variants = await this.rows.variantsOf([...lines, ...extra].map((l) => l.variantId));
      for (const line of lines) if (!variants.has(line.variantId)) throw new NotFoundError(PRODUCT_NOT_FOUND, { variant_id: line.variantId });
      const skipped = extra.filter((l) => !variants.has(l.variantId));
      let wanted = extra.filter((l) => variants.has(l.variantId));
      const required = new Set(lines.map((l) => variants.get(l.variantId)!.product_id));
      const byProduct = sumByProduct([...lines, ...wanted], variants);

      const listed = new Set([...variants.values()].filter((v) => v.listed).map((v) => v.product_id));
      for (const productId of byProduct.keys()) {
        if (listed.has(productId)) continue;
        if (!required.has(productId)) {
          // Only optional lines of a delisted product: left out.
          skipped.push(...wanted.filter((l) => variants.get(l.variantId)!.product_id === productId));
          wanted = wanted.filter((l) => variants.get(l.variantId)!.product_id !== productId);
          continue;
        }
        const v = variants.get(lines.find((l) => variants.get(l.variantId)!.product_id === productId)!.variantId)!;
        throw new VariantUnavailableError(lineName(v.title, v.variant_name), v.id, productId);
      }

      // Variants by id; a variant both bought and optional: the bought units first.
      const steps = [...lines.map((l) => ({ ...l, optional: false })), ...wanted.map((l) => ({ ...l, optional: true }))].sort(
        (x, y) => x.variantId - y.variantId || Number(x.optional) - Number(y.optional),
      );
      for (const { variantId, quantity, optional: isOptional } of steps) {
        if (await this.rows.take(variantId, quantity)) continue;
        const v = variants.get(variantId)!;
        if (isOptional) {
          skipped.push({ variantId, quantity });
          continue;
        }
        const name = lineName(v.title, v.variant_name);
        const now = await this.rows.current(variantId);
        if (!now || !now.is_active) throw new VariantUnavailableError(name, variantId, v.product_id);
        throw new OutOfStockError(name, variantId, v.product_id, Math.max(0, now.quantity));
      }

      if (byProduct.size > 0) await this.events.publish('product.changed', { productIds: [...byProduct.keys()], reason: 'stock' });
      return skipped;
    });
  }

  /**
   * Puts `quantity` of each variant back (a cancelled or expired order, a refund with restock),
   * whether or not the variant or product is still on sale, and publishes `stock.restocked` for
   * the variants that went from 0 to above 0 (in the transaction: restock notices commit with it). A variant
   * deleted since is skipped (logged): there is no stock left to return to.
   */
  async releaseStock(items: readonly StockLine[]): Promise<void> {
    const lines = normalise(items);
    if (lines.length === 0) return;
    await this.tx.run(async () => {
      const variants = await this.rows.variantsOf(lines.map((l) => l.variantId));
      const known = lines.filter((l) => variants.has(l.variantId));
      for (const l of lines) if (!variants.has(l.variantId)) this.logger.warn(`release: variant #${l.variantId} no longer exists; ${l.quantity} not returned`);
      if (known.length === 0) return;
      const byProduct = sumByProduct(known, variants);
      await this.rows.lockProducts([...byProduct.keys()]);
      for (const { variantId, quantity } of known) await this.rows.putBack(variantId, quantity);
      // Which of them went from 0 to above 0 (the rows are ours since the UPDATEs: exact under races).
      const now = await this.rows.quantities(known.map((l) => l.variantId));
      const restocked = known.filter((l) => (now.get(l.variantId) ?? 0) > 0 && (now.get(l.variantId) ?? 0) - l.quantity <= 0).map((l) => l.variantId);

      await this.events.publish('product.changed', { productIds: [...byProduct.keys()], reason: 'stock' });
      if (restocked.length) await this.events.publish('stock.restocked', { variantIds: restocked });
    });
  }
}

/**
 * Checks each line (a variant id; 1 to 99 units), adds up lines of the same variant and sorts
 * them by variant id: the order rows are locked in.
 */
export function normalise(items: readonly StockLine[]): StockLine[] {
  const sums = new Map<number, number>();
  for (const { variantId, quantity } of items) {
    if (!Number.isSafeInteger(variantId) || variantId <= 0) throw new NotFoundError(PRODUCT_NOT_FOUND, { variant_id: variantId });
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) throw new AppError(INVALID_QUANTITY);
    sums.set(variantId, (sums.get(variantId) ?? 0) + quantity);
  }
  return [...sums].sort(([a], [b]) => a - b).map(([variantId, quantity]) => ({ variantId, quantity }));
}

/** Units per product, in product id order (the order their rows are locked in). */
function sumByProduct(lines: readonly StockLine[], variants: Map<number, VariantRow>): Map<number, number> {
  const sums = new Map<number, number>();
  for (const l of lines) {
    const productId = variants.get(l.variantId)!.product_id;
    sums.set(productId, (sums.get(productId) ?? 0) + l.quantity);
  }
  return new Map([...sums].sort(([a], [b]) => a - b));
}
