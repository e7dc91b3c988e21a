import { describe, expect, it } from 'vitest';
import { CHECKOUT_MSG } from '@rules/checkout-rules';
import { dateRange, DATE_RANGES, receiverProblems, refundable, specsFor, taipeiDay, ticketDefaults, ticketKind } from './orderRules';

// 2025-03-01 23:30 in Taipei is 15:30 UTC; 00:30 on the 2nd is 16:30 UTC.
const lateEvening = new Date('2025-03-01T15:30:00Z');
const justAfterMidnight = new Date('2025-03-01T16:30:00Z');

describe('date ranges (spec 2 §9: Taipei days, default 15 days, all from 2000-01-01)', () => {
  it('offers the spec choices in order', () => {
    expect(DATE_RANGES.map((r) => r.label)).toEqual(['今天', '昨天', '前天', '近 3 天', '近 15 天', '近 30 天', '近 90 天', '近 180 天', '全部']);
  });

  it('counts Taipei days, not UTC ones, at 23:30 and 00:30', () => {
    expect(taipeiDay(lateEvening)).toBe('2025-03-01');
    expect(taipeiDay(justAfterMidnight)).toBe('2025-03-02');
    expect(dateRange('today', lateEvening)).toEqual({ startDate: '2025-03-01', endDate: '2025-03-01' });
    expect(dateRange('today', justAfterMidnight)).toEqual({ startDate: '2025-03-02', endDate: '2025-03-02' });
    expect(dateRange('yesterday', justAfterMidnight)).toEqual({ startDate: '2025-03-01', endDate: '2025-03-01' });
    expect(dateRange('dayBefore', justAfterMidnight)).toEqual({ startDate: '2025-02-28', endDate: '2025-02-28' });
  });

  it('近 N 天 ends today and holds N days; 全部 starts in 2000', () => {
    expect(dateRange('d3', justAfterMidnight)).toEqual({ startDate: '2025-02-28', endDate: '2025-03-02' });
    expect(dateRange('d15', justAfterMidnight)).toEqual({ startDate: '2025-02-16', endDate: '2025-03-02' });
    expect(dateRange('d30', lateEvening).startDate).toBe('2025-01-31');
    expect(dateRange('all', lateEvening)).toEqual({ startDate: '2000-01-01', endDate: '2025-03-01' });
  });
});

describe('ship-ticket defaults (spec 2 §4)', () => {
  it('home and island delivery: HOME, shipType 2, spec 1, hideProdDesc Y, ship tomorrow, deliver in 3 days (Taipei)', () => {
    for (const shipping of [4, 5]) {
      expect(ticketDefaults(shipping, justAfterMidnight)).toMatchObject({
        lgsType: 'HOME',
        shipType: '2',
        spec: '1',
        hideProdDesc: 'Y',
        goodsType: '1',
        shipDate: '2025-03-03',
        deliveryDate: '2025-03-05',
      });
    }
  });

  it('7-11: C2C, shipType 1, labelMode 2', () => {
    expect(ticketDefaults(1)).toMatchObject({ lgsType: 'C2C', shipType: '1', labelMode: '2' });
  });

  it('全家 and 萊爾富 are shipped by hand', () => {
    expect(ticketKind(2)).toBe('MANUAL');
    expect(ticketKind(3)).toBe('MANUAL');
    expect(ticketKind(1)).toBe('C2C');
    expect(ticketKind(5)).toBe('HOME');
  });

  it('150 cm only for ambient goods', () => {
    expect(specsFor('1').map((s) => s.value)).toEqual(['1', '2', '3', '4']);
    expect(specsFor('2').map((s) => s.value)).toEqual(['1', '2', '3']);
    expect(specsFor('3').map((s) => s.value)).toEqual(['1', '2', '3']);
  });
});

describe('receiver rules (the checkout\'s, spec 2 §5)', () => {
  const ok = { name: '王小明', phone: '0912345678', city: '臺北市', district: '大安區', zip: '106', street: '復興南路一段 1 號' };

  it('accepts a complete home receiver', () => {
    expect(receiverProblems(ok, 4)).toEqual({});
  });

  it('answers the checkout messages', () => {
    expect(receiverProblems({ ...ok, name: '', phone: '' }, 4)).toEqual({ name: CHECKOUT_MSG.receiverNameRequired, phone: CHECKOUT_MSG.receiverPhoneRequired });
    expect(receiverProblems({ ...ok, name: 'Tom', phone: '12345' }, 4)).toEqual({ name: CHECKOUT_MSG.receiverNameChinese, phone: CHECKOUT_MSG.receiverPhoneInvalid });
    expect(receiverProblems({ ...ok, district: '' }, 4)).toEqual({ address: CHECKOUT_MSG.homeAddressIncomplete });
    expect(receiverProblems({ ...ok, street: ' ' }, 5)).toEqual({ address: CHECKOUT_MSG.homeAddressIncomplete });
  });

  it('store orders check name and phone only', () => {
    expect(receiverProblems({ ...ok, city: '', district: '', zip: '', street: '' }, 1)).toEqual({});
  });
});

describe('refundable', () => {
  it('is what was paid minus what was refunded', () => {
    expect(refundable({ total_amount: 1260, refunded_amount: 260 })).toBe(1000);
    expect(refundable({ total_amount: 100, refunded_amount: 200 })).toBe(0);
  });
});
