import request from 'supertest';
import { OrderStateService } from '../../src/modules/orders/order-state.service';
import { adminSession, type AdminSession } from '../helpers/admin';
import { homeCod, submit, type Shopper } from './checkout-fixtures';
import { promotion, setPromotion } from './promotion-fixtures';
import { makeProduct, member, noticeWorld, saveStock, type MadeProduct, type Member, type NoticeWorld } from './member-notices-fixtures';

// App start-up on MariaDB needs more than the 5 s default.
jest.setTimeout(120_000);

const BANK = { bank_code: '013', account: '123456789012', name: '王小明' };

/**
 * Honest social proof (issue 21 §6, docs/decisions/0057-real-social-proof.md): 已售出 is the shop's own
 * count — units of paid orders less refunded units — and staff can neither type it nor 觀看數 (the
 * form and the CSV ignore them; the admin list still shows them).
 */
describe('social proof: sold counts from paid orders less refunds; not editable', () => {
  let w: NoticeWorld;
  let owner: AdminSession;
  let buyer: Member;

  beforeAll(async () => {
    w = await noticeWorld();
    owner = await adminSession(w.t, 'owner');
    buyer = await member(w);
  });
  afterAll(async () => {
    await w?.close();
  });

  const counts = async (p: MadeProduct) => {
    const [r] = (await w.ds.query('SELECT sold_quantity, views_count FROM products WHERE id = ?', [p.productId])) as { sold_quantity: number; views_count: number }[];
    return { sold: Number(r.sold_quantity), views: Number(r.views_count) };
  };
  const shownSold = async (p: MadeProduct) => (await request(w.t.http).get(`/api/load/productD/${p.productId}`).expect(200)).body.pDetails.sold_quantity as number;
  const s = (): Shopper => ({ b: buyer.b, userId: buyer.userId, phone: buyer.phone, email: buyer.email });

  async function order(p: MadeProduct, quantity: number): Promise<{ id: number; total: number }> {
    const [home] = (await w.ds.query('SELECT shipping_cost, free_shipping_threshold FROM shipping_methods WHERE id = 4')) as { shipping_cost: number; free_shipping_threshold: number }[];
    const subtotal = p.price * quantity;
    const total = subtotal + (subtotal >= Number(home.free_shipping_threshold) ? 0 : Number(home.shipping_cost));
    const res = await submit(s(), homeCod(s(), [{ v: p, quantity }], total));
    if (res.status !== 200) throw new Error(`submitOrder: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.resData.order_id as number, total };
  }
  const pay = (o: { id: number; total: number }) => w.t.app.get(OrderStateService).markPaid(o.id, { gateway: 'payuni', tradeNo: `COD-${o.id}`, amount: o.total, source: 'query' });

  it('a reservation or a cancelled order sells nothing; payment adds the units; a refund of units takes them back', async () => {
    const p = await makeProduct(w, owner, 20, 300);
    expect(await counts(p)).toEqual({ sold: 0, views: 0 });

    const cancelled = await order(p, 3);
    expect((await counts(p)).sold).toBe(0);
    expect((await buyer.b.post('/api/order/cancelOrder', { order_id: cancelled.id })).status).toBe(200);
    expect((await counts(p)).sold).toBe(0);

    const paid = await order(p, 4);
    expect((await counts(p)).sold).toBe(0);
    await pay(paid);
    expect((await counts(p)).sold).toBe(4);
    expect(await shownSold(p)).toBe(4);
    // Paying twice (a duplicate notify) counts once.
    await pay(paid);
    expect((await counts(p)).sold).toBe(4);

    const [line] = (await w.ds.query('SELECT id FROM order_items WHERE order_id = ?', [paid.id])) as { id: number }[];
    const refund = await owner.agent
      .post('/api/admin/refundOrder')
      .set('X-CSRF-Token', owner.csrf)
      .send({ order_id: paid.id, reason: '退貨', restock: false, bank: BANK, items: [{ order_item_id: Number(line.id), quantity: 1 }] });
    expect(refund.status).toBe(200);
    expect((await counts(p)).sold).toBe(3);
    expect(await shownSold(p)).toBe(3);
  });

  it('a NT$ 0 gift (滿額贈) is not a sale: only the bought units count when the order is paid', async () => {
    const p = await makeProduct(w, owner, 10, 400);
    const g = await makeProduct(w, owner, 5, 250);
    const gift = await promotion(w.t.app, { kind: 'gift', name: '滿千送旅行組', min_subtotal: 1000, gift_variant_id: g.variantId, gift_stock: 3 });
    try {
      const o = await order(p, 3);
      const lines = (await w.ds.query('SELECT product_id, quantity, line_kind FROM order_items WHERE order_id = ? ORDER BY id', [o.id])) as { product_id: number; quantity: number; line_kind: string }[];
      expect(lines.map((l) => [Number(l.product_id), Number(l.quantity), l.line_kind])).toEqual([
        [p.productId, 3, 'item'],
        [g.productId, 1, 'gift'],
      ]);
      await pay(o);
      expect((await counts(p)).sold).toBe(3);
      expect((await counts(g)).sold).toBe(0);
    } finally {
      await setPromotion(w.t.app, gift.id, { is_active: 0 });
    }
  });

  it('staff cannot type 已售數量 or 觀看數: the form ignores them, the admin list still shows them', async () => {
    const p = await makeProduct(w, owner, 5, 300);
    await w.ds.query('UPDATE products SET sold_quantity = 12, views_count = 34 WHERE id = ?', [p.productId]);
    const saved = await saveStock(owner, p, 5, { sold_quantity: 863, views_count: 99999, title: `${p.title} 改` });
    expect(saved.status).toBe(200);
    expect(await counts(p)).toEqual({ sold: 12, views: 34 });
    const junk = await saveStock(owner, p, 5, { sold_quantity: 'x', views_count: -1 });
    expect(junk.status).toBe(200);
    expect(await counts(p)).toEqual({ sold: 12, views: 34 });
    const row = (await owner.post('/api/admin/productslist', { searchKeyword: String(p.productId) })).body.products[0];
    expect(row).toMatchObject({ product_id: p.productId, sold_quantity: 12, views_count: 34 });
    // A new product starts at 0 whatever the form says.
    const [type] = (await w.ds.query('SELECT id FROM product_types ORDER BY id LIMIT 1')) as { id: number }[];
    const created = await owner.post('/api/admin/createOrUpdateProduct', {
      seo_description: '',
      product_type: Number(type.id),
      title: `假銷量 ${process.pid}`,
      description: '保濕精華',
      unit: '瓶',
      image_url: '/media/library/a.webp',
      sold_quantity: 863,
      views_count: 5000,
      product_media: [{ media_url: '/media/library/a.webp', ordering: 0 }],
      product_variants: [{ variant_name: '30ml', quantity: 1, original_price: 500, discount_price: 400 }],
    });
    expect(created.status).toBe(200);
    const [fresh] = (await w.ds.query('SELECT sold_quantity, views_count FROM products WHERE id = ?', [created.body.product_id])) as { sold_quantity: number; views_count: number }[];
    expect([Number(fresh.sold_quantity), Number(fresh.views_count)]).toEqual([0, 0]);
  });
});
