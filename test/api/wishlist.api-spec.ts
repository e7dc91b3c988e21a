import request from 'supertest';
import { adminSession, type AdminSession } from '../helpers/admin';
import { makeProduct, member, noticeWorld, saveStock, type Member, type NoticeWorld } from './member-notices-fixtures';

// App start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(120_000);

interface Item {
  product_id: number;
  title: string;
  price: number;
  list_price: number;
  stock: number;
  available: boolean;
  variant_id: number | null;
  variant_name: string;
}

/**
 * 我的收藏 (spec 4 §2, §7, §8): POST /api/member/wishlist toggles (已加入收藏 / 已取消收藏), GET lists the
 * products with their price and stock NOW (read from the catalogue at each call) and 已下架 ones as
 * unavailable. The member is the session's.
 */
describe('wishlist: toggle and list with the price and stock now', () => {
  let w: NoticeWorld;
  let owner: AdminSession;
  let m: Member;

  beforeAll(async () => {
    w = await noticeWorld();
    owner = await adminSession(w.t, 'owner');
    m = await member(w);
  });
  afterAll(async () => {
    await w?.close();
  });

  const list = async (who: Member) => (await who.b.get('/api/member/wishlist')).body as { success: boolean; items: Item[]; productIds: number[] };
  const toggle = (who: Member, productId: unknown, extra: object = {}) => who.b.post('/api/member/wishlist', { product_id: productId, ...extra });

  it('needs a member; an unknown or malformed product is refused and nothing is stored', async () => {
    expect((await request(w.t.http).get('/api/member/wishlist')).status).toBe(401);
    const unknown = await toggle(m, 999_999_999);
    expect([unknown.status, unknown.body.success, unknown.body.message]).toEqual([404, false, '找不到商品']);
    for (const bad of ['abc', -1, 0, 1.5, null]) expect((await toggle(m, bad)).status).toBe(400);
    expect((await list(m)).items).toEqual([]);
  });

  it('toggles: 已加入收藏 then 已取消收藏; the list shows the price and stock now; another member sees only theirs', async () => {
    const p = await makeProduct(w, owner, 7, 880);
    const other = await member(w);
    const added = await toggle(m, p.productId, { user_id: other.userId });
    expect([added.status, added.body.wished, added.body.message]).toEqual([200, true, '已加入收藏']);
    expect((await list(other)).items).toEqual([]);

    let mine = await list(m);
    expect(mine.productIds).toContain(p.productId);
    expect(mine.items.find((i) => i.product_id === p.productId)).toMatchObject({ title: p.title, price: 880, list_price: 980, stock: 7, available: true, variant_id: p.variantId, variant_name: '30ml' });

    // Staff change the price and the stock: the list follows at once.
    const list0 = await owner.post('/api/admin/productslist', { searchKeyword: String(p.productId) });
    const row = (list0.body.products as Array<Record<string, unknown>>)[0];
    const variants = (row.product_variants as Array<Record<string, unknown>>).map((v) => ({ ...v, quantity: 0, original_price: 1000, discount_price: 750 }));
    expect((await owner.post('/api/admin/createOrUpdateProduct', { ...row, product_variants: variants })).status).toBe(200);
    mine = await list(m);
    expect(mine.items.find((i) => i.product_id === p.productId)).toMatchObject({ price: 750, list_price: 1000, stock: 0, available: true, variant_id: p.variantId });

    const removed = await toggle(m, p.productId);
    expect([removed.status, removed.body.wished, removed.body.message]).toEqual([200, false, '已取消收藏']);
    expect((await list(m)).productIds).not.toContain(p.productId);
  });

  it('a delisted product stays listed as unavailable (已下架), can be removed, and cannot be added', async () => {
    const p = await makeProduct(w, owner, 3, 500);
    expect((await toggle(m, p.productId)).body.wished).toBe(true);
    expect((await saveStock(owner, p, 3, { is_active: 0 })).status).toBe(200);
    const item = (await list(m)).items.find((i) => i.product_id === p.productId);
    expect(item).toMatchObject({ available: false, stock: 0, variant_id: null, price: 500 });
    expect((await toggle(m, p.productId)).body).toMatchObject({ wished: false, message: '已取消收藏' });
    const again = await toggle(m, p.productId);
    expect([again.status, again.body.message]).toEqual([404, '找不到商品']);
    expect((await list(m)).productIds).not.toContain(p.productId);
  });

  it('two toggles of the same product at once leave at most one row and never fail with a server error', async () => {
    const p = await makeProduct(w, owner, 2, 400);
    const results = await Promise.all([toggle(m, p.productId), toggle(m, p.productId)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const rows = (await w.ds.query('SELECT COUNT(*) AS n FROM wishlist_items WHERE user_id = ? AND product_id = ?', [m.userId, p.productId])) as { n: number }[];
    expect(Number(rows[0].n)).toBeLessThanOrEqual(1);
    expect((await list(m)).productIds.includes(p.productId)).toBe(Number(rows[0].n) === 1);
  });
});
