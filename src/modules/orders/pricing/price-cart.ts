import { allocate } from '../../../common/money/allocate';
import { shippingFeeFor, type ShippingFeeRule } from '../../../common/validation/checkout-rules';
import type { AdjustmentKind } from '../entities/order-adjustment.entity';

/**
 * The one price function (issue 19, spec 4 §4): a cart → lines, adjustments, shipping and total.
 * Pure (no Nest, no database): checkout prices a new order with it, and the staff 訂單折扣 re-prices
 * a stored order with it (its lines, its adjustments as stored, and the new one). Whole NT$ only.
 *
 * Order of work (spec 4 §4):
 * 1. Each line's gross = unit price × quantity.
 * 2. Line-level adjustments, in the order given, each capped at its line's remaining amount.
 * 3. Order-level adjustments other than points, in the order given, each spread over the eligible
 *    lines in proportion to what is left of them, by the largest remainder (allocate(): ties go to
 *    the earlier line), capped so that no line goes below 0. What cannot be placed is not taken:
 *    the adjustment's amount is what was applied. An adjustment with `lineIndexes` is spread only
 *    over those lines (a promotion on its eligible lines).
 * 4. Goods = Σ line amounts after discounts; the shipping fee is the method's fee, 0 at its free
 *    threshold counted on the goods after discounts, before points (points pay, they don't shrink
 *    the order), 0 when `freeShipping` (a free_shipping promotion: no adjustment row, shipping is its
 *    own figure), or a fee fixed by the caller (a stored order keeps its fee).
 * 5. Points: at most `pointsMaxPercent` % of the goods (whole NT$, 1 point = NT$ 1), spread like 3.
 * 6. Total = Σ line amounts + shipping.
 *
 * Invariants (price-cart.property.spec.ts): Σ line amount + shipping = total;
 * Σ gross + Σ adjustments + shipping = total; every line amount ≥ 0; every adjustment amount < 0;
 * Σ line discount = −Σ adjustments.
 */

/** A line as charged: its unit price from the database and the quantity. */
export interface PriceLineInput {
  unitPrice: number;
  quantity: number;
  /** Whether order-level amounts may be spread over it (default true). */
  eligible?: boolean;
}

/** A requested adjustment. `amount` is negative NT$ (−100 = NT$ 100 off). */
export interface AdjustmentInput {
  kind: AdjustmentKind;
  label: string;
  amount: number;
  /** The line (index into `lines`) a line-level adjustment belongs to; absent/null = order level. */
  lineIndex?: number | null;
  /**
   * Order level only: the lines it may be spread over (a promotion's eligible lines); absent = every
   * eligible line. A line marked `eligible: false` never takes an order-level amount, even when named.
   */
  lineIndexes?: readonly number[];
  sourceId?: string;
  reason?: string;
}

export interface PriceCartInput {
  lines: readonly PriceLineInput[];
  /** The shipping method's fee rule (fee, free threshold), or a fee fixed by the caller. */
  shipping: ShippingFeeRule | { fixedFee: number };
  adjustments?: readonly AdjustmentInput[];
  /** A free_shipping promotion applies: the fee is 0 (spec 4 §4 step 6). */
  freeShipping?: boolean;
  /** Points the shopper wants to use (0 for now). */
  points?: number;
  /** Spec 4 §9 POINTS_MAX_PERCENT: points pay at most this % of the goods after discounts. */
  pointsMaxPercent?: number;
  /** The label of the points line (spec 4 §9: 購物金折抵). */
  pointsLabel?: string;
}

export interface PricedLine {
  unitPrice: number;
  quantity: number;
  /** unit price × quantity. */
  gross: number;
  /** Positive NT$: this line's share of all adjustments (points included). */
  discount: number;
  /** gross − discount, ≥ 0. */
  amount: number;
}

/** An adjustment as applied: `amount` < 0, never 0 (an adjustment that placed nothing is left out). */
export interface PricedAdjustment {
  kind: AdjustmentKind;
  label: string;
  amount: number;
  lineIndex: number | null;
  sourceId: string;
  reason: string;
  /** What each line took of it (positive NT$, by line index). */
  shares: number[];
}

export interface PricedCart {
  lines: PricedLine[];
  adjustments: PricedAdjustment[];
  /** Σ gross. */
  subtotal: number;
  /** −Σ adjustments other than points (positive NT$). */
  discountTotal: number;
  /** −Σ points adjustments (positive NT$). */
  pointsUsed: number;
  /** Σ line amounts before points: what the free-shipping threshold and the points cap are judged on. */
  goods: number;
  shippingFee: number;
  total: number;
}

export const POINTS_LABEL = '購物金折抵';
export const DEFAULT_POINTS_MAX_PERCENT = 30;

const whole = (n: number, what: string): number => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`priceCart: ${what} must be a whole NT$, got ${n}`);
  return n;
};

export function priceCart(input: PriceCartInput): PricedCart {
  const lines: PricedLine[] = input.lines.map((l, i) => {
    whole(l.unitPrice, `line ${i} unit price`);
    whole(l.quantity, `line ${i} quantity`);
    if (l.unitPrice < 0 || l.quantity < 0) throw new RangeError(`priceCart: line ${i} has a negative price or quantity`);
    const gross = l.unitPrice * l.quantity;
    return { unitPrice: l.unitPrice, quantity: l.quantity, gross, discount: 0, amount: gross };
  });
  const eligible = input.lines.map((l) => l.eligible !== false);
  const applied: PricedAdjustment[] = [];
  const requested = input.adjustments ?? [];
  for (const a of requested) {
    whole(a.amount, `adjustment ${a.label}`);
    if (a.amount > 0) throw new RangeError(`priceCart: adjustment ${a.label} must be ≤ 0, got ${a.amount}`);
    if (a.lineIndex != null && (a.lineIndex < 0 || a.lineIndex >= lines.length)) throw new RangeError(`priceCart: adjustment ${a.label} names no line`);
    if (a.lineIndexes?.some((i) => !Number.isInteger(i) || i < 0 || i >= lines.length)) throw new RangeError(`priceCart: adjustment ${a.label} names a line that does not exist`);
  }

  const take = (a: AdjustmentInput, shares: number[]): void => {
    const placed = shares.reduce((s, x) => s + x, 0);
    if (placed === 0) return;
    shares.forEach((x, i) => {
      lines[i].discount += x;
      lines[i].amount -= x;
    });
    applied.push({ kind: a.kind, label: a.label, amount: -placed, lineIndex: a.lineIndex ?? null, sourceId: a.sourceId ?? '', reason: a.reason ?? '', shares });
  };
  const spread = (a: AdjustmentInput, wanted: number): void => {
    const named = a.lineIndexes ? new Set(a.lineIndexes) : null;
    const caps = lines.map((l, i) => (eligible[i] && (!named || named.has(i)) ? l.amount : 0));
    const room = caps.reduce((s, c) => s + c, 0);
    const amount = Math.min(wanted, room);
    take(a, amount > 0 ? allocate(amount, caps, caps) : lines.map(() => 0));
  };

  // 2. Line-level adjustments.
  for (const a of requested) {
    if (a.lineIndex == null || a.kind === 'points') continue;
    const i = a.lineIndex;
    const shares = lines.map(() => 0);
    shares[i] = Math.min(-a.amount, lines[i].amount);
    take(a, shares);
  }
  // 3. Order-level adjustments (points come after shipping).
  for (const a of requested) {
    if (a.lineIndex != null || a.kind === 'points') continue;
    spread(a, -a.amount);
  }
  // 4. Shipping on the goods after discounts, before points.
  const goods = lines.reduce((s, l) => s + l.amount, 0);
  const shippingFee = input.freeShipping
    ? 0
    : 'fixedFee' in input.shipping
      ? Math.max(0, whole(input.shipping.fixedFee, 'shipping fee'))
      : shippingFeeFor(input.shipping, goods);
  // 5. Points: as given in `adjustments` (a stored order re-priced) or asked for by `points`.
  const maxPercent = input.pointsMaxPercent ?? DEFAULT_POINTS_MAX_PERCENT;
  const pointsCap = Math.floor((goods * maxPercent) / 100);
  let pointsLeft = pointsCap;
  const pointsAsked: AdjustmentInput[] = requested.filter((a) => a.kind === 'points');
  const points = whole(input.points ?? 0, 'points');
  if (points < 0) throw new RangeError('priceCart: points must be ≥ 0');
  if (points > 0) pointsAsked.push({ kind: 'points', label: input.pointsLabel ?? POINTS_LABEL, amount: -points });
  for (const a of pointsAsked) {
    const wanted = Math.min(-a.amount, pointsLeft);
    const before = applied.length;
    spread({ ...a, lineIndex: null }, wanted);
    if (applied.length > before) pointsLeft += applied[applied.length - 1].amount;
  }
  // 6. Total.
  const subtotal = lines.reduce((s, l) => s + l.gross, 0);
  const pointsUsed = 0 - applied.filter((a) => a.kind === 'points').reduce((s, a) => s + a.amount, 0);
  const discountTotal = 0 - applied.filter((a) => a.kind !== 'points').reduce((s, a) => s + a.amount, 0);
  const total = lines.reduce((s, l) => s + l.amount, 0) + shippingFee;
  return { lines, adjustments: applied, subtotal, discountTotal, pointsUsed, goods, shippingFee, total };
}
