import { TIER_RULE_MSG, tierProblems } from './tier-rules';

describe('the tier list (spec 4 §5), shared by the server and the owner’s form', () => {
  const ok = [
    { name: '一般會員', threshold: 0, earn_rate: 1, discount_percent: 0 },
    { name: '金卡會員', threshold: 10000, earn_rate: 2, discount_percent: 5 },
  ];
  it('accepts the default tiers', () => expect(tierProblems(ok)).toEqual([]));

  it('says every problem at once, each on its field', () => {
    expect(
      tierProblems([
        { name: ' ', threshold: 100, earn_rate: 21, discount_percent: 0 },
        { name: '金卡會員'.repeat(6), threshold: 50, earn_rate: 1, discount_percent: 51 },
        { name: '鑽石', threshold: '30000', earn_rate: 1.5, discount_percent: 0 },
        { name: '鑽石', threshold: 30000, earn_rate: 3, discount_percent: 10 },
      ]),
    ).toEqual([
      { field: 'tiers.0.name', message: TIER_RULE_MSG.nameRequired },
      { field: 'tiers.0.threshold', message: '第一個等級的門檻須為 0' },
      { field: 'tiers.0.earn_rate', message: '回饋比例須介於 0% 與 20%' },
      { field: 'tiers.1.name', message: '等級名稱最多 20 個字' },
      { field: 'tiers.1.threshold', message: '門檻必須高於前一等級' },
      { field: 'tiers.1.discount_percent', message: '折扣須介於 0% 與 50%' },
      { field: 'tiers.2.threshold', message: '請輸入正確的門檻金額' },
      { field: 'tiers.2.earn_rate', message: '回饋比例須介於 0% 與 20%' },
      { field: 'tiers.3.name', message: '等級名稱不可重複' },
    ]);
  });

  it('needs one tier and allows ten', () => {
    expect(tierProblems([])).toEqual([{ field: 'tiers', message: '請至少設定一個等級' }]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `等級${i}`, threshold: i * 100, earn_rate: 1, discount_percent: 0 }));
    expect(tierProblems(eleven)).toEqual([{ field: 'tiers', message: '最多 10 個等級' }]);
    expect(tierProblems(eleven.slice(0, 10))).toEqual([]);
  });
});
