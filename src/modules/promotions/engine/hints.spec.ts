import type { EngineInput } from './engine-types';
import { formatNT, HINT_TEXT } from './messages';
import { quoteCart } from './quote-cart';
import { code, input, line, member, promo, variant, visitor } from './testing/fixtures';

/** Issue 20 rule 12, spec 4 §4 step 7: what is missing, for the promotions the shopper could reach. */

// Shipping that costs nothing unless a test sets a method: no free-shipping hint in the way.
const noCost = { shipping_cost: 0, free_shipping_threshold: 0 };
const hints = (over: Partial<EngineInput>) => quoteCart(input({ shipping: noCost, ...over })).hints;
const method = { shipping_cost: 60, free_shipping_threshold: 1000 };

describe('hints', () => {
  it('writes NT$ with thousands separators', () => {
    expect([formatNT(999), formatNT(1200), formatNT(1234567), formatNT(0)]).toEqual(['NT$ 999', 'NT$ 1,200', 'NT$ 1,234,567', 'NT$ 0']);
    expect(HINT_TEXT.bundle(1, 3, 999)).toBe('再買 1 件享任選 3 件 NT$ 999');
  });

  it('free shipping: only the smaller missing amount, the method’s or a promotion’s, with its threshold', () => {
    const ship = (minSubtotal: number) => promo({ id: 7, kind: 'free_shipping', minSubtotal });
    expect(hints({ lines: [line(1, 500)], shipping: method, promotions: [ship(800)] })).toEqual([{ promotion_id: 7, kind: 'free_shipping', text: '還差 NT$ 300 享免運', missing: 300, threshold: 800 }]);
    expect(hints({ lines: [line(1, 500)], shipping: method, promotions: [ship(1200)] })).toEqual([{ promotion_id: null, kind: 'shipping', text: '還差 NT$ 500 享免運', missing: 500, threshold: 1000 }]);
    // Counted after discounts.
    expect(hints({ lines: [line(1, 1000)], shipping: method, promotions: [promo({ id: 1, kind: 'percent_off', percent: 10 })] })).toEqual([
      { promotion_id: null, kind: 'shipping', text: '還差 NT$ 100 享免運', missing: 100, threshold: 1000 },
    ]);
  });

  it('no free-shipping hint once shipping is free', () => {
    expect(hints({ lines: [line(1, 1000)], shipping: method })).toEqual([]);
    expect(hints({ lines: [line(1, 100)], shipping: method, promotions: [promo({ id: 7, kind: 'free_shipping' })] })).toEqual([]);
  });

  it('gift, bundle, amount by subtotal and by quantity; free shipping first, then the 3 nearest (a unit missing first, then the smallest NT$)', () => {
    const r = hints({
      lines: [line(1, 400, 2)],
      shipping: method,
      promotions: [
        promo({ id: 4, kind: 'gift', minSubtotal: 1500, gift: variant(901, { title: '旅行組' }), giftStock: 3, priority: 1 }),
        promo({ id: 3, kind: 'bundle_price', bundleQuantity: 3, bundlePrice: 999, priority: 2 }),
        promo({ id: 2, kind: 'amount_off', name: '滿兩千折兩百', tiers: [{ threshold: 2000, value: 200 }], stackable: true }),
        promo({ id: 5, kind: 'percent_off', name: '買三件九折', percent: 10, minQuantity: 5, stackable: true }),
      ],
    });
    expect(r.map((h) => [h.promotion_id, h.kind, h.text, h.missing])).toEqual([
      [null, 'shipping', '還差 NT$ 200 享免運', 200],
      [3, 'bundle_price', '再買 1 件享任選 3 件 NT$ 999', 0],
      [5, 'percent_off', '再買 3 件享「買三件九折」', 0],
      [4, 'gift', '還差 NT$ 700 送「旅行組」', 700],
    ]);
    // The fourth (NT$ 1,200 away) is left out; alone it is said.
    const alone = hints({ lines: [line(1, 400, 2)], shipping: method, promotions: [promo({ id: 2, kind: 'amount_off', name: '滿兩千折兩百', tiers: [{ threshold: 2000, value: 200 }], stackable: true })] });
    expect(alone.map((h) => h.text)).toEqual(['還差 NT$ 200 享免運', '還差 NT$ 1,200 享「滿兩千折兩百」']);
  });

  it('none for a promotion already reached (even when it lost to a better one), or whose gift is gone', () => {
    const r = hints({
      lines: [line(1, 1200)],
      promotions: [
        promo({ id: 1, kind: 'amount_off', tiers: [{ threshold: 1000, value: 100 }] }),
        promo({ id: 2, kind: 'percent_off', percent: 15 }),
        promo({ id: 4, kind: 'gift', minSubtotal: 1500, gift: variant(901), giftStock: 0 }),
      ],
    });
    expect(r).toEqual([]);
  });

  it('only for promotions the shopper could reach: not member_only for a visitor, a wrong tier, a coded one not typed, an ended one, or nothing in scope', () => {
    const p = { kind: 'amount_off' as const, tiers: [{ threshold: 2000, value: 200 }] };
    const r = hints({
      lines: [line(1, 800)],
      customer: visitor,
      promotions: [
        promo({ id: 1, ...p, memberOnly: true }),
        promo({ id: 2, ...p, tierIds: [3] }),
        promo({ id: 3, ...p, couponMode: 'shared' }),
        promo({ id: 4, ...p, endsAt: new Date('2026-01-01T00:00:00+08:00') }),
        promo({ id: 5, ...p, scope: 'products', productIds: [2] }),
        promo({ id: 6, ...p, usageLimit: 1, usedCount: 1 }),
      ],
    });
    expect(r).toEqual([]);
    expect(hints({ lines: [line(1, 800)], customer: member(), promotions: [promo({ id: 1, ...p, memberOnly: true })] }).map((h) => h.promotion_id)).toEqual([1]);
  });

  it('the typed code’s promotion when only its threshold is missing (with the coupon’s message)', () => {
    const r = quoteCart(input({ shipping: noCost, lines: [line(1, 800)], promotions: [promo({ id: 9, name: 'WELCOME', kind: 'amount_off', tiers: [{ threshold: 1000, value: 100 }], couponMode: 'shared' })], coupon: code(9) }));
    expect(r.coupon).toMatchObject({ applied: false, message: '未達使用門檻（還差 NT$ 200）' });
    expect(r.hints).toEqual([{ promotion_id: 9, kind: 'amount_off', text: '還差 NT$ 200 享「WELCOME」', missing: 200 }]);
  });
});
