import { describe, expect, it } from 'vitest';
import { shippingFeeFor as serverFee } from '@rules/checkout-rules';
import { amountToFreeShipping, hasFreeThreshold, shippingFee } from './shipping';

const seven = { shipping_cost: 60, free_shipping_threshold: 1000 };
const alwaysFree = { shipping_cost: 150, free_shipping_threshold: 0 };

describe('shippingFee', () => {
  it('is the server rule itself (cart, checkout and submitOrder agree)', () => {
    expect(shippingFee).toBe(serverFee);
  });
  it('charges the cost below the threshold', () => {
    expect(shippingFee(seven, 999)).toBe(60);
    expect(shippingFee(seven, 0)).toBe(60);
  });
  it('is free at or above the threshold', () => {
    expect(shippingFee(seven, 1000)).toBe(0);
    expect(shippingFee(seven, 2500)).toBe(0);
  });
  it('treats a threshold of 0 as always free (issue 10)', () => {
    expect(shippingFee(alwaysFree, 1)).toBe(0);
    expect(shippingFee(alwaysFree, 99999)).toBe(0);
    expect(hasFreeThreshold(alwaysFree)).toBe(false);
    expect(hasFreeThreshold(seven)).toBe(true);
  });
});

describe('amountToFreeShipping', () => {
  it('tells how much is missing', () => {
    expect(amountToFreeShipping(seven, 720)).toBe(280);
    expect(amountToFreeShipping(seven, 1200)).toBe(0);
    expect(amountToFreeShipping(alwaysFree, 10)).toBe(0);
  });
});
