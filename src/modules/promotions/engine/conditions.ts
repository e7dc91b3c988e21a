import type { EngineCustomer, EngineLine, EnginePromotion } from './engine-types';
import type { COUPON_MSG } from './messages';

/**
 * When a promotion may apply (issue 20 rules 4–6, 8): its window and flags, who is buying, its
 * limits, the lines in its scope and how far the cart is from its thresholds. Pure functions; the
 * coupon checks (coupon-check.ts) and the automatic promotions ask the same questions in the same order.
 */

/** The kinds that compete and stack (rule 1); the others apply whenever their conditions hold. */
export const DISCOUNT_KINDS = ['amount_off', 'percent_off', 'bundle_price'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export function isDiscountKind(kind: string): kind is DiscountKind {
  return (DISCOUNT_KINDS as readonly string[]).includes(kind);
}

/** Priority (higher first), then id: the one order every list of promotions is worked in. */
export function byPriority(a: EnginePromotion, b: EnginePromotion): number {
  return b.priority - a.priority || a.id - b.id;
}

/** Rule 4: starts_at ≤ now < ends_at (either may be open). */
export function windowRefusal(p: EnginePromotion, now: Date): 'disabled' | 'notStarted' | 'expired' | null {
  if (!p.isActive) return 'disabled';
  if (p.startsAt && p.startsAt.getTime() > now.getTime()) return 'notStarted';
  if (p.endsAt && p.endsAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/** Why a gate refuses, as the key of its coupon message. */
export type GateRefusal = Extract<keyof typeof COUPON_MSG, 'disabled' | 'notStarted' | 'expired' | 'usedUp' | 'membersOnly' | 'memberUsed' | 'firstOrderOnly' | 'wrongTier'>;

/**
 * Rule 9's checks from 已停用 to the tier, in that order (scope and threshold come later, on the cart).
 * `codeUsed`: a unique code already taken by an order.
 */
export function gateRefusal(p: EnginePromotion, now: Date, customer: EngineCustomer, codeUsed = false): GateRefusal | null {
  const window = windowRefusal(p, now);
  if (window) return window;
  if (codeUsed || (p.usageLimit != null && p.usedCount >= p.usageLimit)) return 'usedUp';
  if (p.memberOnly && customer.userId == null) return 'membersOnly';
  if (customer.userId != null && p.perMemberLimit != null && (customer.usesByPromotion.get(p.id) ?? 0) >= p.perMemberLimit) return 'memberUsed';
  if (p.firstOrderOnly && !customer.isFirstOrder) return 'firstOrderOnly';
  if (p.tierIds.length > 0 && (customer.tierId == null || !p.tierIds.includes(customer.tierId))) return 'wrongTier';
  return null;
}

/** Rule 5: the indexes of the bought lines in the promotion's scope, minus its exclusions. */
export function eligibleLines(p: EnginePromotion, lines: readonly EngineLine[]): number[] {
  const out: number[] = [];
  lines.forEach((l, i) => {
    if (p.excludeProductIds.includes(l.productId)) return;
    if (p.scope === 'products' && !p.productIds.includes(l.productId)) return;
    if (p.scope === 'categories' && (l.categoryId == null || !p.categoryIds.includes(l.categoryId))) return;
    out.push(i);
  });
  return out;
}

export const sumAt = (values: readonly number[], idx: readonly number[]): number => idx.reduce((s, i) => s + values[i], 0);

/** What the cart still misses of a promotion's thresholds: NT$ and units (0 = reached). */
export interface Shortfall {
  money: number;
  units: number;
  /** The NT$ threshold it counts towards (0 when none). */
  threshold: number;
}

/** The NT$ a promotion needs: min_subtotal, and for amount_off its lowest tier too. */
export function moneyThreshold(p: EnginePromotion): number {
  const lowestTier = p.kind === 'amount_off' && p.tiers.length > 0 ? Math.min(...p.tiers.map((t) => t.threshold)) : 0;
  return Math.max(p.minSubtotal ?? 0, lowestTier);
}

/** The units a promotion needs: min_quantity, and for bundle_price its N. */
export function unitsThreshold(p: EnginePromotion): number {
  return Math.max(p.minQuantity ?? 0, p.kind === 'bundle_price' ? (p.bundleQuantity ?? 0) : 0);
}

/**
 * Rule 6: `amounts` are the lines' prices the thresholds are judged on (gross for discounts, what is
 * left after discounts for gift / free_shipping / addon); units are the eligible lines' quantities.
 */
export function shortfall(p: EnginePromotion, lines: readonly EngineLine[], idx: readonly number[], amounts: readonly number[]): Shortfall {
  const threshold = moneyThreshold(p);
  const units = idx.reduce((s, i) => s + lines[i].quantity, 0);
  return { money: Math.max(0, threshold - sumAt(amounts, idx)), units: Math.max(0, unitsThreshold(p) - units), threshold };
}

export const reached = (s: Shortfall): boolean => s.money === 0 && s.units === 0;
