import { attemptMerTradeNo, MAX_PAYMENT_ATTEMPTS, nextAttemptNumber, parseAttemptNo, paymentRetryUntil, paymentWindowEnd } from './order-payment-window';

const NO = 'SS261128120401ABC123';
const created = new Date('2026-11-28T04:00:00.000Z');
const order = (o: Partial<{ status_name: string; payment_status: number; payment: string }> = {}) => ({
  status_name: 'pending',
  payment_status: 2,
  payment: 'credit',
  created_at: created,
  ...o,
});

describe('payment window and attempt numbers (issue 19 §6)', () => {
  it('numbers attempts <order>R<n> (the first is the order number) and reads them back', () => {
    expect(attemptMerTradeNo(NO, 1)).toBe(NO);
    expect(attemptMerTradeNo(NO, 2)).toBe(`${NO}R2`);
    expect(`${NO}R9`.length).toBeLessThanOrEqual(25);
    expect(parseAttemptNo(`${NO}R2`)).toEqual({ orderNo: NO, n: 2 });
    expect(parseAttemptNo(NO)).toBeNull();
    expect(parseAttemptNo(`${NO}R1`)).toBeNull();
    expect(parseAttemptNo(`${NO}R10`)).toBeNull();
    expect(parseAttemptNo('R2')).toBeNull();
  });

  it('the next attempt follows the latest; none after the ninth', () => {
    expect(nextAttemptNumber(NO, undefined)).toBe(2);
    expect(nextAttemptNumber(NO, NO)).toBe(2);
    expect(nextAttemptNumber(NO, `${NO}R2`)).toBe(3);
    expect(nextAttemptNumber(NO, `${NO}R${MAX_PAYMENT_ATTEMPTS}`)).toBeNull();
    // Another order's number says nothing about this one.
    expect(nextAttemptNumber(NO, 'SS000000000000XXXXXXR5')).toBe(2);
  });

  it('a pending unpaid or failed card / LINE Pay order has a window of N minutes from its creation', () => {
    expect(paymentWindowEnd(order(), 30)).toEqual(new Date('2026-11-28T04:30:00.000Z'));
    expect(paymentWindowEnd(order({ payment_status: 0, payment: 'linepay' }), 30)).toEqual(new Date('2026-11-28T04:30:00.000Z'));
    for (const o of [order({ payment: 'atm' }), order({ payment: 'cvs' }), order({ payment: 'cod' }), order({ payment_status: 1 }), order({ status_name: 'cancelled' }), order({ payment_status: 3 })]) {
      expect(paymentWindowEnd(o, 30)).toBeNull();
    }
  });

  it('offers 重新付款 only while the window is open', () => {
    expect(paymentRetryUntil(order(), 30, new Date('2026-11-28T04:29:59.000Z'))).toBe('2026-11-28T04:30:00.000Z');
    expect(paymentRetryUntil(order(), 30, new Date('2026-11-28T04:30:00.000Z'))).toBeNull();
    expect(paymentRetryUntil(order({ payment: 'atm' }), 30, new Date('2026-11-28T04:01:00.000Z'))).toBeNull();
  });
});
