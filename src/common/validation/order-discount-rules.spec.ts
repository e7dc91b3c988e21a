import { adjustmentText, ORDER_DISCOUNT_MSG, orderDiscountProblems } from './order-discount-rules';

describe('訂單折扣 rules (issue 19)', () => {
  const fields = (amount: unknown, reason: unknown, goods = 1000) => orderDiscountProblems({ amount, reason }, goods).map((p) => [p.field, p.message]);

  it('takes a whole NT$ from 1 to below the goods, typed or as a number', () => {
    expect(fields(1, '補償')).toEqual([]);
    expect(fields('999', '補償')).toEqual([]);
    expect(fields(' 50 ', '補償')).toEqual([]);
  });

  it('refuses what is not a whole NT$ ≥ 1, never coercing it', () => {
    for (const bad of ['-5', 'abc', '1.5', '', '1e3', '0x10', 0, -1, 1.5, NaN, null, undefined, true, [5]]) {
      expect([bad, fields(bad, '補償')]).toEqual([bad, [['amount', ORDER_DISCOUNT_MSG.amountInvalid]]]);
    }
  });

  it('refuses the whole goods or more, naming them', () => {
    expect(fields(1000, '補償')).toEqual([['amount', '折扣金額須小於商品金額 NT$ 1,000']]);
    expect(fields('5000', '補償', 1500)).toEqual([['amount', '折扣金額須小於商品金額 NT$ 1,500']]);
  });

  it('needs a reason of 1–100 characters', () => {
    expect(fields(10, '')).toEqual([['reason', ORDER_DISCOUNT_MSG.reasonRequired]]);
    expect(fields(10, '  ')).toEqual([['reason', ORDER_DISCOUNT_MSG.reasonRequired]]);
    expect(fields(10, 7)).toEqual([['reason', ORDER_DISCOUNT_MSG.reasonRequired]]);
    expect(fields(10, '字'.repeat(100))).toEqual([]);
    expect(fields(10, '字'.repeat(101))).toEqual([['reason', ORDER_DISCOUNT_MSG.reasonTooLong]]);
    expect(fields('x', '')).toHaveLength(2);
  });

  it('shows an adjustment as −NT$ n', () => {
    expect(adjustmentText(-1234)).toBe('−NT$ 1,234');
  });
});
