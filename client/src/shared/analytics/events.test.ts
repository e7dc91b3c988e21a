import type { QuoteAnswer } from '@api/promotions';
import { describe, expect, it } from 'vitest';
import { addPaymentInfoEvent, addToCartEvent, beginCheckoutEvent, purchaseEvent, toMetaPixel, viewItemEvent } from './events';

const line = { product_id: 7, variant_id: 2, variant_name: '30ml', title: '玻尿酸精華', discount_price: 990, quantity: 2 };

const quote = {
  success: true,
  lines: [
    { product_id: 7, variant_id: 2, title: '玻尿酸精華', variant_name: '30ml', image_url: '', quantity: 2, unit_price: 990, discount: 150, amount: 1830, line_kind: 'item' },
    { product_id: 9, variant_id: 0, title: '旅行組', variant_name: '', image_url: '', quantity: 1, unit_price: 0, discount: 0, amount: 0, line_kind: 'gift', promotion_id: 4 },
  ],
  adjustments: [
    { kind: 'promotion', label: '滿千折百', amount: -100, promotion_id: 3 },
    { kind: 'coupon', label: '新客折 50', amount: -50, promotion_id: 5 },
  ],
  coupon: { code: 'WELCOME50', applied: true, promotion_id: 5 },
  totalAmount: 1930,
} as unknown as QuoteAnswer;

describe('the e-commerce event builder (GA4 names, TWD)', () => {
  it('view_item: the product (or the chosen variant) at its price', () => {
    expect(viewItemEvent({ product_id: 7, title: '玻尿酸精華', discount_price: 620 })).toEqual({
      name: 'view_item',
      params: { currency: 'TWD', value: 620, items: [{ item_id: '7', item_name: '玻尿酸精華', price: 620, quantity: 1 }] },
    });
    expect(viewItemEvent({ product_id: 7, title: '玻尿酸精華', discount_price: 620 }, { variant_id: 2, variant_name: '30ml', discount_price: 990 }).params.items[0]).toEqual({
      item_id: '7-2', item_name: '玻尿酸精華', item_variant: '30ml', price: 990, quantity: 1,
    });
  });

  it('add_to_cart: value = price × quantity added', () => {
    expect(addToCartEvent(line).params).toEqual({
      currency: 'TWD', value: 1980, items: [{ item_id: '7-2', item_name: '玻尿酸精華', item_variant: '30ml', price: 990, quantity: 2 }],
    });
  });

  it('begin_checkout / add_payment_info: the quote’s total, per-unit discounts, the coupon and the promotion', () => {
    const e = beginCheckoutEvent([line], quote);
    expect(e.params).toMatchObject({ currency: 'TWD', value: 1930, coupon: 'WELCOME50', promotion_id: '3', promotion_name: '滿千折百' });
    expect(e.params.items).toEqual([
      { item_id: '7-2', item_name: '玻尿酸精華', item_variant: '30ml', price: 990, quantity: 2, discount: 75, coupon: 'WELCOME50' },
      { item_id: '9', item_name: '旅行組', price: 0, quantity: 1, coupon: 'WELCOME50' },
    ]);
    expect(addPaymentInfoEvent([line], quote, 'credit')).toMatchObject({ name: 'add_payment_info', params: { payment_type: 'credit', value: 1930 } });
    // Without a quote: the cart lines.
    expect(beginCheckoutEvent([line]).params).toEqual({ currency: 'TWD', value: 1980, items: [expect.objectContaining({ item_id: '7-2', quantity: 2 })] });
  });

  it('purchase: the server’s event as GA4 takes it', () => {
    const e = purchaseEvent({
      transaction_id: 'SS0009', value: 2030, currency: 'TWD', shipping: 100, coupon: 'WELCOME50',
      items: [{ item_id: '7', item_name: '玻尿酸精華', item_variant: '30ml', price: 990, quantity: 2, discount: 75 }],
    });
    expect(e).toEqual({
      name: 'purchase',
      params: {
        currency: 'TWD', value: 2030, transaction_id: 'SS0009', shipping: 100, coupon: 'WELCOME50',
        items: [{ item_id: '7', item_name: '玻尿酸精華', item_variant: '30ml', price: 990, quantity: 2, discount: 75 }],
      },
    });
  });

  it('maps each event to Meta Pixel’s standard event', () => {
    expect(toMetaPixel(addToCartEvent(line))).toEqual({
      name: 'AddToCart',
      params: { currency: 'TWD', value: 1980, content_type: 'product', content_ids: ['7-2'], contents: [{ id: '7-2', quantity: 2, item_price: 990 }], num_items: 2 },
    });
    expect(toMetaPixel(viewItemEvent({ product_id: 1, title: 'x', discount_price: 1 })).name).toBe('ViewContent');
    expect(toMetaPixel(beginCheckoutEvent([line])).name).toBe('InitiateCheckout');
    expect(toMetaPixel(addPaymentInfoEvent([line], undefined, 'atm')).name).toBe('AddPaymentInfo');
    expect(toMetaPixel(purchaseEvent({ transaction_id: 'A1', value: 1, currency: 'TWD', shipping: 0, items: [] })).params).toMatchObject({ order_id: 'A1' });
  });
});
