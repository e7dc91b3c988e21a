import request from 'supertest';
import { DataSource } from 'typeorm';
import type { AdminPromotion, PublicPromotion } from '../../src/common/api/promotions';
import { promotionTimeText, PROMOTION_MSG } from '../../src/common/validation/promotion-rules';
import { Promotion } from '../../src/modules/promotions/entities/promotion.entity';
import { adminSession, type AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';
import { promotionBody } from './admin-promotion-fixtures';
import { variants, type TestVariant } from './checkout-fixtures';

jest.setTimeout(180_000);

const DAY = 24 * 3600_000;

/**
 * 行銷活動 in the back office (spec 4 §5–§7, issue 20 rules 14–16): create / update with every rule at
 * once, the list's status filters and keyword, enable / disable, duplicate, delete, the audit trail,
 * who may do what, and the public GET /api/load/promotions (badges, never a code). Codes, the report
 * and delete-with-orders: admin-promotion-codes.api-spec.ts.
 */
describe('admin 行銷活動: /api/admin/promotions (spec 4 §7)', () => {
  let t: TestApp;
  let ds: DataSource;
  let owner: AdminSession;
  let staff: AdminSession;
  let editor: AdminSession;
  let gift: TestVariant;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    [owner, staff, editor] = await Promise.all([adminSession(t, 'owner'), adminSession(t, 'staff'), adminSession(t, 'editor')]);
    [gift] = await variants(t.app, 1, 20);
  });
  afterAll(async () => t?.close());

  const create = (who: AdminSession, over: Record<string, unknown> = {}) => who.post('/api/admin/promotions', promotionBody(over));
  const count = async () => Number((await ds.query('SELECT COUNT(*) AS n FROM promotions'))[0].n);
  const row = (id: number) => ds.getRepository(Promotion).findOneByOrFail({ id });
  const fields = (errors: { field: string; message: string }[]) => errors.map((e) => [e.field, e.message]);

  async function created(over: Record<string, unknown> = {}, who: AdminSession = staff): Promise<number> {
    const r = await create(who, over);
    expect([r.status, r.body.success, r.body.message]).toEqual([200, true, PROMOTION_MSG.saved]);
    return r.body.id as number;
  }

  describe('every rule at once (spec 4 §5): 400 請檢查表單欄位 with each field, nothing saved', () => {
    it('name, times, tiers, limits and the shared code together', async () => {
      const before = await count();
      const r = await create(staff, {
        name: '',
        starts_at: '2026-12-31T00:00:00+08:00',
        ends_at: '2026-12-01T00:00:00+08:00',
        tiers: [{ threshold: 1000, value: 1000 }],
        coupon_mode: 'shared',
        shared_code: 'AB 12',
        usage_limit: 0,
        per_member_limit: '1.5',
      });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, message: '請檢查表單欄位' });
      expect(fields(r.body.errors)).toEqual([
        ['name', '請輸入活動名稱'],
        ['ends_at', '結束時間必須晚於開始時間'],
        ['tiers.0.value', '折抵金額必須大於 0 且小於門檻'],
        ['shared_code', '折扣碼格式錯誤'],
        ['usage_limit', '請輸入正確的使用次數'],
        ['per_member_limit', '請輸入正確的使用次數'],
      ]);
      expect(await count()).toBe(before);
    });

    it('each kind: 請選擇活動類型, percent 1–99 and the cap, bundle, gift (the variant must exist), add-ons', async () => {
      const cases: [Record<string, unknown>, [string, string][]][] = [
        [{ kind: 'coupon' }, [['kind', '請選擇活動類型']]],
        [{ name: '字'.repeat(51) }, [['name', '請輸入活動名稱']]],
        [{ tiers: [] }, [['tiers', '折抵金額必須大於 0 且小於門檻']]],
        [
          { kind: 'percent_off', percent: 100, max_discount: -1 },
          [
            ['percent', '折扣須介於 1% 與 99%'],
            ['max_discount', PROMOTION_MSG.maxDiscount],
          ],
        ],
        [
          { kind: 'bundle_price', bundle_quantity: 1, bundle_price: 0 },
          [
            ['bundle_quantity', '請輸入任選件數與組合價'],
            ['bundle_price', '請輸入任選件數與組合價'],
          ],
        ],
        [{ kind: 'gift', gift_variant_id: 99_999_999, gift_stock: 10 }, [['gift_variant_id', '請選擇贈品']]],
        [{ kind: 'gift', gift_variant_id: gift.variantId, gift_stock: -1 }, [['gift_stock', '請選擇贈品']]],
        [{ kind: 'addon', addon_items: [] }, [['addon_items', '請設定加價購商品']]],
        [{ kind: 'addon', addon_items: [{ variant_id: 99_999_999, addon_price: 49, max_per_order: 1 }] }, [['addon_items.0.variant_id', '請設定加價購商品']]],
        [{ kind: 'addon', addon_items: [{ variant_id: gift.variantId, addon_price: -1, max_per_order: 1 }] }, [['addon_items.0.addon_price', '請設定加價購商品']]],
        [{ starts_at: '2026-02-30T00:00:00+08:00' }, [['starts_at', PROMOTION_MSG.time]]],
      ];
      const before = await count();
      for (const [over, expected] of cases) {
        const r = await create(staff, over);
        expect([JSON.stringify(over), r.status, r.body.message, fields(r.body.errors ?? [])]).toEqual([JSON.stringify(over), 400, '請檢查表單欄位', expected]);
      }
      expect(await count()).toBe(before);
    });

    it('a shared code another promotion holds (any case): 折扣碼已存在; its own code is not taken by itself', async () => {
      const first = await created({ name: '碼已存在 1', coupon_mode: 'shared', shared_code: 'Taken-2026' });
      expect((await row(first)).shared_code).toBe('TAKEN-2026');
      const r = await create(staff, { name: '碼已存在 2', coupon_mode: 'shared', shared_code: ' taken-2026 ' });
      expect(r.status).toBe(400);
      expect(fields(r.body.errors)).toEqual([['shared_code', '折扣碼已存在']]);
      const again = await staff.put(`/api/admin/promotions/${first}`, promotionBody({ name: '碼已存在 1（改）', coupon_mode: 'shared', shared_code: 'TAKEN-2026' }));
      expect([again.status, again.body.success]).toEqual([200, true]);
    });
  });

  it('creates, reads and replaces a promotion: times in UTC, answered with +08:00; other kinds’ fields dropped; audited', async () => {
    const starts = new Date(Date.now() - DAY);
    const ends = new Date(Date.now() + 30 * DAY);
    const id = await created({
      name: '  週末 9 折  ',
      kind: 'percent_off',
      percent: '10',
      max_discount: 300,
      tiers: [{ threshold: 1000, value: 100 }],
      starts_at: starts.toISOString(),
      ends_at: promotionTimeText(ends),
      scope: 'products',
      product_ids: [gift.productId, String(gift.productId)],
      stackable: true,
      coupon_mode: 'shared',
      shared_code: 'weekend-10',
      usage_limit: '100',
    });
    const stored = await row(id);
    expect(new Date(stored.starts_at!).getTime()).toBe(Math.floor(starts.getTime() / 1000) * 1000);
    expect(new Date(stored.ends_at!).getTime()).toBe(Math.floor(ends.getTime() / 1000) * 1000);

    const detail = await staff.get(`/api/admin/promotions/${id}`);
    expect(detail.status).toBe(200);
    const p = detail.body.promotion as AdminPromotion;
    expect(p).toMatchObject({
      id,
      name: '週末 9 折',
      kind: 'percent_off',
      percent: 10,
      max_discount: 300,
      tiers: [],
      starts_at: promotionTimeText(starts),
      ends_at: promotionTimeText(ends),
      scope: 'products',
      product_ids: [gift.productId],
      stackable: 1,
      is_active: 1,
      coupon_mode: 'shared',
      shared_code: 'WEEKEND-10',
      usage_limit: 100,
      used_count: 0,
      status: 'running',
      orders: 0,
      codes_total: 0,
      codes_used: 0,
    });
    expect(p.starts_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);

    // Replace: a gift promotion now; the switch left out keeps its state.
    const { is_active: _drop, ...without } = promotionBody({ name: '滿額贈', kind: 'gift', gift_variant_id: gift.variantId, gift_stock: 30, min_subtotal: 1500 });
    await staff.put(`/api/admin/promotions/${id}/isActive`, { is_active: 0 });
    const put = await owner.put(`/api/admin/promotions/${id}`, without);
    expect([put.status, put.body.message, put.body.id]).toEqual([200, PROMOTION_MSG.saved, id]);
    expect(await row(id)).toMatchObject({ name: '滿額贈', kind: 'gift', gift_variant_id: gift.variantId, gift_stock: 30, percent: null, max_discount: null, shared_code: null, coupon_mode: 'none', is_active: 0 });

    const audit: { action: string; summary: string; admin_username: string }[] = await ds.query(
      "SELECT action, summary, admin_username FROM audit_logs WHERE entity = 'promotion' AND entity_id = ? ORDER BY id",
      [String(id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['promotion.create', 'promotion.set-active', 'promotion.update']);
    expect(audit[0]).toMatchObject({ summary: '新增行銷活動「週末 9 折」', admin_username: staff.username });
    expect(audit[2].admin_username).toBe(owner.username);
    const missing = await staff.put('/api/admin/promotions/99999999', promotionBody());
    expect([missing.status, missing.body.message]).toEqual([404, PROMOTION_MSG.notFound]);
  });

  it('lists newest first, 20 a page, by status (未開始 / 進行中 / 已結束 / 已停用) and keyword (name, id, shared code)', async () => {
    const now = Date.now();
    const at = (ms: number) => promotionTimeText(new Date(now + ms));
    const ids = {
      upcoming: await created({ name: '狀態 未開始', starts_at: at(DAY), ends_at: at(2 * DAY) }),
      running: await created({ name: '狀態 進行中', starts_at: at(-DAY), ends_at: at(DAY), coupon_mode: 'shared', shared_code: 'STATUS-RUN' }),
      open: await created({ name: '狀態 不限時間' }),
      ended: await created({ name: '狀態 已結束', starts_at: at(-2 * DAY), ends_at: at(-DAY) }),
      disabled: await created({ name: '狀態 已停用', is_active: 0 }),
    };
    const list = async (query: string) => {
      const r = await staff.get(`/api/admin/promotions?${query}`);
      expect(r.status).toBe(200);
      return r.body as { promotions: AdminPromotion[]; total: number };
    };
    const mine = (l: { promotions: AdminPromotion[] }) => l.promotions.map((p) => p.id);
    expect(mine(await list('keyword=狀態&status=upcoming'))).toEqual([ids.upcoming]);
    expect(mine(await list('keyword=狀態&status=running'))).toEqual([ids.open, ids.running]);
    expect(mine(await list('keyword=狀態&status=ended'))).toEqual([ids.ended]);
    expect(mine(await list('keyword=狀態&status=disabled'))).toEqual([ids.disabled]);
    const all = await list('keyword=狀態');
    expect(all.total).toBe(5);
    expect(all.promotions.map((p) => [p.id, p.status])).toEqual([
      [ids.disabled, 'disabled'],
      [ids.ended, 'ended'],
      [ids.open, 'running'],
      [ids.running, 'running'],
      [ids.upcoming, 'upcoming'],
    ]);
    expect(mine(await list('keyword=status-run'))).toEqual([ids.running]);
    expect(mine(await list(`keyword=${ids.ended}`))).toEqual([ids.ended]);
    expect(mine(await list('keyword=狀態&limit=2&offset=2'))).toEqual([ids.open, ids.running]);

    for (let i = 0; i < 21; i++) await created({ name: `分頁 ${i}` });
    const page = await list('keyword=分頁');
    expect([page.promotions.length, page.total, page.promotions[0].name]).toEqual([20, 21, '分頁 20']);
    expect((await editor.get('/api/admin/promotions?status=soon')).status).toBe(400);
    expect((await editor.get('/api/admin/promotions?limit=101')).status).toBe(400);
  });

  it('enable / disable at once in the public list; duplicate as「… (複製)」off, without codes; delete an unused one', async () => {
    const id = await created({ name: '滿千折百（公開）', coupon_mode: 'shared', shared_code: 'PUBLIC-1000', usage_limit: 10 });
    await ds.query('UPDATE promotions SET used_count = 3 WHERE id = ?', [id]);
    const auto = await created({ name: '全館 85 折', kind: 'percent_off', percent: 15 });
    const publicList = async () => {
      const r = await request(t.http).get('/api/load/promotions');
      expect(r.status).toBe(200);
      expect(r.text).not.toMatch(/PUBLIC-1000|shared_code|used_count/i);
      return r.body.promotions as PublicPromotion[];
    };
    const shown = await publicList();
    expect(shown.find((p) => p.id === auto)).toMatchObject({ name: '全館 85 折', kind: 'percent_off', badge: '85 折', needs_code: false, scope: 'all', starts_at: null, ends_at: null });
    expect(shown.find((p) => p.id === id)).toMatchObject({ badge: '滿千折百', needs_code: true });

    const off = await staff.put(`/api/admin/promotions/${auto}/isActive`, { is_active: 0 });
    expect([off.status, off.body.message]).toEqual([200, PROMOTION_MSG.updated]);
    expect((await publicList()).some((p) => p.id === auto)).toBe(false);
    expect((await staff.get(`/api/admin/promotions/${auto}`)).body.promotion.status).toBe('disabled');
    expect((await staff.put(`/api/admin/promotions/${auto}/isActive`, { is_active: '1' })).status).toBe(200);
    expect((await publicList()).some((p) => p.id === auto)).toBe(true);
    expect((await staff.put(`/api/admin/promotions/${auto}/isActive`, { is_active: 2 })).status).toBe(400);

    const dup = await staff.post(`/api/admin/promotions/${id}/duplicate`);
    expect([dup.status, dup.body.message]).toEqual([200, PROMOTION_MSG.duplicated]);
    const copy = (await staff.get(`/api/admin/promotions/${dup.body.id}`)).body.promotion as AdminPromotion;
    expect(copy).toMatchObject({ name: '滿千折百（公開） (複製)', is_active: 0, status: 'disabled', used_count: 0, shared_code: null, usage_limit: 10, tiers: [{ threshold: 1000, value: 100 }] });
    const long = await created({ name: '長'.repeat(50) });
    const longCopy = await staff.post(`/api/admin/promotions/${long}/duplicate`);
    expect((await row(longCopy.body.id)).name).toBe(`${'長'.repeat(45)} (複製)`);

    const del = await owner.del(`/api/admin/promotions/${dup.body.id}`);
    expect([del.status, del.body.message]).toEqual([200, PROMOTION_MSG.deleted]);
    expect(await ds.getRepository(Promotion).countBy({ id: dup.body.id })).toBe(0);
    expect((await owner.del(`/api/admin/promotions/${dup.body.id}`)).status).toBe(404);
    const actions: { action: string }[] = await ds.query("SELECT action FROM audit_logs WHERE entity = 'promotion' AND entity_id = ? ORDER BY id", [String(dup.body.id)]);
    expect(actions.map((a) => a.action)).toEqual(['promotion.duplicate', 'promotion.delete']);
  });

  it('the public list: running now only (not upcoming, ended or disabled), badges by kind', async () => {
    const now = Date.now();
    const at = (ms: number) => promotionTimeText(new Date(now + ms));
    const running = await created({ name: '公開 任選', kind: 'bundle_price', bundle_quantity: 3, bundle_price: 999, scope: 'categories', category_ids: [5], exclude_product_ids: [33], ends_at: at(DAY) });
    const soon = await created({ name: '公開 未開始', kind: 'free_shipping', starts_at: at(DAY) });
    const past = await created({ name: '公開 已結束', kind: 'gift', gift_variant_id: gift.variantId, gift_stock: 5, ends_at: at(-1000), starts_at: at(-DAY) });
    const r = await request(t.http).get('/api/load/promotions');
    const byId = new Map((r.body.promotions as PublicPromotion[]).map((p) => [p.id, p]));
    expect(byId.get(running)).toEqual({
      id: running,
      name: '公開 任選',
      description: '',
      kind: 'bundle_price',
      badge: '任選 3 件 NT$ 999',
      starts_at: null,
      ends_at: at(DAY),
      scope: 'categories',
      product_ids: [],
      category_ids: [5],
      exclude_product_ids: [33],
      needs_code: false,
    });
    expect(byId.has(soon)).toBe(false);
    expect(byId.has(past)).toBe(false);
  });

  it('editors read the list, a promotion and its report, never its code; they never write', async () => {
    const id = await created({ name: '編輯只讀', coupon_mode: 'shared', shared_code: 'EDITOR-NO-SEE' });
    const list = await editor.get('/api/admin/promotions?keyword=%E7%B7%A8%E8%BC%AF%E5%8F%AA%E8%AE%80');
    expect(list.status).toBe(200);
    expect(list.body.promotions).toEqual([expect.objectContaining({ id, coupon_mode: 'shared', shared_code: null })]);
    expect((await editor.get(`/api/admin/promotions/${id}`)).body.promotion).toMatchObject({ id, shared_code: null });
    // The keyword does not find a promotion by its code for an editor (it does for staff).
    expect((await editor.get('/api/admin/promotions?keyword=EDITOR-NO-SEE')).body.promotions).toEqual([]);
    expect((await staff.get('/api/admin/promotions?keyword=EDITOR-NO-SEE')).body.promotions).toEqual([expect.objectContaining({ id, shared_code: 'EDITOR-NO-SEE' })]);
    expect((await staff.get(`/api/admin/promotions/${id}`)).body.promotion).toMatchObject({ id, shared_code: 'EDITOR-NO-SEE' });
    expect((await editor.get(`/api/admin/promotions/${id}/report`)).body).toMatchObject({ success: true, orders: 0, discountTotal: 0, revenue: 0, codesUsed: 0, byDay: [] });
    const before = await row(id);
    for (const res of [
      await create(editor),
      await editor.put(`/api/admin/promotions/${id}`, promotionBody({ name: '改' })),
      await editor.put(`/api/admin/promotions/${id}/isActive`, { is_active: 0 }),
      await editor.post(`/api/admin/promotions/${id}/duplicate`),
      await editor.del(`/api/admin/promotions/${id}`),
    ]) {
      expect(res.status).toBe(403);
    }
    expect(await row(id)).toEqual(before);
  });
});
