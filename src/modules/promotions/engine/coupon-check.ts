import { eligibleLines, gateRefusal, shortfall } from './conditions';
import type { EngineCoupon, EngineCustomer, EngineLine, EnginePromotion } from './engine-types';
import { COUPON_MSG } from './messages';

/**
 * The code the shopper typed (issue 20 rule 9), checked in the spec's order: 折扣碼不存在 → 已停用 →
 * 尚未開始 → 已過期 → 已使用完畢 → 僅限會員使用 → 您已使用過 → 僅限首次購物 → 會員等級 → 不適用於購物車中的商品 →
 * 未達使用門檻. The last check needs the cart's amounts: a discount's threshold is judged before any
 * promotion, a gift's / free shipping's / add-on's after the discounts, so it is a step of its own.
 */

export type CouponGate = { ok: true; p: EnginePromotion; idx: number[] } | { ok: false; message: string; p: EnginePromotion | null };

export function checkCouponGate(
  coupon: EngineCoupon,
  promotions: readonly EnginePromotion[],
  lines: readonly EngineLine[],
  now: Date,
  customer: EngineCustomer,
): CouponGate {
  const p = coupon.promotionId == null ? undefined : promotions.find((x) => x.id === coupon.promotionId);
  // A promotion without codes has no code to type.
  if (!p || p.couponMode === 'none') return { ok: false, message: COUPON_MSG.unknown, p: null };
  const refusal = gateRefusal(p, now, customer, coupon.codeUsed);
  if (refusal) return { ok: false, message: COUPON_MSG[refusal], p };
  const idx = eligibleLines(p, lines);
  if (idx.every((i) => lines[i].quantity <= 0)) return { ok: false, message: COUPON_MSG.notInScope, p };
  return { ok: true, p, idx };
}

/** 未達使用門檻（還差 NT$ {n}）, or in units for a quantity threshold; null when reached. */
export function couponThresholdMessage(p: EnginePromotion, lines: readonly EngineLine[], idx: readonly number[], amounts: readonly number[]): string | null {
  const s = shortfall(p, lines, idx, amounts);
  if (s.money > 0) return COUPON_MSG.belowThreshold(s.money);
  if (s.units > 0) return COUPON_MSG.belowQuantity(s.units);
  return null;
}
