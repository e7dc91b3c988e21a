import request from 'supertest';
import { DataSource } from 'typeorm';
import { BrowserSession } from '../../src/modules/auth/testing/browser-session';
import { DomainEvents } from '../../src/common/events/domain-events';
import { Transactions } from '../../src/common/transactions/transactions';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { PointsJobs } from '../../src/modules/rewards/points-jobs.service';
import { dayOf, taipeiMonthEnd } from '../../src/modules/rewards/rewards-rules';
import { taipeiYearMonth } from '../../src/common/time/taipei-time';
import { adminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';
import { homeCod, setShipping, shopper, submit, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { account, codOrder, complete, deliver, entries, expectLedgerMatches, grant, notices } from './points-fixtures';
import { noPromotions, quote, visitor, type Line } from './promotion-fixtures';

jest.setTimeout(180_000);

const BANK = { bank_code: '013', account: '123456789012', name: '王小明' };
const DAY = 86_400_000;

/**
 * 購物金 (spec 4 §3–§5, issue 21 §1): earn pending → available, redeem at checkout and return on
 * cancel, refunds in proportion and never below 0, expiry with one reminder, welcome and birthday
 * points, review points, staff adjustments, the quote's points box, and the ledger equal to the
 * cached balance throughout. Real checkout, lifecycle and jobs; both databases.
 */
describe('points ledger', () => {
  let t: TestApp;
  let ds: DataSource;
  let a: TestVariant, b: TestVariant;
  const FEE = 100;
  const one = (): Line[] => [{ v: a, quantity: 1 }];

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' });
    ds = t.app.get(DataSource);
    [a, b] = await variants(t.app, 2, 500, 100);
    await ds.query('UPDATE product_variants SET discount_price = 1000 WHERE id IN (?, ?)', [a.variantId, b.variantId]);
    await setShipping(t.app, 4, { shipping_cost: FEE, free_shipping_threshold: 1_000_000, is_active: 1 });
    await noPromotions(t.app);
  });
  afterAll(async () => t?.close());

  it('earns 1% of the goods pending at payment (COD: delivery) and available at completion, with one notice', async () => {
    const s = await shopper(t);
    const q = await quote(s, [{ v: a, quantity: 3 }]);
    expect(q.body).toMatchObject({ pointsBalance: 0, pointsToEarn: 30, totalAmount: 3000 + FEE });
    const o = await codOrder(s, [{ v: a, quantity: 3 }]);
    expect(await entries(t.app, s.userId)).toEqual([]);
    await deliver(t.app, o.id);
    expect(await account(t.app, s.userId)).toMatchObject({ balance: 0, pending: 30 });
    expect(await entries(t.app, s.userId)).toEqual([expect.objectContaining({ kind: 'earn', amount: 30, available: false, balance_after: null, source_key: `earn:${o.id}` })]);
    await expectLedgerMatches(t.app, s.userId);
    await complete(t.app, o.id);
    expect(await account(t.app, s.userId)).toMatchObject({ balance: 30, pending: 0 });
    expect(await entries(t.app, s.userId)).toEqual([expect.objectContaining({ kind: 'earn', amount: 30, available: true, balance_after: 30 })]);
    expect(await notices(t.app, 'points-earned', String(o.id))).toEqual([`notice:points-earned:${o.id}`]);
    // The member's page.
    const page = await s.b.get('/api/member/points');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ success: true, balance: 30, pending: 0, total: 1, tier: { name: '一般會員', next: { name: '金卡會員', threshold: 10000 } } });
    expect(page.body.entries[0]).toMatchObject({ kind: 'earn', kind_label: '消費回饋', amount: 30, order_id: o.id, order_no: expect.stringMatching(/^SS/) });
    expect(page.body.tier.text).toBe(`再消費 NT$ ${(10000 - page.body.tier.spend).toLocaleString('en-US')} 升級金卡會員`);
    expect(page.body.expiring).toMatchObject({ amount: 30, date: dayOf(taipeiMonthEnd(new Date(), 12)) });
    await expectLedgerMatches(t.app, s.userId);
  });

  it('the quote: the real balance, and 購物金餘額不足 / 最多可折抵 NT$ n / 請輸入正確的購物金點數 as 400 with the field', async () => {
    const s = await shopper(t);
    await grant(t.app, s.userId, 500);
    const okQuote = await quote(s, one(), { usePoints: 200 });
    expect(okQuote.status).toBe(200);
    expect(okQuote.body).toMatchObject({ pointsBalance: 500, pointsUsed: 200, pointsMax: 300, totalAmount: 1000 - 200 + FEE, pointsToEarn: 8 });
    expect(okQuote.body.adjustments).toEqual([expect.objectContaining({ kind: 'points', label: '購物金折抵', amount: -200 })]);

    const over = await quote(s, [{ v: a, quantity: 3 }], { usePoints: 501 });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ success: false, message: '購物金餘額不足', errors: [{ field: 'usePoints', message: '購物金餘額不足' }] });
    const cap = await quote(s, one(), { usePoints: 301 });
    expect(cap.status).toBe(400);
    expect(cap.body).toMatchObject({ success: false, message: '最多可折抵 NT$ 300', errors: [{ field: 'usePoints', message: '最多可折抵 NT$ 300' }] });
    for (const bad of [-1, 1.5, 'x']) {
      const r = await quote(s, one(), { usePoints: bad });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, message: '請輸入正確的購物金點數' });
    }
    // Visitors have no points.
    // Visitors have no points and earn none: what they ask for is not used.
    const asVisitor = await quote(visitor(t), one(), { usePoints: 10 });
    expect(asVisitor.body).toMatchObject({ success: true, pointsBalance: 0, pointsUsed: 0, pointsToEarn: 0 });
  });

  it('redeems in the order\'s transaction and returns the points once on cancel', async () => {
    const s = await shopper(t);
    await grant(t.app, s.userId, 400);
    const o = await codOrder(s, one(), { usePoints: 250 });
    expect(o.total).toBe(1000 - 250 + FEE);
    expect(await account(t.app, s.userId)).toMatchObject({ balance: 150 });
    const [order] = await ds.query('SELECT points_used, total_amount FROM orders WHERE id = ?', [o.id]);
    expect(Number(order.points_used)).toBe(250);
    expect((await entries(t.app, s.userId)).map((e) => [e.kind, e.amount, e.balance_after])).toEqual([
      ['adjust', 400, 400],
      ['redeem', -250, 150],
    ]);
    const state = t.app.get(OrderStateService, { strict: false });
    expect(await state.cancel(o.id, 'member')).toBe('cancelled');
    expect(await state.cancel(o.id, 'member')).toBe('duplicate');
    expect(await account(t.app, s.userId)).toMatchObject({ balance: 400 });
    expect((await entries(t.app, s.userId)).filter((e) => e.kind === 'return')).toEqual([expect.objectContaining({ amount: 250, source_key: `return:${o.id}` })]);
    await expectLedgerMatches(t.app, s.userId);
    // Spending more than the balance at submit: 400, nothing made.
    const before = Number((await ds.query('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', [s.userId]))[0].n);
    const q = await quote(s, one(), { usePoints: 300 });
    // Meanwhile 300 are spent elsewhere: the order's conditional UPDATE refuses.
    await grant(t.app, s.userId, -300);
    const r = await submit(s, homeCod(s, one(), q.body.totalAmount, { usePoints: 300 }));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, message: '購物金餘額不足' });
    expect(Number((await ds.query('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?', [s.userId]))[0].n)).toBe(before);
    expect(await account(t.app, s.userId)).toMatchObject({ balance: 100 });
  });

  it('a refund gives back its share of the points used and takes back its share of the points earned; shipping touches none', async () => {
    const s = await shopper(t);
    const owner = await adminSession(t, 'owner');
    await grant(t.app, s.userId, 500);
    // Two lines of NT$ 1,000, 200 points: goods 1,800 after points, earn 1% = 18 (pending at delivery).
    const o = await codOrder(s, [{ v: a, quantity: 1 }, { v: b, quantity: 1 }], { usePoints: 200 });
    await deliver(t.app, o.id);
    expect(await account(t.app, s.userId)).toMatchObject({ balance: 300, pending: 18 });
    const items: { id: number; amount: number }[] = (await ds.query('SELECT id, amount FROM order_items WHERE order_id = ? ORDER BY id', [o.id])).map((r: { id: number; amount: number }) => ({ id: Number(r.id), amount: Number(r.amount) }));
    expect(items.map((i) => i.amount)).toEqual([900, 900]);
    const r = await owner.agent.post('/api/admin/refundOrder').set('X-CSRF-Token', owner.csrf).send({ order_id: o.id, items: [{ order_item_id: items[0].id, quantity: 1 }], reason: '退一件', restock: false, bank: BANK });
    expect(r.status).toBe(200);
    // Half the goods: 100 points back (available), 9 earned taken back (pending, like the earn).
    expect(await account(t.app, s.userId)).toMatchObject({ balance: 400, pending: 9 });
    const list = await entries(t.app, s.userId);
    expect(list.filter((e) => e.kind === 'return')).toEqual([expect.objectContaining({ amount: 100, available: true })]);
    expect(list.filter((e) => e.kind === 'reverse')).toEqual([expect.objectContaining({ amount: -9, available: false })]);
    await expectLedgerMatches(t.app, s.userId);
    // Shipping alone: nothing.
    const ship = await owner.agent.post('/api/admin/refundOrder').set('X-CSRF-Token', owner.csrf).send({ order_id: o.id, amount: FEE, shipping: true, reason: '退運費', restock: false, bank: BANK });
    expect(ship.status).toBe(200);
    expect(await account(t.app, s.userId)).toMatchObject({ balance: 400, pending: 9 });
    // Completed: the earn and its reverse become available, net 9.
    await complete(t.app, o.id);
    expect(await account(t.app, s.userId)).toMatchObject({ balance: 409, pending: 0 });
    await expectLedgerMatches(t.app, s.userId);
  });

  it('taking back earned points never goes below 0: what cannot be taken is noted on the entry', async () => {
    const s = await shopper(t);
    const owner = await adminSession(t, 'owner');
    const o = await codOrder(s, [{ v: a, quantity: 5 }]);
    await deliver(t.app, o.id);
    await complete(t.app, o.id);
    expect(await account(t.app, s.userId)).toMatchObject({ balance: 50 });
    // The member spends 40 of the 50.
    const spent = await codOrder(s, one(), { usePoints: 40 });
    expect(spent.total).toBe(1000 - 40 + FEE);
    expect(await account(t.app, s.userId)).toMatchObject({ balance: 10 });
    const r = await owner.agent.post('/api/admin/refundOrder').set('X-CSRF-Token', owner.csrf).send({ order_id: o.id, reason: '全額退款', restock: false, bank: BANK });
    expect(r.status).toBe(200);
    expect(await account(t.app, s.userId)).toMatchObject({ balance: 0 });
    const reverse = (await entries(t.app, s.userId)).filter((e) => e.kind === 'reverse');
    expect(reverse).toEqual([expect.objectContaining({ amount: -10, balance_after: 0 })]);
    expect(reverse[0].note).toContain('40 點未扣回');
    await expectLedgerMatches(t.app, s.userId);
  });

  it('expiry: month-end FIFO expiry and one reminder 30 days before; each run twice changes nothing more', async () => {
    const jobs = t.app.get(PointsJobs, { strict: false });
    const s = await shopper(t);
    const now = new Date();
    // 300 points that became available 13 months ago expired at the end of last month …
    await grant(t.app, s.userId, 300, { at: new Date(taipeiMonthEnd(now, -13).getTime() - 5 * DAY) });
    // … of which 100 were spent (FIFO: the oldest first), so 200 expire.
    await grant(t.app, s.userId, -100);
    // 70 more expire at the end of this month: reminded once.
    await grant(t.app, s.userId, 70, { at: new Date(taipeiMonthEnd(now, -12).getTime() - 5 * DAY) });
    const runAt = new Date(Math.max(now.getTime(), taipeiMonthEnd(now, 0).getTime() - 10 * DAY));
    const first = await jobs.expire(runAt);
    expect(first.expired).toBeGreaterThanOrEqual(1);
    await jobs.expire(runAt);
    const list = (await entries(t.app, s.userId)).filter((e) => e.kind === 'expire');
    expect(list).toEqual([expect.objectContaining({ amount: -200, source_key: `expire:${s.userId}:${dayOf(taipeiMonthEnd(runAt, -1))}` })]);
    expect(await account(t.app, s.userId)).toMatchObject({ balance: 70, expiry_reminded_for: dayOf(taipeiMonthEnd(runAt, 0)) });
    expect(await notices(t.app, 'points-expiring', `${s.userId}:`)).toEqual([`notice:points-expiring:${s.userId}:${dayOf(taipeiMonthEnd(runAt, 0))}`]);
    const [row] = await ds.query('SELECT payload FROM outbox_messages WHERE job_id = ?', [`notice.points-expiring.${s.userId}.${dayOf(taipeiMonthEnd(runAt, 0))}`]);
    expect(JSON.stringify(row.payload)).toContain('70');
    await expectLedgerMatches(t.app, s.userId);
  });

  it('welcome points on registration (the owner\'s rule), birthday points once a year, review points once', async () => {
    const owner = await adminSession(t, 'owner');
    const tiers = (await owner.get('/api/admin/tiers')).body;
    const put = await owner.put('/api/admin/tiers', { tiers: tiers.tiers, rules: { welcome_points: 50 } });
    expect(put.status).toBe(200);
    const s = await shopper(t);
    expect((await entries(t.app, s.userId)).map((e) => [e.kind, e.amount, e.source_key])).toEqual([['welcome', 50, `welcome:${s.userId}`]]);
    await owner.put('/api/admin/tiers', { tiers: tiers.tiers, rules: { welcome_points: null } });
    const s2 = await shopper(t);
    expect(await entries(t.app, s2.userId)).toEqual([]);

    // Birthday this Taipei month: 100 points once this year, again next year.
    const jobs = t.app.get(PointsJobs, { strict: false });
    const { year, month } = taipeiYearMonth(new Date());
    const at = new Date(Date.UTC(year, month, 15, 4));
    const mm = String(month + 1).padStart(2, '0');
    const other = (month + 6) % 12;
    await ds.query('UPDATE users SET birthday = ? WHERE id = ?', [`1990-${mm}-20`, s2.userId]);
    await ds.query('UPDATE users SET birthday = ? WHERE id = ?', [`1990-${String(other + 1).padStart(2, '0')}-20`, s.userId]);
    await jobs.birthdays(at);
    await jobs.birthdays(at);
    expect((await entries(t.app, s2.userId)).map((e) => [e.kind, e.amount, e.source_key])).toEqual([['birthday', 100, `birthday:${s2.userId}:${year}`]]);
    expect((await entries(t.app, s.userId)).filter((e) => e.kind === 'birthday')).toEqual([]);
    expect(await notices(t.app, 'points-birthday', `${s2.userId}:`)).toEqual([`notice:points-birthday:${s2.userId}:${year}`]);
    await jobs.birthdays(new Date(Date.UTC(year + 1, month, 15, 4)));
    expect((await entries(t.app, s2.userId)).filter((e) => e.kind === 'birthday').map((e) => e.source_key)).toEqual([`birthday:${s2.userId}:${year}`, `birthday:${s2.userId}:${year + 1}`]);

    // A published review: 20 points (50 with photos), once per review.
    const events = t.app.get(DomainEvents);
    const tx = t.app.get(Transactions);
    await tx.run(() => events.publish('review.published', { reviewId: 900001, userId: s2.userId, productId: a.productId, withPhotos: false }));
    await tx.run(() => events.publish('review.published', { reviewId: 900001, userId: s2.userId, productId: a.productId, withPhotos: false }));
    await tx.run(() => events.publish('review.published', { reviewId: 900002, userId: s2.userId, productId: a.productId, withPhotos: true }));
    expect((await entries(t.app, s2.userId)).filter((e) => e.kind === 'review').map((e) => e.amount)).toEqual([20, 50]);
    await expectLedgerMatches(t.app, s2.userId);
  });

  it('staff adjust: rules, never below 0, audited with the reason; owner and staff only', async () => {
    const s = await shopper(t);
    const owner = await adminSession(t, 'owner');
    const staff = await adminSession(t, 'staff');
    const editor = await adminSession(t, 'editor');
    const path = `/api/admin/members/${s.userId}/points`;
    for (const [body, field, message] of [
      [{ amount: 0, reason: '補償' }, 'amount', '請輸入調整點數'],
      [{ amount: 1.5, reason: '補償' }, 'amount', '請輸入調整點數'],
      [{ amount: '10', reason: '補償' }, 'amount', '請輸入調整點數'],
      [{ amount: 10, reason: '補' }, 'reason', '請填寫調整原因'],
      [{ amount: 10, reason: 'x'.repeat(101) }, 'reason', '請填寫調整原因'],
      [{ amount: -1, reason: '扣點測試' }, 'amount', '調整後餘額不可小於 0'],
    ] as const) {
      const r = await staff.post(path, body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, message, errors: expect.arrayContaining([{ field, message }]) });
    }
    const added = await staff.post(path, { amount: 120, reason: '客服補償' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ success: true, message: '已調整購物金', balance: 120, total: 1 });
    expect(added.body.entries[0]).toMatchObject({ kind: 'adjust', amount: 120, note: '客服補償', created_by_name: staff.username });
    const taken = await owner.post(path, { amount: -20, reason: '誤發扣回' });
    expect(taken.body).toMatchObject({ balance: 100 });
    const audit = await ds.query("SELECT admin_username, summary FROM audit_logs WHERE action = 'member.points-adjust' AND entity_id = ? ORDER BY id", [String(s.userId)]);
    expect(audit.map((x: { admin_username: string; summary: string }) => [x.admin_username, x.summary])).toEqual([
      [staff.username, '調整購物金 +120：客服補償'],
      [owner.username, '調整購物金 -20：誤發扣回'],
    ]);
    expect((await editor.post(path, { amount: 5, reason: '編輯' })).status).toBe(403);
    expect((await editor.get(path)).status).toBe(403);
    expect((await staff.get(`/api/admin/members/99999999/points`)).status).toBe(404);
    const page = await owner.get(`${path}?page=1&limit=1`);
    expect(page.body).toMatchObject({ balance: 100, pending: 0, total: 2, tier: { name: '一般會員' } });
    expect(page.body.entries).toHaveLength(1);
    await expectLedgerMatches(t.app, s.userId);
  });

  it('the demo members have points on a fresh start (0911000001 / demo1234)', async () => {
    const b = new BrowserSession(request.agent(t.http));
    const login = await b.post('/api/login/basic-login', { account: '0911000001', password: 'demo1234' });
    expect(login.status).toBe(200);
    const page = await b.get('/api/member/points');
    expect(page.body).toMatchObject({ success: true, balance: 440, pending: 0, total: 6 });
    expect(page.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['review', 'birthday', 'adjust', 'review', 'adjust', 'welcome']);
    const second = await b.get('/api/member/points?page=2&limit=4');
    expect(second.body).toMatchObject({ total: 6, balance: 440 });
    expect(second.body.entries.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([['adjust', 300], ['welcome', 50]]);
    const [row] = await ds.query('SELECT id FROM users WHERE account = ?', ['0911000001']);
    await expectLedgerMatches(t.app, Number(row.id));
  });

  it('THE RACE: orders spending the same points at once never spend more than the balance', async () => {
    const buyers: Shopper[] = [];
    for (let i = 0; i < 3; i++) buyers.push(await shopper(t));
    for (const s of buyers) {
      await grant(t.app, s.userId, 300);
      await s.b.csrfToken();
    }
    for (const s of buyers) {
      // Five orders of this member at once, each using 200 of the 300 points.
      const q = await quote(s, one(), { usePoints: 200 });
      const answers = await Promise.all([0, 1, 2, 3, 4].map(() => submit(s, homeCod(s, one(), q.body.totalAmount, { usePoints: 200 }))));
      const made = answers.filter((r) => r.status === 200);
      expect(made).toHaveLength(1);
      for (const r of answers.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ success: false, message: '購物金餘額不足' });
      expect(await account(t.app, s.userId)).toMatchObject({ balance: 100 });
      expect((await entries(t.app, s.userId)).filter((e) => e.kind === 'redeem')).toHaveLength(1);
      await expectLedgerMatches(t.app, s.userId);
    }
  });
});
