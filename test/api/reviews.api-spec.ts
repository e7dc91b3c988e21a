import request from 'supertest';
import { DataSource } from 'typeorm';
import { DomainEvents, type DomainEventMap } from '../../src/common/events/domain-events';
import { BrowserSession } from '../../src/modules/auth/testing/browser-session';
import { REVIEW_MSG } from '../../src/common/validation/review-rules';
import { adminSession, type AdminSession } from '../helpers/admin';
import { createTestApp, TestApp } from '../helpers/test-app';
import { jobsIdle, setShipping, shopper, variants, type Shopper, type TestVariant } from './checkout-fixtures';
import { copiesOf, deliveredOrder, GOOD_TEXT, pngBytes, recounted, summaryRow, uploadPhoto } from './reviews-fixtures';

jest.setTimeout(240_000);

const IMAGE_NOT_IMAGE = '以下檔案不是有效的圖片（僅接受 JPEG、PNG、WebP、GIF）';
const IMAGE_TOO_LARGE = '以下檔案超過大小限制';

/**
 * Reviews (spec 4 §3–§8, issue 21 §4) through the API: who may review what (delivered or completed
 * items of the member's own orders, once, within 90 days, not gifts), every rule with its message,
 * held texts, masked names, photos through the image pipeline and bound to their member, the kept
 * summary through publish / hide / show (equal to a recount), the product page's filters, sorts and
 * pages, `review.published` once per review, 評價管理 (filters, roles, audit, the reply's notice),
 * /reviews' lists, the ratings of the cards, and two submits at once.
 */
describe('reviews (spec 4 §4, §5, §7, §8)', () => {
  let t: TestApp;
  let ds: DataSource;
  let A: TestVariant, B: TestVariant, C: TestVariant, D: TestVariant;
  let amy: Shopper, ben: Shopper;
  let owner: AdminSession, staff: AdminSession, editor: AdminSession;
  const published: DomainEventMap['review.published'][] = [];

  beforeAll(async () => {
    t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000' });
    ds = t.app.get(DataSource);
    [A, B, C, D] = await variants(t.app, 4, 500, 100);
    await setShipping(t.app, 4, { shipping_cost: 100, free_shipping_threshold: 100000, is_active: 1 });
    // Each product starts without reviews (the demo seed may have some).
    for (const v of [A, B, C, D]) {
      await ds.query('DELETE FROM reviews WHERE product_id = ?', [v.productId]);
      await ds.query('DELETE FROM review_summaries WHERE product_id = ?', [v.productId]);
    }
    [amy, ben] = [await shopper(t), await shopper(t)];
    [owner, staff, editor] = [await adminSession(t, 'owner'), await adminSession(t, 'staff'), await adminSession(t, 'editor')];
    t.app.get(DomainEvents).inTransaction('review.published', async (p) => {
      published.push(p);
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (s: Shopper, body: object) => s.b.post('/api/member/reviews', body);
  const review = (s: Shopper, order_item_id: number, extra: object = {}) => post(s, { order_item_id, rating: 5, content: GOOD_TEXT, photos: [], ...extra });
  const ledger = async (reviewId: number) =>
    ((await ds.query('SELECT kind, amount FROM points_ledger WHERE source_key = ?', [`review:${reviewId}`])) as { kind: string; amount: number }[]).map((e) => ({ kind: e.kind, amount: Number(e.amount) }));
  const page = async (productId: number, query = '') => (await amy.b.get(`/api/load/productReviews/${productId}${query}`)).body;

  it('lets a member review an item of a delivered or completed order once, within 90 days; says what it earns; masks the name', async () => {
    const o = await deliveredOrder(t, amy, [A, B], { daysAgo: 89 });
    const r = await review(amy, o.itemIds[0], { rating: 4, user_id: ben.userId });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: REVIEW_MSG.published, points: 20 });
    expect(r.body.review).toMatchObject({ order_item_id: o.itemIds[0], product_id: A.productId, rating: 4, content: GOOD_TEXT, display_name: '王**', variant_name: A.variantName, held: 0, is_visible: 1, status: 'shown', title: A.title });
    const [row] = await ds.query('SELECT user_id, order_id FROM reviews WHERE order_item_id = ?', [o.itemIds[0]]);
    expect(Number(row.user_id)).toBe(amy.userId); // the body's user_id is ignored
    expect(Number(row.order_id)).toBe(o.orderId);

    const again = await review(amy, o.itemIds[0]);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, message: REVIEW_MSG.already });

    const completed = await deliveredOrder(t, amy, [C], { status: 'completed', daysAgo: 30 });
    expect((await review(amy, completed.itemIds[0], { rating: 3 })).body.message).toBe(REVIEW_MSG.published);
    expect(published.filter((p) => p.userId === amy.userId)).toHaveLength(2);
    expect(published.find((p) => p.productId === A.productId)).toMatchObject({ userId: amy.userId, withPhotos: false });
  });

  it('refuses what is not the member’s to review: not delivered, another member’s, a gift, unknown (完成訂單後才能評價); past 90 days (已超過評價期限)', async () => {
    const pending = await deliveredOrder(t, amy, [D], { status: 'pending' });
    const shipped = await deliveredOrder(t, amy, [D], { status: 'shipped' });
    const bens = await deliveredOrder(t, ben, [D]);
    const gift = await deliveredOrder(t, amy, [B, D]);
    await ds.query("UPDATE order_items SET line_kind = 'gift', price = 0 WHERE id = ?", [gift.itemIds[1]]);
    for (const id of [pending.itemIds[0], shipped.itemIds[0], bens.itemIds[0], gift.itemIds[1], 99999999]) {
      const r = await review(amy, id);
      expect([r.status, r.body]).toEqual([400, { success: false, message: REVIEW_MSG.notEligible }]);
    }
    const old = await deliveredOrder(t, amy, [D], { daysAgo: 91 });
    expect((await review(amy, old.itemIds[0])).body).toEqual({ success: false, message: REVIEW_MSG.expired });
    const anon = await request(t.http).post('/api/member/reviews').send({ order_item_id: bens.itemIds[0] });
    expect([401, 403]).toContain(anon.status);
    expect(await ds.query('SELECT id FROM reviews WHERE order_item_id IN (?, ?, ?, ?, ?)', [pending.itemIds[0], shipped.itemIds[0], bens.itemIds[0], gift.itemIds[1], old.itemIds[0]])).toEqual([]);
  });

  it('answers each input rule with the spec message and changes nothing', async () => {
    const o = await deliveredOrder(t, ben, [D]);
    const id = o.itemIds[0];
    const cases: [object, string][] = [
      [{ rating: 0 }, REVIEW_MSG.rating],
      [{ rating: 6 }, REVIEW_MSG.rating],
      [{ rating: 4.5 }, REVIEW_MSG.rating],
      [{ rating: '5' }, REVIEW_MSG.rating],
      [{ rating: undefined }, REVIEW_MSG.rating],
      [{ content: '   很好用很好用很好   ' }, REVIEW_MSG.contentShort],
      [{ content: '好'.repeat(1001) }, REVIEW_MSG.contentLong],
      [{ photos: ['1', '2', '3', '4', '5', '6'] }, REVIEW_MSG.photos],
      [{ photos: ['https://evil.example/x.webp'] }, REVIEW_MSG.photoInvalid],
      [{ photos: ['/media/reviews/u1/00000000000000000000000000000000-00000000000000000000.webp'] }, REVIEW_MSG.photoInvalid],
    ];
    for (const [extra, message] of cases) {
      const r = await review(ben, id, extra);
      expect([r.status, r.body]).toEqual([400, { success: false, message }]);
    }
    expect(await ds.query('SELECT id FROM reviews WHERE order_item_id = ?', [id])).toEqual([]);
    const ok = await review(ben, id, { rating: 1, content: '好'.repeat(1000) });
    expect(ok.body.message).toBe(REVIEW_MSG.published);
  });

  it('holds a text with a link, a phone number or an e-mail for staff (評價已送出，待審核後顯示): not shown, not counted, no points yet', async () => {
    const s = await shopper(t);
    const o = { itemIds: await copiesOf(t, (await deliveredOrder(t, s, [B])).itemIds[0], 3) };
    const before = await summaryRow(t, B.productId);
    const texts: [string, string][] = [
      ['更多介紹請看 https://spam.example.com 喔', '含連結'],
      ['有問題打給我 0912-345-678 謝謝', '含電話號碼'],
      ['代購請寫信 buy@example.com 謝謝你', '含電子郵件'],
    ];
    for (const [i, [content, reason]] of texts.entries()) {
      const r = await review(s, o.itemIds[i], { content });
      expect(r.body).toMatchObject({ success: true, message: REVIEW_MSG.held, points: 20 });
      expect(r.body.review).toMatchObject({ held: 1, is_visible: 0, status: 'held' });
      const [row] = await ds.query('SELECT held, held_reason FROM reviews WHERE id = ?', [r.body.review.id]);
      expect([Number(row.held), row.held_reason]).toEqual([1, reason]);
    }
    expect(published.filter((p) => p.userId === s.userId)).toEqual([]);
    expect(await summaryRow(t, B.productId)).toEqual(before);
    const shown = await page(B.productId);
    expect(shown.reviews.some((x: { content: string }) => x.content.includes('0912'))).toBe(false);
    // Ordinary numbers are not phone numbers.
    const fine = await review(s, o.itemIds[3], { content: '用了 3 週，2024.05.01 開始擦，50ml 大概兩個月' });
    expect(fine.body.message).toBe(REVIEW_MSG.published);
  });

  it('masks an empty name as 會員**', async () => {
    const s = await shopper(t);
    const o = await deliveredOrder(t, s, [C]);
    await ds.query("UPDATE users SET username = '' WHERE id = ?", [s.userId]);
    expect((await review(s, o.itemIds[0])).body.review.display_name).toBe('會員**');
  });

  it('takes photos through the image pipeline (WebP), bound to the member; refuses a non-image, an oversized file and no file; 50 points with a photo', async () => {
    const up = await uploadPhoto(amy, await pngBytes(), 'face.png');
    expect(up.status).toBe(200);
    expect(up.body.url).toMatch(new RegExp(`^/media/reviews/u${amy.userId}/[0-9a-f]{32}-[0-9a-f]{20}\\.webp$`));
    const file = await amy.b.get(up.body.url);
    expect(file.status).toBe(200);
    expect(file.body.subarray(8, 12).toString('latin1')).toBe('WEBP');

    const text = await uploadPhoto(amy, Buffer.from('<html><script>alert(1)</script></html>'), 'x.png');
    expect([text.status, text.body]).toEqual([415, { success: false, message: `${IMAGE_NOT_IMAGE}：x.png`, files: ['x.png'] }]);
    const big = await uploadPhoto(amy, Buffer.alloc(8 * 1024 * 1024 + 1, 1), 'big.jpg');
    expect([big.status, big.body.message]).toEqual([413, `${IMAGE_TOO_LARGE}：big.jpg`]);
    const visitor = new BrowserSession(request.agent(t.http));
    const anon = await visitor.agent.post('/api/member/reviews/photos').set('X-Forwarded-For', visitor.ip).set('X-CSRF-Token', await visitor.csrfToken()).attach('file', await pngBytes(), 'a.png');
    expect([401, 403]).toContain(anon.status); // no member: refused (CSRF or login) before any upload
    const token = await amy.b.csrfToken();
    const none = await amy.b.agent.post('/api/member/reviews/photos').set('X-Forwarded-For', amy.b.ip).set('X-CSRF-Token', token).field('x', '1');
    expect(none.body).toEqual({ success: false, message: '請選擇要上傳的圖片' });

    // Ben cannot use Amy's photo; Amy can.
    const bens = await deliveredOrder(t, ben, [C]);
    expect((await review(ben, bens.itemIds[0], { photos: [up.body.url] })).body.message).toBe(REVIEW_MSG.photoInvalid);
    const tampered = up.body.url.replace(/-([0-9a-f])/, (_m: string, c: string) => `-${c === '0' ? '1' : '0'}`);
    const mine = await deliveredOrder(t, amy, [C]);
    expect((await review(amy, mine.itemIds[0], { photos: [tampered] })).body.message).toBe(REVIEW_MSG.photoInvalid);
    const r = await review(amy, mine.itemIds[0], { photos: [up.body.url, up.body.url] });
    expect(r.body).toMatchObject({ message: REVIEW_MSG.published, points: 50 });
    expect(r.body.review.photos).toEqual([up.body.url]);
    // The rewards module awards what the answer announced, once.
    expect(await ledger(r.body.review.id)).toEqual([{ kind: 'review', amount: 50 }]);
    expect(published.find((p) => p.reviewId === r.body.review.id)).toMatchObject({ withPhotos: true });
  });

  it('limits photo uploads per member (30 in 10 minutes, then 請求過於頻繁，請稍後再試)', async () => {
    const s = await shopper(t);
    const png = await pngBytes(8, 8);
    for (let i = 0; i < 30; i++) expect((await uploadPhoto(s, png)).status).toBe(200);
    const over = await uploadPhoto(s, png);
    expect([over.status, over.body.message]).toEqual([429, '請求過於頻繁，請稍後再試']);
    expect((await uploadPhoto(amy, png)).status).toBe(200); // another member is not limited by it
  });

  it('shows a product page: summary from the kept row (= a recount), filters by stars and photos, sorts, pages of 10; cached and dropped on change', async () => {
    const product = D;
    const s = await shopper(t);
    const ratings = [5, 5, 4, 3, 1, 5, 2, 4, 5, 5, 3, 4];
    const o = { itemIds: await copiesOf(t, (await deliveredOrder(t, s, [product])).itemIds[0], ratings.length - 1) };
    const photo = (await uploadPhoto(s, await pngBytes(20, 20))).body.url as string;
    const before = await recounted(t, product.productId);
    for (const [i, rating] of ratings.entries()) {
      const r = await review(s, o.itemIds[i], { rating, content: `第 ${i + 1} 則評價，質地清爽很好吸收`, photos: i % 4 === 0 ? [photo] : [] });
      expect(r.status).toBe(200);
    }
    const counted = await recounted(t, product.productId);
    expect(await summaryRow(t, product.productId)).toEqual(counted);
    expect(counted.count - before.count).toBe(12);

    const first = await page(product.productId);
    expect(first.summary.count).toBe(counted.count);
    expect(first.summary.average).toBe(Math.round((counted.rating_sum / counted.count) * 10) / 10);
    expect(first.summary.distribution).toEqual([counted.star5, counted.star4, counted.star3, counted.star2, counted.star1]);
    expect(first.summary.withPhotos).toBe(counted.with_photos);
    expect(first.total).toBe(counted.count);
    expect(first.reviews).toHaveLength(10);
    expect(first.reviews[0].content).toContain('第 12 則');
    expect(first.reviews[0]).toMatchObject({ display_name: '王**', variant_name: product.variantName, reply: null });
    expect(first.reviews[0].order_item_id).toBeUndefined();
    expect(first.reviews[0].user_id).toBeUndefined();
    // Revalidated by ETag (304), compressed per response.
    const full = await request(t.http).get(`/api/load/productReviews/${product.productId}`).set('Accept-Encoding', 'gzip');
    expect([full.status, full.headers['content-encoding'], full.headers['cache-control']]).toEqual([200, 'gzip', 'no-cache']);
    const again = await request(t.http).get(`/api/load/productReviews/${product.productId}`).set('If-None-Match', full.headers.etag);
    expect(again.status).toBe(304);
    const second = await page(product.productId, '?page=2');
    expect(second.reviews).toHaveLength(counted.count - 10);
    const fives = await page(product.productId, '?stars=5');
    expect(fives.total).toBe(counted.star5);
    expect(fives.reviews.every((x: { rating: number }) => x.rating === 5)).toBe(true);
    const photos = await page(product.productId, '?withPhotos=1');
    expect(photos.total).toBe(counted.with_photos);
    expect(photos.reviews.every((x: { photos: string[] }) => x.photos.length === 1)).toBe(true);
    const fivePhotos = await page(product.productId, '?withPhotos=1&stars=5');
    expect(fivePhotos.total).toBe(fivePhotos.reviews.length);
    expect(fivePhotos.reviews.every((x: { rating: number; photos: string[] }) => x.rating === 5 && x.photos.length === 1)).toBe(true);
    // Every shown review of the product (earlier tests wrote some too), lowest first, newest first within a star.
    const all: { id: number; rating: number }[] = (
      await ds.query('SELECT id, rating FROM reviews WHERE product_id = ? AND is_visible = 1 AND held = 0 ORDER BY rating ASC, created_at DESC, id DESC', [product.productId])
    ).map((r: { id: number; rating: number }) => ({ id: Number(r.id), rating: Number(r.rating) }));
    const ids = (answer: { reviews: { id: number }[] }) => answer.reviews.map((x) => x.id);
    expect(ids(await page(product.productId, '?sort=lowest&limit=5'))).toEqual(all.slice(0, 5).map((x) => x.id));
    expect(ids(await page(product.productId, '?sort=lowest&limit=5&page=2'))).toEqual(all.slice(5, 10).map((x) => x.id));
    const highest = (await page(product.productId, '?sort=highest&limit=3&page=2')).reviews.map((x: { rating: number }) => x.rating);
    expect(highest).toEqual(all.map((x) => x.rating).sort((a, b) => b - a).slice(3, 6));
    for (const bad of ['?stars=6', '?sort=best', '?limit=0', '?page=x']) {
      expect((await amy.b.get(`/api/load/productReviews/${product.productId}${bad}`)).status).toBe(400);
    }
    expect((await amy.b.get('/api/load/productReviews/abc')).status).toBe(404);
    const none = await page(999999);
    expect(none).toEqual({ success: true, summary: { average: 0, count: 0, distribution: [0, 0, 0, 0, 0], withPhotos: 0 }, reviews: [], total: 0 });

    // The server-rendered head: AggregateRating and a few Review items in the product's JSON-LD.
    const ld = async () => {
      const html = (await request(t.http).get(`/product/${product.productId}`)).text;
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
      return blocks.find((b) => b['@type'] === 'Product') as { aggregateRating?: Record<string, unknown>; review?: { reviewBody: string; author: { name: string } }[] };
    };
    const head = await ld();
    expect(head.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: first.summary.average, reviewCount: counted.count, bestRating: 5, worstRating: 1 });
    expect(head.review).toHaveLength(5);
    expect(head.review![0]).toMatchObject({ reviewBody: first.reviews[0].content, author: { name: '王**' } });

    // The cards' ratings.
    const cards = (await amy.b.get('/api/load/ratings')).body;
    expect(cards.ratings[String(product.productId)]).toEqual({ average: first.summary.average, count: counted.count });

    // Staff hide the newest: the cached page, the ratings and the summary follow.
    const newest = first.reviews[0];
    expect((await staff.put(`/api/admin/reviews/${newest.id}`, { is_visible: 0 })).status).toBe(200);
    const after = await page(product.productId);
    expect(after.summary.count).toBe(counted.count - 1);
    expect(after.reviews[0].id).not.toBe(newest.id);
    expect(await summaryRow(t, product.productId)).toEqual(await recounted(t, product.productId));
    expect((await amy.b.get('/api/load/ratings')).body.ratings[String(product.productId)].count).toBe(counted.count - 1);
    expect((await ld()).aggregateRating).toMatchObject({ reviewCount: counted.count - 1 });
    expect((await staff.put(`/api/admin/reviews/${newest.id}`, { is_visible: 1 })).status).toBe(200);
    expect((await page(product.productId)).summary.count).toBe(counted.count);
    expect((await ld()).aggregateRating).toMatchObject({ reviewCount: counted.count });
    expect(await summaryRow(t, product.productId)).toEqual(await recounted(t, product.productId));
    // Shown again: not a first publication.
    expect(published.filter((p) => p.reviewId === newest.id)).toHaveLength(1);
  });

  it('評價管理: filters, roles (editor reads), release / hide / show with the summary and one review.published, reply told to the member once, audited', async () => {
    const s = await shopper(t);
    const first = await deliveredOrder(t, s, [A]);
    const o = { orderId: first.orderId, itemIds: await copiesOf(t, first.itemIds[0], 1) };
    const held = (await review(s, o.itemIds[0], { rating: 2, content: '加我賴 line.me/abc 有優惠' })).body.review;
    const other = (await review(s, o.itemIds[1], { rating: 2, content: '另一則也含連結 www.spam.tw 喔' })).body.review;
    const base = await summaryRow(t, A.productId);

    const list = await editor.get(`/api/admin/reviews?status=held&product_id=${A.productId}`);
    expect(list.status).toBe(200);
    expect(list.body.reviews.map((r: { id: number }) => r.id)).toEqual([other.id, held.id]);
    expect(list.body.total).toBe(2);
    expect(list.body.reviews[1]).toMatchObject({ status: 'held', held_reason: '含連結', username: '王小明', user_id: s.userId, order_id: o.orderId, title: A.title, display_name: '王**' });
    expect(list.body.reviews[1].order_no).toMatch(/\w+/);
    expect((await editor.put(`/api/admin/reviews/${held.id}`, { is_visible: 1 })).status).toBe(403);
    expect((await staff.get(`/api/admin/reviews?user_id=${s.userId}&stars=2`)).body.total).toBe(2);
    expect((await staff.get(`/api/admin/reviews?user_id=${s.userId}&stars=3`)).body.total).toBe(0);
    expect((await staff.get(`/api/admin/reviews?user_id=${s.userId}&keyword=line.me`)).body.reviews.map((r: { id: number }) => r.id)).toEqual([held.id]);
    expect((await staff.get(`/api/admin/reviews?user_id=${s.userId}&keyword=${encodeURIComponent(A.title.slice(0, 4))}`)).body.total).toBe(2);
    expect((await staff.get('/api/admin/reviews?status=bad')).status).toBe(400);

    // Release the held one: shown, counted, published once.
    const released = await staff.put(`/api/admin/reviews/${held.id}`, { is_visible: 1 });
    expect(released.body).toMatchObject({ success: true, review: { status: 'shown', held: 0, is_visible: 1 } });
    expect(await summaryRow(t, A.productId)).toMatchObject({ count: base.count + 1, star2: base.star2 + 1 });
    expect(published.filter((p) => p.reviewId === held.id)).toHaveLength(1);
    expect(await ledger(held.id)).toEqual([{ kind: 'review', amount: 20 }]);
    expect(await ledger(other.id)).toEqual([]);
    // Hide, show: the summary follows; no second publication.
    await staff.put(`/api/admin/reviews/${held.id}`, { is_visible: 0 });
    expect((await summaryRow(t, A.productId)).count).toBe(base.count);
    await owner.put(`/api/admin/reviews/${held.id}`, { is_visible: 1 });
    expect((await summaryRow(t, A.productId)).count).toBe(base.count + 1);
    expect(published.filter((p) => p.reviewId === held.id)).toHaveLength(1);
    expect(await ledger(held.id)).toHaveLength(1);
    // A held review hidden before it was ever shown is published when first shown.
    await staff.put(`/api/admin/reviews/${other.id}`, { is_visible: 0 });
    expect((await staff.get(`/api/admin/reviews?status=hidden&user_id=${s.userId}`)).body.reviews.map((r: { id: number }) => r.id)).toEqual([other.id]);
    expect(published.filter((p) => p.reviewId === other.id)).toHaveLength(0);
    await staff.put(`/api/admin/reviews/${other.id}`, { is_visible: 1 });
    expect(published.filter((p) => p.reviewId === other.id)).toHaveLength(1);
    expect(await summaryRow(t, A.productId)).toEqual(await recounted(t, A.productId));

    // Reply: shown under the review, the member told once per reply text.
    const tooLong = await staff.put(`/api/admin/reviews/${held.id}`, { reply: '謝'.repeat(501) });
    expect([tooLong.status, tooLong.body]).toEqual([400, { success: false, message: REVIEW_MSG.replyLong }]);
    const replied = await staff.put(`/api/admin/reviews/${held.id}`, { reply: '  感謝您的回饋，我們會再改進！  ' });
    expect(replied.body.review).toMatchObject({ reply: '感謝您的回饋，我們會再改進！' });
    expect(replied.body.review.replied_at).toBeTruthy();
    await staff.put(`/api/admin/reviews/${held.id}`, { reply: '感謝您的回饋，我們會再改進！' });
    const notices: { job_id: string; payload: unknown }[] = await ds.query("SELECT job_id, payload FROM outbox_messages WHERE job_id LIKE ?", [`notice.review-reply.${held.id}.%`]);
    expect(notices).toHaveLength(1);
    const payload = typeof notices[0].payload === 'string' ? JSON.parse(notices[0].payload) : notices[0].payload;
    expect(payload).toMatchObject({ userId: s.userId, kind: 'review-reply', data: { title: A.title, reviewId: held.id } });
    const onPage = (await page(A.productId)).reviews.find((r: { id: number }) => r.id === held.id);
    expect(onPage).toMatchObject({ reply: '感謝您的回饋，我們會再改進！' });
    expect((await staff.put(`/api/admin/reviews/${held.id}`, { reply: '' })).body.review).toMatchObject({ reply: null, replied_at: null });

    const audit: { action: string; admin_id: number }[] = await ds.query("SELECT action, admin_id FROM audit_logs WHERE entity = 'review' AND entity_id = ? ORDER BY id", [String(held.id)]);
    // release, hide, show, reply, remove the reply (the same reply saved again changed nothing: not audited)
    expect(audit.map((a) => a.action)).toEqual(Array(5).fill('review.update'));
    expect(Number(audit[0].admin_id)).toBe(staff.id);

    expect((await staff.put('/api/admin/reviews/99999999', { is_visible: 1 })).body).toEqual({ success: false, message: REVIEW_MSG.notFound });
    expect((await staff.put(`/api/admin/reviews/${held.id}`, { is_visible: 2 })).body).toEqual({ success: false, message: REVIEW_MSG.badVisible });
    await jobsIdle(t.app);
  });

  it('/reviews: items waiting (delivered or completed within 90 days, not gifts, not reviewed) and the member’s reviews with their state', async () => {
    const s = await shopper(t);
    const o = await deliveredOrder(t, s, [A, B, C], { daysAgo: 10 });
    await ds.query("UPDATE order_items SET line_kind = 'gift', price = 0 WHERE id = ?", [o.itemIds[2]]);
    await deliveredOrder(t, s, [D], { daysAgo: 95 });
    await deliveredOrder(t, s, [D], { status: 'pending' });
    await review(s, o.itemIds[0]);
    await review(s, o.itemIds[1], { content: '想買更多請洽 0922-123-456 喔' });
    const r = await s.b.get('/api/member/reviewables');
    expect(r.status).toBe(200);
    expect(r.body.items).toEqual([]);
    const o2 = await deliveredOrder(t, s, [C], { status: 'completed', daysAgo: 3 });
    const after = (await s.b.get('/api/member/reviewables')).body;
    expect(after.items).toHaveLength(1);
    expect(after.items[0]).toMatchObject({ order_item_id: o2.itemIds[0], order_id: o2.orderId, product_id: C.productId, title: C.title, variant_name: C.variantName });
    expect(after.items[0].deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(after.reviews.map((x: { order_item_id: number; status: string; held: number }) => [x.order_item_id, x.status, x.held])).toEqual([
      [o.itemIds[1], 'held', 1],
      [o.itemIds[0], 'shown', 0],
    ]);
    expect(after.reviews[0]).toMatchObject({ title: B.title });
  });

  it('two submits of the same item at once give exactly one review and one 此商品已評價', async () => {
    const s = await shopper(t);
    for (let round = 0; round < 3; round++) {
      const o = await deliveredOrder(t, s, [B]);
      const before = await summaryRow(t, B.productId);
      const answers = await Promise.all([review(s, o.itemIds[0], { rating: 3 }), review(s, o.itemIds[0], { rating: 3 })]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body).toEqual({ success: false, message: REVIEW_MSG.already });
      expect(await ds.query('SELECT id FROM reviews WHERE order_item_id = ?', [o.itemIds[0]])).toHaveLength(1);
      expect((await summaryRow(t, B.productId)).count).toBe(before.count + 1);
    }
    expect(await summaryRow(t, B.productId)).toEqual(await recounted(t, B.productId));
  });

  it('reviews of one product written at once all count: the summary row (first insert included) equals a recount', async () => {
    // A product without reviews yet, so the first writers race to create its summary row.
    await ds.query('DELETE FROM reviews WHERE product_id = ?', [C.productId]);
    await ds.query('DELETE FROM review_summaries WHERE product_id = ?', [C.productId]);
    const buyers = await Promise.all([shopper(t), shopper(t), shopper(t)]);
    const items: [Shopper, number][] = [];
    for (const s of buyers) for (const id of await copiesOf(t, (await deliveredOrder(t, s, [C])).itemIds[0], 1)) items.push([s, id]);
    const answers = await Promise.all(items.map(([s, id], i) => review(s, id, { rating: 1 + (i % 5) })));
    expect(answers.map((a) => a.status)).toEqual(items.map(() => 200));
    expect(await summaryRow(t, C.productId)).toEqual(await recounted(t, C.productId));
    expect((await summaryRow(t, C.productId)).count).toBe(items.length);
  });
});
