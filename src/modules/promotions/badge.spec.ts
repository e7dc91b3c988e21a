import { promotionBadge, type BadgeSource } from './badge';

const of = (p: Partial<BadgeSource>) => promotionBadge({ kind: 'amount_off', tiers: null, percent: null, bundle_quantity: null, bundle_price: null, ...p });

describe('promotion badges (issue 20 rule 16)', () => {
  it('amount_off: 滿千折百 for 1000/100, else 滿 {t} 折 {v} of the lowest tier', () => {
    expect(of({ tiers: [{ threshold: 1000, value: 100 }] })).toBe('滿千折百');
    expect(of({ tiers: [{ threshold: 3000, value: 400 }, { threshold: 1500, value: 150 }] })).toBe('滿 1,500 折 150');
    expect(of({ tiers: [{ threshold: 500, value: 100 }] })).toBe('滿 500 折 100');
  });

  it('percent_off: 9 折 for 10% off, 85 折 for 15% off', () => {
    expect(of({ kind: 'percent_off', percent: 10 })).toBe('9 折');
    expect(of({ kind: 'percent_off', percent: 15 })).toBe('85 折');
    expect(of({ kind: 'percent_off', percent: 50 })).toBe('5 折');
    expect(of({ kind: 'percent_off', percent: 1 })).toBe('99 折');
  });

  it('bundle, free shipping, gift, add-on', () => {
    expect(of({ kind: 'bundle_price', bundle_quantity: 3, bundle_price: 999 })).toBe('任選 3 件 NT$ 999');
    expect(of({ kind: 'bundle_price', bundle_quantity: 2, bundle_price: 1200 })).toBe('任選 2 件 NT$ 1,200');
    expect(of({ kind: 'free_shipping' })).toBe('免運');
    expect(of({ kind: 'gift' })).toBe('滿額贈');
    expect(of({ kind: 'addon' })).toBe('加價購');
  });
});
