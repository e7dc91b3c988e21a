import { configure } from '@testing-library/react';
import type { QuoteAddonOffer, QuoteAdjustment, QuoteAnswer, QuoteGift, QuoteHint, QuoteLine, QuoteRequest } from '@api/promotions';

// A priced screen waits on three answers in a row (shipping methods, the CSRF token, the quote): on a
// loaded CI machine that passed the 1 s default (as in the admin tests, testAdmin.tsx).
configure({ asyncUtilTimeout: 5000 });

/**
 * A stand-in for `POST /api/cart/quote` in client tests (the real one: src/modules/promotions, its
 * API tests in test/api/promotions-quote.api-spec.ts). It prices the lines at `prices`, takes the
 * named discounts and a known code off, adds the chosen add-ons, and charges the method's fee
 * below its threshold; the sums add up like the server's.
 */
export interface FakeShop {
  /** Unit price by `product_id:variant_id`. */
  prices: Record<string, number>;
  titles?: Record<string, string>;
  shipping?: { id: number; cost: number; threshold: number }[];
  /** Automatic discounts: label and amount (positive NT$), taken off the first line. */
  discounts?: { label: string; amount: number; promotion_id: number }[];
  /** Codes the shop knows: their discount, or the refusal's message. */
  codes?: Record<string, { label: string; amount: number; promotion_id: number } | { message: string }>;
  gifts?: QuoteGift[];
  offers?: Omit<QuoteAddonOffer, 'quantity'>[];
  hints?: QuoteHint[];
  /**
   * The member's points (issue 21): the balance, POINTS_MAX_PERCENT (30) and the tier's earn rate (%).
   * Points asked beyond the balance or the cap are refused by the server (the caller's handler answers
   * 400 then, see pointsRefusal); here they are taken as asked.
   */
  points?: { balance: number; maxPercent?: number; earnRate?: number };
}

/** The server's refusal of `usePoints` (spec 4 §5), or undefined when the quote takes it. */
export function pointsRefusal(body: QuoteRequest, shop: FakeShop): string | undefined {
  const asked = body.usePoints ?? 0;
  if (!Number.isInteger(asked) || asked < 0) return '請輸入正確的購物金點數';
  if (asked === 0) return undefined;
  const balance = shop.points?.balance ?? 0;
  if (asked > balance) return '購物金餘額不足';
  const max = fakeQuote({ ...body, usePoints: 0 }, shop).pointsMax;
  return asked > max ? `最多可折抵 NT$ ${max.toLocaleString('en-US')}` : undefined;
}

export function fakeQuote(body: QuoteRequest, shop: FakeShop): QuoteAnswer {
  const key = (p: number, v: number) => `${p}:${v || 0}`;
  const lines: QuoteLine[] = body.cartItems.map((i) => {
    const unit = shop.prices[key(i.product_id, i.variant_id)] ?? 0;
    return {
      product_id: i.product_id, variant_id: i.variant_id, title: shop.titles?.[key(i.product_id, i.variant_id)] ?? `商品 ${i.product_id}`,
      variant_name: '', image_url: '', quantity: i.quantity, unit_price: unit, discount: 0, amount: unit * i.quantity, line_kind: 'item',
    };
  });
  const adjustments: QuoteAdjustment[] = [];
  const take = (kind: QuoteAdjustment['kind'], d: { label: string; amount: number; promotion_id: number }) => {
    const amount = Math.min(d.amount, lines[0]?.amount ?? 0);
    if (!lines[0] || amount <= 0) return;
    lines[0].discount += amount;
    lines[0].amount -= amount;
    adjustments.push({ kind, label: d.label, amount: -amount, promotion_id: d.promotion_id });
  };
  for (const d of shop.discounts ?? []) take('promotion', d);
  let coupon: QuoteAnswer['coupon'] = null;
  if (body.couponCode) {
    const known = shop.codes?.[body.couponCode];
    if (known && 'amount' in known) {
      take('coupon', known);
      coupon = { code: body.couponCode, applied: true, promotion_id: known.promotion_id };
    } else coupon = { code: body.couponCode, applied: false, message: known?.message ?? '折扣碼不存在' };
  }
  const offers: QuoteAddonOffer[] = (shop.offers ?? []).map((o) => {
    const asked = body.addons?.find((a) => a.promotion_id === o.promotion_id && a.variant_id === o.variant_id);
    const quantity = asked ? Math.min(asked.quantity, o.max_per_order, o.stock) : 0;
    if (quantity > 0) {
      lines.push({
        product_id: o.product_id, variant_id: o.variant_id, title: o.title, variant_name: o.variant_name, image_url: o.image_url, quantity,
        unit_price: o.addon_price, discount: 0, amount: o.addon_price * quantity, line_kind: 'addon', promotion_id: o.promotion_id,
      });
    }
    return { ...o, quantity };
  });
  for (const g of shop.gifts ?? []) {
    if (g.available) {
      lines.push({ product_id: g.product_id, variant_id: g.variant_id, title: g.title, variant_name: g.variant_name, image_url: g.image_url, quantity: 1, unit_price: 0, discount: 0, amount: 0, line_kind: 'gift', promotion_id: g.promotion_id });
    }
  }
  const subtotal = lines.reduce((s, l) => s + l.unit_price * l.quantity, 0);
  const goods = lines.reduce((s, l) => s + l.amount, 0);
  const methods = shop.shipping ?? [{ id: 4, cost: 100, threshold: 3000 }];
  const method = methods.find((m) => m.id === body.shipping) ?? methods[0];
  // Free shipping counts the goods before points (points pay, they don't shrink the order).
  const fee = goods >= method.threshold ? 0 : method.cost;
  const balance = shop.points?.balance ?? 0;
  const pointsMax = Math.min(balance, Math.floor((goods * (shop.points?.maxPercent ?? 30)) / 100));
  const pointsUsed = Math.min(body.usePoints ?? 0, pointsMax);
  if (pointsUsed > 0 && lines[0]) {
    lines[0].discount += pointsUsed;
    lines[0].amount -= pointsUsed;
    adjustments.push({ kind: 'points', label: '購物金折抵', amount: -pointsUsed });
  }
  const paid = goods - pointsUsed;
  return {
    success: true, lines, adjustments, gifts: shop.gifts ?? [], addonOffers: offers, hints: shop.hints ?? [], coupon, subtotal,
    discountTotal: subtotal - goods, pointsUsed,
    pointsBalance: balance, pointsMax, shipping_fee: fee, freeShipping: fee === 0, totalAmount: paid + fee,
    pointsToEarn: Math.floor((paid * (shop.points?.earnRate ?? 0)) / 100),
  };
}
