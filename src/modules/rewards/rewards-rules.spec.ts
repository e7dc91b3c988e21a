import { DEFAULT_TIERS, dayOf, expiresAtFor, ruleErrors, taipeiMonthEnd, tierErrors, tierForSpend, tierProgress } from './rewards-rules';

const tiers = DEFAULT_TIERS.map((t, i) => ({ id: i + 1, ...t }));

describe('rewards rules', () => {
  it('month ends are Taipei month ends (23:59:59.999 +08:00)', () => {
    // 2026-01-31 20:00 UTC is 2026-02-01 04:00 in Taipei: February's end.
    expect(taipeiMonthEnd(new Date('2026-01-31T20:00:00Z'), 0).toISOString()).toBe('2026-02-28T15:59:59.999Z');
    expect(dayOf(taipeiMonthEnd(new Date('2026-01-31T20:00:00Z'), 0))).toBe('2026-02-28');
    expect(dayOf(taipeiMonthEnd(new Date('2026-03-15T00:00:00Z'), -1))).toBe('2026-02-28');
    // Available 2026-05-10: expires at the end of May 2027 (12 months later), across a leap year too.
    expect(dayOf(expiresAtFor(new Date('2026-05-10T03:00:00Z'), 12))).toBe('2027-05-31');
    expect(dayOf(expiresAtFor(new Date('2027-02-10T03:00:00Z'), 12))).toBe('2028-02-29');
  });

  it('the tier a spend reaches, and what is missing for the next', () => {
    expect(tierForSpend(tiers, 0)?.name).toBe('一般會員');
    expect(tierForSpend(tiers, 9999)?.name).toBe('一般會員');
    expect(tierForSpend(tiers, 10000)?.name).toBe('金卡會員');
    expect(tierForSpend(tiers, 45000)?.name).toBe('鑽石會員');
    expect(tierProgress(tiers, tiers[0], 6800)).toMatchObject({ name: '一般會員', missing: 3200, next: { name: '金卡會員', threshold: 10000 }, text: '再消費 NT$ 3,200 升級金卡會員' });
    expect(tierProgress(tiers, tiers[2], 45000)).toMatchObject({ name: '鑽石會員', missing: 0, next: null, text: '' });
  });

  it('the tier form: every field at once, thresholds strictly increasing', () => {
    expect(tierErrors(DEFAULT_TIERS).errors).toEqual([]);
    const { errors } = tierErrors([
      { name: ' ', threshold: 0, earn_rate: 1, discount_percent: 0 },
      { name: '金卡會員', threshold: 0, earn_rate: 20, discount_percent: 50 },
      { name: '鑽石會員', threshold: 30000, earn_rate: 21, discount_percent: 51 },
    ]);
    expect(errors.map((e) => e.field)).toEqual(['tiers.0.name', 'tiers.1.threshold', 'tiers.2.earn_rate', 'tiers.2.discount_percent']);
    expect(errors[0].message).toBe('請輸入等級名稱');
    expect(errors[1].message).toBe('門檻必須高於前一等級');
    expect(tierErrors([]).errors).toHaveLength(1);
    // The first tier starts at NT$ 0 (every member is in one); names are told apart.
    const second = tierErrors([
      { name: '一般會員', threshold: 100, earn_rate: 1, discount_percent: 0 },
      { name: '一般會員', threshold: 200, earn_rate: 1, discount_percent: 0 },
    ]).errors;
    expect(second).toEqual([
      { field: 'tiers.0.threshold', message: '第一個等級的門檻須為 0' },
      { field: 'tiers.1.name', message: '等級名稱不可重複' },
    ]);
    expect(ruleErrors({ max_percent: 30, welcome_points: null, review_points: -1 })).toEqual({ rules: { max_percent: 30, welcome_points: null }, errors: [{ field: 'rules.review_points', message: '請輸入正確的數值' }] });
  });
});
