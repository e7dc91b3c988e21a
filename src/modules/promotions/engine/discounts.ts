import { allocate } from '../../../common/money/allocate';
import { CALCULATORS } from './calculators';
import { byPriority, isDiscountKind, sumAt } from './conditions';
import type { EngineLine, EnginePromotion } from './engine-types';

/**
 * Which discounts apply and how much each takes (spec 4 §4 step 2, issue 20 rule 3):
 * 1. A valid code's promotion always applies. Not stackable: the automatic non-stackable ones give
 *    way to it. Otherwise the automatic non-stackable one saving most (computed alone, on the lines
 *    at their prices; tie → higher priority, then lower id) applies first.
 * 2. Then the stackable ones (the code's included when stackable) by priority (desc, then id), each
 *    on what is left of its lines.
 * Each amount is spread here exactly as priceCart will spread it (allocate over what is left of its
 * lines), so the next promotion sees what priceCart will have left, and priceCart places every NT$.
 */

/** A discount promotion whose conditions hold (window, customer, limits, scope, thresholds). */
export interface DiscountCandidate {
  p: EnginePromotion;
  /** Its eligible lines. */
  idx: number[];
  /** Applied through the code the shopper typed. */
  viaCode: boolean;
}

export interface AppliedDiscount extends DiscountCandidate {
  /** Positive NT$ it takes (0 = it applies but has nothing to take). */
  amount: number;
  lineIndexes: number[];
  /** What each line takes of it. */
  shares: number[];
}

export interface DiscountOutcome {
  applied: AppliedDiscount[];
  /** Each bought line's amount after the discounts. */
  left: number[];
}

export function applyDiscounts(lines: readonly EngineLine[], candidates: readonly DiscountCandidate[]): DiscountOutcome {
  const gross = lines.map((l) => l.unitPrice * l.quantity);
  const left = [...gross];
  const discounts = candidates.filter((c) => isDiscountKind(c.p.kind));
  const take = (c: DiscountCandidate, on: readonly number[]) => CALCULATORS[c.p.kind as keyof typeof CALCULATORS]({ p: c.p, lines, idx: c.idx, gross, left: on });

  const code = discounts.find((c) => c.viaCode) ?? null;
  let first: DiscountCandidate | null = null;
  if (code && !code.p.stackable) first = code;
  else {
    let best: { c: DiscountCandidate; amount: number } | null = null;
    for (const c of discounts) {
      if (c.viaCode || c.p.stackable) continue;
      const amount = take(c, gross).amount;
      if (amount <= 0) continue;
      if (!best || amount > best.amount || (amount === best.amount && byPriority(c.p, best.c.p) < 0)) best = { c, amount };
    }
    first = best?.c ?? null;
  }
  const stackables = discounts.filter((c) => c.p.stackable).sort((a, b) => byPriority(a.p, b.p));
  const sequence = first ? [first, ...stackables] : stackables;

  const applied: AppliedDiscount[] = [];
  for (const c of sequence) {
    const t = take(c, left);
    const caps = lines.map((_, i) => (t.lineIndexes.includes(i) ? left[i] : 0));
    const amount = Math.min(t.amount, sumAt(caps, t.lineIndexes));
    const shares = amount > 0 ? allocate(amount, caps, caps) : lines.map(() => 0);
    shares.forEach((s, i) => (left[i] -= s));
    applied.push({ ...c, amount, lineIndexes: t.lineIndexes, shares });
  }
  return { applied, left };
}
