import type { QuoteCoupon, QuoteLine } from '../../../common/api/promotions';
import { POINTS_LABEL, priceCart, type AdjustmentInput, type PriceLineInput } from '../../orders/pricing/price-cart';
import { byPriority, eligibleLines, gateRefusal, isDiscountKind, reached, shortfall } from './conditions';
import { checkCouponGate, couponThresholdMessage } from './coupon-check';
import { applyDiscounts, type DiscountCandidate } from './discounts';
import { allocate } from '../../../common/money/allocate';
import type { EngineInput, EnginePromotion, EngineResult, EngineUse } from './engine-types';
import { applyExtras, type ExtraCandidate } from './gifts-addons';
import { buildHints } from './hints';
import { GIFT_SOLD_OUT } from './messages';

/**
 * The promotion engine (spec 4 §4, issue 20 rules 1–13): a cart, the promotions, the customer and
 * the typed code → the priced order. Pure: the quote, the checkout and submitOrder call it alike.
 *
 * 1. The code is checked (coupon-check.ts); a refused code leaves the quote without it.
 * 2. Discounts compete and stack (discounts.ts) on the bought lines.
 * 3. Free shipping, gifts and add-ons on the goods after discounts (gifts-addons.ts).
 * 4. priceCart, once, places every amount (its invariants are the order's); lines are the bought
 *    items in input order, then gifts (NT$ 0), then add-ons.
 * 5. Hints for what is not yet reached (hints.ts); the uses the checkout records.
 */
export function quoteCart(input: EngineInput): EngineResult {
  const { lines, now, customer } = input;
  const promotions = [...input.promotions].sort(byPriority);
  const gross = lines.map((l) => l.unitPrice * l.quantity);

  // 1. The code, up to its scope; a discount's threshold now (before any promotion).
  const gate = input.coupon ? checkCouponGate(input.coupon, promotions, lines, now, customer) : null;
  let refused: string | null = gate && !gate.ok ? gate.message : null;
  let code: Reachable | null = gate?.ok ? { p: gate.p, idx: gate.idx } : null;
  if (code && isDiscountKind(code.p.kind)) {
    refused = couponThresholdMessage(code.p, lines, code.idx, gross);
    if (refused) code = null;
  }

  // The automatic promotions whose window, customer and limits hold and that have goods in scope.
  const open: Reachable[] = [];
  for (const p of promotions) {
    if (p.couponMode !== 'none' || gateRefusal(p, now, customer)) continue;
    const idx = eligibleLines(p, lines);
    if (idx.some((i) => lines[i].quantity > 0)) open.push({ p, idx });
  }

  // 2. Discounts: thresholds on the lines before any promotion.
  const discountCandidates: DiscountCandidate[] = open
    .filter(({ p, idx }) => isDiscountKind(p.kind) && reached(shortfall(p, lines, idx, gross)))
    .map(({ p, idx }) => ({ p, idx, viaCode: false }));
  if (code && isDiscountKind(code.p.kind)) discountCandidates.push({ ...code, viaCode: true });
  const { applied, left } = applyDiscounts(lines, discountCandidates);
  // The tier discount (issue 21): stackable, last, on what the others left of the bought lines.
  const tier = tierDiscountOf(input, left);

  // 3. Free shipping, gifts, add-ons: conditions on the eligible goods after discounts.
  if (code && !isDiscountKind(code.p.kind)) {
    refused = couponThresholdMessage(code.p, lines, code.idx, left);
    if (refused) code = null;
  }
  const extraCandidates: ExtraCandidate[] = open
    .filter(({ p, idx }) => !isDiscountKind(p.kind) && reached(shortfall(p, lines, idx, left)))
    .map(({ p }) => ({ p, viaCode: false }));
  if (code && !isDiscountKind(code.p.kind)) extraCandidates.push({ p: code.p, viaCode: true });
  extraCandidates.sort((a, b) => byPriority(a.p, b.p));
  const extras = applyExtras(lines, extraCandidates, input.addons);
  // A gift code whose gift is gone gives nothing: refused, so the code is not spent for nothing.
  if (code?.p.kind === 'gift' && !extras.giftLines.some((g) => g.viaCode)) {
    refused = GIFT_SOLD_OUT;
    code = null;
  }
  const freeShipping = extras.freeShipping.length > 0;

  // 4. The money, placed once.
  const priceLines: PriceLineInput[] = [
    ...lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity })),
    ...extras.giftLines.map(() => ({ unitPrice: 0, quantity: 1, eligible: false })),
    ...extras.addonLines.map((a) => ({ unitPrice: a.addonPrice, quantity: a.quantity })),
  ];
  const adjustments: AdjustmentInput[] = applied
    .filter((d) => d.amount > 0)
    .map((d) => ({ kind: d.viaCode ? 'coupon' : 'promotion', label: d.p.name, amount: -d.amount, lineIndexes: d.lineIndexes, sourceId: String(d.p.id) }));
  if (tier) adjustments.push(tier);
  const balance = Math.max(0, Math.floor(input.pointsBalance));
  const points = Number.isSafeInteger(input.points) && input.points > 0 ? Math.min(input.points, balance) : 0;
  const priced = priceCart({ lines: priceLines, shipping: input.shipping, adjustments, freeShipping, points, pointsMaxPercent: input.pointsMaxPercent, pointsLabel: POINTS_LABEL });

  const quoteLines: QuoteLine[] = [
    ...lines.map((l) => ({ ...variantFields(l), unit_price: l.unitPrice, quantity: l.quantity, line_kind: 'item' as const })),
    ...extras.giftLines.map((g) => ({ ...variantFields(g.variant), unit_price: 0, quantity: 1, line_kind: 'gift' as const, promotion_id: g.p.id })),
    ...extras.addonLines.map((a) => ({ ...variantFields(a.variant), unit_price: a.addonPrice, quantity: a.quantity, line_kind: 'addon' as const, promotion_id: a.p.id })),
  ].map((l, i) => ({ ...l, discount: priced.lines[i].discount, amount: priced.lines[i].amount }));

  // 5. Uses: what the order takes of each promotion that did something, in priority order.
  const placed = new Map(priced.adjustments.filter((a) => a.kind !== 'points').map((a) => [a.sourceId, a]));
  // Each later discount was computed on what the earlier ones left: priceCart must have placed the same.
  for (const d of applied) {
    const got = placed.get(String(d.p.id));
    if (d.amount > 0 && (!got || -got.amount !== d.amount || d.shares.some((x, i) => got.shares[i] !== x))) {
      throw new Error(`quoteCart: priceCart placed promotion ${d.p.id} differently from the engine`);
    }
  }
  const uses: EngineUse[] = [];
  for (const p of promotions) {
    const discount = 0 - (placed.get(String(p.id))?.amount ?? 0);
    const gift = extras.giftLines.some((g) => g.p.id === p.id);
    const did = discount > 0 || gift || extras.freeShipping.some((c) => c.p.id === p.id) || extras.addonLines.some((a) => a.p.id === p.id);
    if (!did) continue;
    const viaCode = code?.p.id === p.id;
    uses.push({
      promotionId: p.id,
      counts: p.couponMode !== 'none' || p.usageLimit != null || p.perMemberLimit != null,
      perMemberLimit: p.perMemberLimit,
      codeId: viaCode ? (input.coupon?.codeId ?? null) : null,
      code: viaCode ? (input.coupon?.code ?? '') : '',
      gift,
      discount,
    });
  }

  // Hints: the automatic promotions not reached, and the code's when it got past its gate.
  const hintable = open.filter(({ p }) => p.kind !== 'addon');
  if (gate?.ok && gate.p.kind !== 'addon') hintable.push({ p: gate.p, idx: gate.idx });
  hintable.sort((a, b) => byPriority(a.p, b.p));
  const hints = buildHints({ lines, candidates: hintable, gross, left, goods: priced.goods, shipping: input.shipping, shippingFee: priced.shippingFee, codePromotionId: gate?.ok ? gate.p.id : null });

  const coupon: QuoteCoupon | null = input.coupon
    ? { code: input.coupon.code, applied: code !== null, ...(refused ? { message: refused } : {}), ...(gate?.p ? { promotion_id: gate.p.id } : {}) }
    : null;
  const pointsMax = Math.min(balance, Math.floor((priced.goods * Math.max(0, input.pointsMaxPercent)) / 100));
  return {
    priced,
    lines: quoteLines,
    adjustments: priced.adjustments.map((a) => ({
      kind: a.kind,
      label: a.label,
      amount: a.amount,
      sourceId: a.sourceId,
      ...(a.kind === 'promotion' || a.kind === 'coupon' ? { promotion_id: Number(a.sourceId) } : {}),
    })),
    gifts: extras.gifts,
    addonOffers: extras.addonOffers,
    hints,
    coupon,
    // The method's own threshold counts too, when the method costs something.
    freeShipping: freeShipping || (input.shipping.shipping_cost > 0 && priced.shippingFee === 0),
    uses,
    pointsMax,
  };
}

/**
 * The tier's amount: floor(percent × what is left of the bought lines), spread here as priceCart
 * will (allocate over what is left), so `left` is the goods after every discount.
 */
function tierDiscountOf(input: EngineInput, left: number[]): AdjustmentInput | null {
  const t = input.tierDiscount;
  if (!t || !(t.percent > 0) || input.customer.userId === null) return null;
  const base = left.reduce((s, x) => s + x, 0);
  const amount = Math.floor((base * Math.min(100, t.percent)) / 100);
  if (amount <= 0) return null;
  const shares = allocate(amount, left, left);
  shares.forEach((x, i) => (left[i] -= x));
  return { kind: 'tier', label: t.label, amount: -amount, lineIndexes: left.map((_, i) => i), sourceId: `tier:${t.tierId}` };
}

interface Reachable {
  p: EnginePromotion;
  idx: number[];
}

function variantFields(v: { productId: number; variantId: number; title: string; variantName: string; imageUrl: string }) {
  return { product_id: v.productId, variant_id: v.variantId, title: v.title, variant_name: v.variantName, image_url: v.imageUrl };
}
