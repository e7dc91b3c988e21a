import { maskAccount, RETURN_WINDOW_DAYS } from '../../common/validation/admin';
import { isReturnable } from '../orders/order-views';

describe('refund and return rules', () => {
  it('masks a bank account except its last 5 digits', () => {
    expect(maskAccount('123456789012')).toBe('*******89012');
    expect(maskAccount('12345')).toBe('12345');
    expect(maskAccount('123456')).toBe('*23456');
  });

  describe('isReturnable (鑑賞期)', () => {
    const now = new Date('2026-11-26T00:00:00Z');
    const base = { status_name: 'delivered', payment_status: 1, return_status: '', delivered_at: new Date(now.getTime() - 86400_000) };

    it('delivered (not completed), paid, not asked, within 7 days', () => {
      expect(isReturnable(base, now)).toBe(true);
      // Completion closes the return window (issue 19 §1).
      expect(isReturnable({ ...base, status_name: 'completed' }, now)).toBe(false);
      expect(isReturnable({ ...base, delivered_at: new Date(now.getTime() - RETURN_WINDOW_DAYS * 86400_000) }, now)).toBe(true);
    });

    it('not after 7 days, not before delivery, not unpaid or refunded, not twice', () => {
      expect(isReturnable({ ...base, delivered_at: new Date(now.getTime() - RETURN_WINDOW_DAYS * 86400_000 - 1) }, now)).toBe(false);
      expect(isReturnable({ ...base, delivered_at: null }, now)).toBe(false);
      for (const status_name of ['pending', 'paid', 'processing', 'shipped', 'completed', 'cancelled', 'returned']) expect(isReturnable({ ...base, status_name }, now)).toBe(false);
      expect(isReturnable({ ...base, payment_status: 3 }, now)).toBe(false);
      expect(isReturnable({ ...base, payment_status: 0 }, now)).toBe(false);
      for (const return_status of ['requested', 'approved', 'refused']) expect(isReturnable({ ...base, return_status }, now)).toBe(false);
    });
  });
});
