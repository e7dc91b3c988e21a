import { describe, expect, it } from 'vitest';
import type { Variant } from './catalogTypes';
import { chosenStock, isSoldOut, preparePurchase, preselectVariant, shownPrice, stepperStock, type SellableProduct } from './purchase';

const v = (id: number, stock: number, discount = 980, original = 1200): Variant => ({
  variant_id: id, variant_name: `${id}0ml`, original_price: original, discount_price: discount, stock,
});

function product(variants: Variant[], stock = variants.reduce((s, x) => s + x.stock, 0)): SellableProduct {
  return {
    product_id: 7, title: '玻尿酸精華', description: '保濕', image_url: '/media/p7.webp', price: 1200, discount_price: 980,
    highest_price: 1800, highest_discount: 1480, stock, Variants: variants,
  };
}

describe('preselectVariant', () => {
  it('picks the only variant, and none when there are several or none', () => {
    expect(preselectVariant([v(3, 5)])).toBe(3);
    expect(preselectVariant([v(3, 5), v(4, 5)])).toBeNull();
    expect(preselectVariant([])).toBeNull();
  });
});

describe('isSoldOut', () => {
  it('follows the chosen variant, else the product stock', () => {
    const p = product([v(1, 0), v(2, 4)]);
    expect(isSoldOut(p, 1)).toBe(true);
    expect(isSoldOut(p, 2)).toBe(false);
    expect(isSoldOut(p, null)).toBe(false);
    expect(isSoldOut(product([v(1, 0)]), null)).toBe(true);
  });
});

describe('shownPrice', () => {
  it('shows the range until a variant is chosen', () => {
    const p = product([v(1, 1, 980, 1200), v(2, 1, 1480, 1800)]);
    expect(shownPrice(p, null)).toEqual({ low: 980, high: 1480, originalLow: 1200, originalHigh: 1800 });
    expect(shownPrice(p, 2)).toEqual({ low: 1480, high: 1480, originalLow: 1800, originalHigh: 1800 });
  });
});

describe('preparePurchase', () => {
  it('requires a choice when there are several variants', () => {
    expect(preparePurchase(product([v(1, 3), v(2, 3)]), null, 1)).toEqual({ ok: false, reason: 'chooseVariant' });
  });
  it('refuses a sold-out variant', () => {
    expect(preparePurchase(product([v(1, 0), v(2, 3)]), 1, 1)).toEqual({ ok: false, reason: 'soldOut' });
  });
  it('builds the cart line of the chosen variant with its stock and a quantity clamped to it', () => {
    const r = preparePurchase(product([v(1, 3), v(2, 3, 1480)]), 2, 150);
    expect(r).toEqual({
      ok: true,
      item: {
        product_id: 7, variant_id: 2, variant_name: '20ml', title: '玻尿酸精華', description: '保濕', image_url: '/media/p7.webp',
        discount_price: 1480, quantity: 3, stock: 3,
      },
    });
  });
  it('clamps at 99 when the stock is larger', () => {
    const r = preparePurchase(product([v(1, 500)]), 1, 150);
    expect(r.ok && r.item).toMatchObject({ quantity: 99, stock: 500 });
  });
  it('uses variant 0 and the product price when the product has no variant', () => {
    const r = preparePurchase(product([], 5), null, 2);
    expect(r.ok && r.item).toMatchObject({ variant_id: 0, variant_name: '', discount_price: 980, quantity: 2 });
  });
});

describe('chosenStock', () => {
  it("is the chosen variant's stock, none until one is chosen, and the product's own without variants", () => {
    const p = product([v(1, 22), v(2, 0)]);
    expect(chosenStock(p, 1)).toBe(22);
    expect(chosenStock(p, 2)).toBe(0);
    expect(chosenStock(p, null)).toBeUndefined();
    expect(chosenStock(product([], 5), null)).toBe(5);
  });
});

describe('stepperStock (the quantity hint and cap)', () => {
  it('is 0 for a sold-out product or variant, so the hint says 已售完 and never 最多可選 99 件', () => {
    expect(stepperStock(product([v(1, 0), v(2, 0)]), null)).toBe(0);
    expect(stepperStock(product([v(1, 0), v(2, 4)]), 1)).toBe(0);
    expect(stepperStock(product([], 0), null)).toBe(0);
    // The product says none left although a variant still shows some: sold out.
    expect(stepperStock(product([v(1, 3)], 0), null)).toBe(0);
  });

  it('is the chosen variant’s stock, the product’s own without variants, else the most any variant has', () => {
    expect(stepperStock(product([v(1, 0), v(2, 4)]), 2)).toBe(4);
    expect(stepperStock(product([], 12), null)).toBe(12);
    expect(stepperStock(product([v(1, 7), v(2, 4)]), null)).toBe(7);
  });
});
