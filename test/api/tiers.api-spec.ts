import { DataSource } from 'typeorm';
import { TierEvaluation } from '../../src/modules/rewards/tier-evaluation.service';
import { adminSession, type AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';
import { setShipping, shopper, variants, type TestVariant } from './checkout-fixtures';
import { account, codOrder, complete, deliver, entries, expectLedgerMatches, notices } from './points-fixtures';
import { noPromotions, promotion, quote, type Line } from './promotion-fixtures';

jest.setTimeout(180_000);

const BANK = { bank_code: '013', account: '123456789012', name: '王小明' };
const DEFAULTS = [
  { name: '一般會員', threshold: 0, earn_rate: 1, discount_percent: 0 },
  { name: '金卡會員', threshold: 10000, earn_rate: 2, discount_percent: 5 },
  { name: '鑽石會員', threshold: 30000, earn_rate: 3, discount_percent: 10 },
];

/**
 * 會員等級 (spec 4 §4 "Tiers", §5, §9; issue 21 §2): the default three, the owner's form (every rule
 * at once), upgrades on completion (announced), downgrades only in the daily run, the tier discount
 * as a stackable promotion of its own in the quote and the order, the tier's earn rate.
 */
describe('member tiers', () => {
  let t: TestApp;
  let ds: DataSource;
  let v: TestVariant;
  let owner: AdminSession;
  const FEE = 100;
  const lines = (quantity: number): Line[] => [{ v, quantity }];

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' });
    ds = t.app.get(DataSource);
    [v] = await variants(t.app, 1, 500, 100);
    await ds.query('UPDATE product_variants SET discount_price = 1000 WHERE id = ?', [v.variantId]);
    await setShipping(t.app, 4, { shipping_cost: FEE, free_shipping_threshold: 1_000_000, is_active: 1 });
    await noPromotions(t.app);
    owner = await adminSession(t, 'owner');
  });
  afterAll(async () => t?.close());

  it('has the default three with the env rules; only owners read and save them', async () => {
    const r = await owner.get('/api/admin/tiers');
    expect(r.status).toBe(200);
    expect(r.body.tiers.map(({ name, threshold, earn_rate, discount_percent }: Record<string, unknown>) => ({ name, threshold, earn_rate, discount_percent }))).toEqual(DEFAULTS);
    expect(r.body.rules).toEqual({ max_percent: 30, expire_months: 12, welcome_points: 0, birthday_points: 100, review_points: 20, review_photo_points: 50 });
    const staff = await adminSession(t, 'staff');
    const editor = await adminSession(t, 'editor');
    expect((await staff.get('/api/admin/tiers')).status).toBe(403);
    expect((await editor.get('/api/admin/tiers')).status).toBe(403);
    expect((await staff.put('/api/admin/tiers', { tiers: r.body.tiers })).status).toBe(403);
  });

  it('PUT checks every rule at once: 請輸入等級名稱, 門檻必須高於前一等級, earn_rate 0–20, discount 0–50', async () => {
    const before = (await owner.get('/api/admin/tiers')).body;
    const r = await owner.put('/api/admin/tiers', {
      tiers: [
        { name: '', threshold: 0, earn_rate: 1, discount_percent: 0 },
        { name: '金卡會員', threshold: 0, earn_rate: 21, discount_percent: 51 },
        { name: '鑽石會員', threshold: 30000, earn_rate: -1, discount_percent: 10 },
      ],
      rules: { max_percent: 101 },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, message: '請檢查表單欄位' });
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'tiers.0.name', message: '請輸入等級名稱' },
        { field: 'tiers.1.threshold', message: '門檻必須高於前一等級' },
        { field: 'tiers.1.earn_rate', message: expect.any(String) },
        { field: 'tiers.1.discount_percent', message: expect.any(String) },
        { field: 'tiers.2.earn_rate', message: expect.any(String) },
        { field: 'rules.max_percent', message: expect.any(String) },
      ]),
    );
    expect((await owner.get('/api/admin/tiers')).body).toEqual(before);
    const saved = await owner.put('/api/admin/tiers', { tiers: before.tiers, rules: { max_percent: 20 } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, message: '新增或更新成功', rules: { max_percent: 20 } });
    const audit = await ds.query("SELECT COUNT(*) AS n FROM audit_logs WHERE action = 'tiers.update'");
    expect(Number(audit[0].n)).toBe(1);
    await owner.put('/api/admin/tiers', { tiers: before.tiers, rules: { max_percent: null } });
  });

  it('upgrades at completion (announced), applies the tier discount and earn rate; downgrades only in the daily run', async () => {
    const tiers = (await owner.get('/api/admin/tiers')).body.tiers;
    // 金卡 from NT$ 3,000 for this test.
    await owner.put('/api/admin/tiers', { tiers: tiers.map((x: { threshold: number }, i: number) => ({ ...x, threshold: [0, 3000, 30000][i] })) });
    const s = await shopper(t);
    const first = await codOrder(s, lines(4));
    expect(first.total).toBe(4000 + FEE);
    await deliver(t.app, first.id);
    // Paid, not completed: still 一般會員 (1%: 40 pending).
    expect(await account(t.app, s.userId)).toMatchObject({ pending: 40 });
    await complete(t.app, first.id);
    const acct = await account(t.app, s.userId);
    const gold = tiers[1].id as number;
    expect(acct).toMatchObject({ tier_id: gold, spend_12m: 4000 + FEE, balance: 40 });
    expect(await notices(t.app, 'tier-upgrade', `${s.userId}:${gold}:`)).toHaveLength(1);
    const page = await s.b.get('/api/member/points');
    expect(page.body.tier).toMatchObject({ name: '金卡會員', discount_percent: 5, earn_rate: 2, next: { name: '鑽石會員', threshold: 30000 }, missing: 30000 - 4100, text: '再消費 NT$ 25,900 升級鑽石會員' });

    // The quote: a stackable promotion, then the tier discount on what is left; 2% earned.
    await promotion(t.app, { kind: 'amount_off', name: '滿千折百', stackable: 1, tiers: [{ threshold: 1000, value: 100 }] });
    const q = await quote(s, lines(2), { usePoints: 10 });
    expect(q.status).toBe(200);
    expect(q.body.adjustments).toEqual([
      expect.objectContaining({ kind: 'promotion', amount: -100 }),
      expect.objectContaining({ kind: 'tier', label: '金卡會員 5% 折扣', amount: -95 }),
      expect.objectContaining({ kind: 'points', amount: -10 }),
    ]);
    expect(q.body).toMatchObject({ totalAmount: 2000 - 100 - 95 - 10 + FEE, pointsToEarn: Math.floor((2000 - 100 - 95 - 10) * 0.02) });
    const second = await codOrder(s, lines(2), { usePoints: 10 });
    const adj = await ds.query('SELECT kind, label, amount FROM order_adjustments WHERE order_id = ? ORDER BY id', [second.id]);
    expect(adj.map((x: { kind: string; amount: number }) => [x.kind, Number(x.amount)])).toEqual([
      ['promotion', -100],
      ['tier', -95],
      ['points', -10],
    ]);
    await noPromotions(t.app);

    // A full refund of the first order: no downgrade at once (the spend drops) …
    const r = await owner.agent.post('/api/admin/refundOrder').set('X-CSRF-Token', owner.csrf).send({ order_id: first.id, reason: '全額退款', restock: false, bank: BANK });
    expect(r.status).toBe(200);
    expect(await account(t.app, s.userId)).toMatchObject({ tier_id: gold, spend_12m: 0 });
    // … the daily run downgrades, and twice is the same.
    const evaluation = t.app.get(TierEvaluation, { strict: false });
    await evaluation.evaluateAll();
    await evaluation.evaluateAll();
    expect(await account(t.app, s.userId)).toMatchObject({ tier_id: tiers[0].id, spend_12m: 0 });
    expect(await notices(t.app, 'tier-upgrade', `${s.userId}:`)).toHaveLength(1);
    // The 40 earned are taken back as far as the balance goes (10 were spent on the second order).
    expect((await entries(t.app, s.userId)).filter((e) => e.kind === 'reverse')).toEqual([expect.objectContaining({ amount: -30, balance_after: 0, note: expect.stringContaining('10 點未扣回') })]);
    await expectLedgerMatches(t.app, s.userId);
    await owner.put('/api/admin/tiers', { tiers });
  });
});
