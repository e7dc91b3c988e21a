import { describe, expect, it } from 'vitest';
import { pickShippingMethod, type ShippingMethod } from './shippingApi';

const m = (id: number): ShippingMethod => ({ id, name: `m${id}`, icon_url: '', shipping_cost: 60, free_shipping_threshold: 1000 });

describe('pickShippingMethod', () => {
  it('keeps a stored choice that is still offered', () => {
    expect(pickShippingMethod([m(1), m(4)], 1)?.id).toBe(1);
  });
  it('falls back to home delivery, then to the first method', () => {
    expect(pickShippingMethod([m(1), m(4)], 9)?.id).toBe(4);
    expect(pickShippingMethod([m(2), m(3)], null)?.id).toBe(2);
    expect(pickShippingMethod([], null)).toBeUndefined();
  });
});
