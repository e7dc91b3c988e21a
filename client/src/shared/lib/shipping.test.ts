import { describe, expect, it } from 'vitest';
import { amountToFreeShipping, shippingFee } from './shipping';

const seven = { shipping_cost: 60, free_shipping_threshold: 1000 };
const noOffer = { shipping_cost: 150, free_shipping_threshold: 0 };

describe('shippingFee', () => {
  it('charges the cost below the threshold', () => {
    expect(shippingFee(seven, 999)).toBe(60);
  });
  it('is free at or above the threshold', () => {
    expect(shippingFee(seven, 1000)).toBe(0);
    expect(shippingFee(seven, 2500)).toBe(0);
  });
  it('always charges a method without a free threshold', () => {
    expect(shippingFee(noOffer, 99999)).toBe(150);
  });
  it('charges nothing for an empty cart', () => {
    expect(shippingFee(seven, 0)).toBe(0);
  });
});

describe('amountToFreeShipping', () => {
  it('tells how much is missing', () => {
    expect(amountToFreeShipping(seven, 720)).toBe(280);
    expect(amountToFreeShipping(seven, 1200)).toBe(0);
    expect(amountToFreeShipping(noOffer, 10)).toBe(0);
  });
});
