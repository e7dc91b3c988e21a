import type { DiscountKind } from './conditions';
import { sumAt } from './conditions';
import type { EngineLine, EnginePromotion } from './engine-types';

/**
 * What one discount takes (issue 20 rule 7), computed on what is left of its lines (`left`, whole
 * NT$ per line after the discounts applied before it). The amount is then spread over `lineIndexes`
 * by priceCart (largest remainder, in proportion to what is left), so it never exceeds their sum.
 */
export interface DiscountTake {
  amount: number;
  /** The lines it is spread over. */
  lineIndexes: number[];
}

export interface CalcInput {
  p: EnginePromotion;
  lines: readonly EngineLine[];
  /** The promotion's eligible lines (rule 5). */
  idx: readonly number[];
  /** Each line's price before any promotion (unit price × quantity): thresholds and tiers. */
  gross: readonly number[];
  /** Each line's amount left now. */
  left: readonly number[];
}

const none = (): DiscountTake => ({ amount: 0, lineIndexes: [] });

/** 滿額折: the highest tier reached by the eligible goods before promotions, capped at what is left. */
export function amountOff({ p, idx, gross, left }: CalcInput): DiscountTake {
  const subtotal = sumAt(gross, idx);
  const tier = p.tiers.filter((t) => t.threshold <= subtotal).sort((a, b) => b.threshold - a.threshold || b.value - a.value)[0];
  if (!tier || tier.value <= 0) return none();
  return { amount: Math.min(tier.value, sumAt(left, idx)), lineIndexes: [...idx] };
}

/** 折扣: floor(what is left × percent / 100), capped by max_discount (null or 0 = no cap). */
export function percentOff({ p, idx, left }: CalcInput): DiscountTake {
  const percent = p.percent ?? 0;
  if (percent <= 0) return none();
  const room = sumAt(left, idx);
  let amount = Math.floor((room * Math.min(percent, 100)) / 100);
  if (p.maxDiscount != null && p.maxDiscount > 0) amount = Math.min(amount, p.maxDiscount);
  return { amount, lineIndexes: [...idx] };
}

/**
 * 任選組合價: k = floor(eligible units / N) groups; the k×N units taken are the most expensive by
 * what is left of each unit (a line's amount left / its quantity; ties: line order). Discount =
 * max(0, their value − k × X), spread over the lines holding them. A line's part is floored
 * (a unit of a line already discounted may be worth a fraction of NT$).
 */
export function bundlePrice({ p, lines, idx, left }: CalcInput): DiscountTake {
  const n = p.bundleQuantity ?? 0;
  const price = p.bundlePrice ?? 0;
  if (n < 1 || price < 0) return none();
  const held = idx.filter((i) => lines[i].quantity > 0);
  const units = held.reduce((s, i) => s + lines[i].quantity, 0);
  const groups = Math.floor(units / n);
  if (groups === 0) return none();
  // left[a]/q[a] > left[b]/q[b] compared without division.
  const order = [...held].sort((a, b) => left[b] * lines[a].quantity - left[a] * lines[b].quantity || a - b);
  let need = groups * n;
  let value = 0;
  const lineIndexes: number[] = [];
  for (const i of order) {
    if (need === 0) break;
    const q = lines[i].quantity;
    const t = Math.min(q, need);
    need -= t;
    const whole = left[i] * t;
    value += (whole - (whole % q)) / q;
    if (left[i] > 0) lineIndexes.push(i);
  }
  const amount = Math.max(0, value - groups * price);
  return amount > 0 ? { amount, lineIndexes: lineIndexes.sort((a, b) => a - b) } : none();
}

export const CALCULATORS: Record<DiscountKind, (input: CalcInput) => DiscountTake> = {
  amount_off: amountOff,
  percent_off: percentOff,
  bundle_price: bundlePrice,
};
