import { describe, expect, it } from 'vitest';
import type { CartItem } from './cartSlice';
import { addMessage, addOutcome } from './useAddToCart';

const toner: CartItem = {
  product_id: 8, variant_id: 80, variant_name: '200ml', title: '積雪草舒緩化妝水', description: '', image_url: '/media/8.webp',
  discount_price: 620, quantity: 1, stock: 22,
};

describe('adding to the cart', () => {
  it('adds everything when the stock allows it', () => {
    const outcome = addOutcome([], { ...toner, quantity: 5 });
    expect(outcome).toEqual({ added: 5, inCart: 0, limit: 22 });
    expect(addMessage({ ...toner, quantity: 5 }, outcome)).toEqual({ kind: 'success', text: '已將「積雪草舒緩化妝水（200ml）」× 5 加入購物車' });
  });

  it('adds only what is left beside the line already in the cart, and says so', () => {
    const item = { ...toner, quantity: 10 };
    const outcome = addOutcome([{ ...toner, quantity: 18 }], item);
    expect(outcome).toEqual({ added: 4, inCart: 18, limit: 22 });
    expect(addMessage(item, outcome)).toEqual({ kind: 'warning', text: '已將「積雪草舒緩化妝水（200ml）」× 4 加入購物車（庫存僅剩 22 件）' });
  });

  it('adds nothing when the cart already holds the whole stock', () => {
    const item = { ...toner, quantity: 2 };
    const outcome = addOutcome([{ ...toner, quantity: 22 }], item);
    expect(outcome.added).toBe(0);
    expect(addMessage(item, outcome)).toEqual({ kind: 'warning', text: '購物車已有 22 件「積雪草舒緩化妝水（200ml）」，庫存僅剩 22 件' });
  });

  it('holds at 99 when the stock is larger or unknown', () => {
    const item = { ...toner, variant_name: '', quantity: 10, stock: undefined };
    const outcome = addOutcome([{ ...item, quantity: 95 }], item);
    expect(outcome).toEqual({ added: 4, inCart: 95, limit: 99 });
    expect(addMessage(item, outcome).text).toBe('已將「積雪草舒緩化妝水」× 4 加入購物車（每件商品最多 99 件）');
  });
});
