// Reviews on the product page (issue 21 §4 "Performance and scale"): a product with 10,000 reviews,
// GET /api/load/productReviews/:id (the summary and the first page of 10).
//
// 1. cached: the same first page @16 (what most visitors get: ReadCache, ETag-less GETs);
// 2. uncached: every request a first page never asked before (limit 1–50 × sort × stars × photos:
//    each one a cache miss, so the summary row and the page query run every time) @4;
// 3. the same uncached path for the stars filter and for sort=lowest.
// Budget: p99 < 30 ms for each. The summary is the product's review_summaries row (never a recount),
// checked here to equal a COUNT of the 10,000 rows.
//
// In `npm run bench` (bench/run.mjs) as the `reviews` section.
import { pct, sql } from './checkout.mjs';
import { load } from './lib.mjs';

const REVIEWS = 10_000;
const BUDGET_P99 = 30;
const TEXTS = ['質地清爽好吸收，用了兩週膚況穩定很多。', '保濕度剛好，混合肌夏天用也不會悶痘。', '味道很淡很舒服，會回購。', '對我來說有點油，冬天用剛好。', '包裝精緻，送禮自用都適合。'];
const NAMES = ['王**', '林**', '陳**', '張**', '李**', '黃**'];

/** 10,000 shown reviews of `productId` (ratings skewed to 4–5, 1 in 5 with a photo, spread over a year) and its summary row. */
async function seedReviews(c, productId) {
  await c.query('DELETE FROM reviews WHERE product_id = ?', [productId]);
  const [[{ base }]] = await c.query('SELECT COALESCE(MAX(order_item_id), 0) + 1000000 AS base FROM reviews');
  const counts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let sum = 0;
  let photos = 0;
  const now = Date.now();
  for (let start = 0; start < REVIEWS; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(REVIEWS, start + 1000); i++) {
      const r = i % 20 < 11 ? 5 : i % 20 < 16 ? 4 : i % 20 < 18 ? 3 : i % 20 < 19 ? 2 : 1;
      const withPhoto = i % 5 === 0;
      counts[r]++;
      sum += r;
      if (withPhoto) photos++;
      const at = new Date(now - (REVIEWS - i) * 3_150_000).toISOString().slice(0, 23).replace('T', ' ');
      rows.push([Number(base) + i, 900_000 + i, productId, '30ml', 1_000_000 + (i % 5000), r, TEXTS[i % TEXTS.length], JSON.stringify(withPhoto ? ['/media/demo/p1-1.svg'] : []), withPhoto ? 1 : 0, NAMES[i % NAMES.length], at]);
    }
    await c.query(
      `INSERT INTO reviews (order_item_id, order_id, product_id, variant_name, user_id, rating, content, photos, has_photos, display_name, created_at) VALUES ?`,
      [rows],
    );
  }
  await c.query('DELETE FROM review_summaries WHERE product_id = ?', [productId]);
  await c.query('INSERT INTO review_summaries (product_id, count, rating_sum, star1, star2, star3, star4, star5, with_photos) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
    productId,
    REVIEWS,
    sum,
    counts[1],
    counts[2],
    counts[3],
    counts[4],
    counts[5],
    photos,
  ]);
  return { counts, sum, photos };
}

/** `workers` clients, each GETting its next path back to back for `seconds` (or until `paths` run out). */
async function run(url, workers, seconds, nextPath) {
  const latencies = [];
  const errors = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (;;) {
        if (Date.now() > end) return;
        const path = nextPath();
        if (!path) return;
        const t = performance.now();
        const res = await fetch(`${url}${path}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
        const body = await res.json();
        latencies.push(performance.now() - t);
        if (res.status !== 200 || body.success !== true) errors.push(`${res.status} ${body.message ?? ''}`);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, p50: pct(latencies, 50), p99: pct(latencies, 99), errors };
}

/** Paths of first pages never asked before: every limit × sort × stars × photos combination of `filter`. */
function freshFirstPages(productId, filter) {
  const paths = [];
  for (let limit = 1; limit <= 50; limit++) {
    if (limit === 10) continue; // the warm-up's page
    for (const stars of filter.stars ?? ['']) {
      for (const sort of filter.sorts ?? ['newest']) {
        for (const photos of filter.photos ?? ['']) {
          const q = new URLSearchParams({ limit: String(limit), sort });
          if (stars) q.set('stars', String(stars));
          if (photos) q.set('withPhotos', '1');
          paths.push(`/api/load/productReviews/${productId}?${q}`);
        }
      }
    }
  }
  return paths;
}

export async function reviewsSection({ url, databaseUrl, seconds, row, note }) {
  const list = await (await fetch(`${url}/api/load/loadProducts`)).json();
  const productId = list.products[list.products.length - 1].product_id;
  const c = await sql(databaseUrl);
  let seeded;
  try {
    const t = performance.now();
    seeded = await seedReviews(c, productId);
    note(`${REVIEWS.toLocaleString('en')} shown reviews of product ${productId} inserted in ${((performance.now() - t) / 1000).toFixed(1)} s (5★ ${seeded.counts[5]}, 4★ ${seeded.counts[4]}, 3★ ${seeded.counts[3]}, 2★ ${seeded.counts[2]}, 1★ ${seeded.counts[1]}; ${seeded.photos} with photos)`);
    const [[recount]] = await c.query('SELECT COUNT(*) AS n, SUM(rating) AS s FROM reviews WHERE product_id = ? AND is_visible = 1 AND held = 0', [productId]);
    if (Number(recount.n) !== REVIEWS || Number(recount.s) !== seeded.sum) throw new Error(`recount ${recount.n}/${recount.s} ≠ ${REVIEWS}/${seeded.sum}`);
  } finally {
    await c.end();
  }
  // The inserts went around the app: drop its cached answers of the product by a request the
  // server does not cache, then wait until the page shows the 10,000 (TTL at most catalogCacheSeconds).
  const first = `/api/load/productReviews/${productId}`;
  const until = Date.now() + 120_000;
  for (;;) {
    const body = await (await fetch(`${url}${first}?limit=10`)).json();
    if (body.summary?.count === REVIEWS) {
      if (body.total !== REVIEWS || body.reviews.length !== 10) throw new Error(`first page: total ${body.total}, ${body.reviews.length} reviews`);
      break;
    }
    if (Date.now() > until) throw new Error(`the page never showed ${REVIEWS} reviews: ${JSON.stringify(body.summary)}`);
    await new Promise((r) => setTimeout(r, 500));
  }

  const report = (name, r, extra = '') => {
    row(name, `${r.n} req  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms`, `p99 < ${BUDGET_P99} ms, 0 errors`, r.errors.length === 0 && r.p99 < BUDGET_P99);
    if (r.errors.length) note(`errors: ${[...new Set(r.errors)].slice(0, 3).join(' | ')}`);
    if (extra) note(extra);
  };

  await run(url, 4, 1, () => first); // warm-up
  // The cached page with the shop's load tool (wrk, else autocannon), as the `reads` rows.
  const cached = await load(`${url}${first}`, { connections: 16, seconds, headers: { 'Accept-Encoding': 'gzip, br' } });
  const clean = !cached.non2xx && !cached.errors;
  row(`GET productReviews (10k) first page, cached @16`, `${cached.rps.toFixed(0)} req/s  p50 ${cached.p50.toFixed(1)} ms  p99 ${cached.p99.toFixed(1)} ms`, `p99 < ${BUDGET_P99} ms, 0 errors`, clean && cached.p99 < BUDGET_P99);
  if (!clean) note(`non-2xx: ${cached.non2xx} ${cached.errors ?? ''}`);

  const fresh = (paths) => {
    let i = 0;
    return () => paths[i++];
  };
  const plain = freshFirstPages(productId, { sorts: ['newest', 'highest'], photos: ['', '1'] });
  report(`GET productReviews (10k) first page, uncached @4`, await run(url, 4, seconds, fresh(plain)), 'uncached: each request a first page (limit 1–50, newest/highest, with photos or not) not asked before');
  const stars = freshFirstPages(productId, { stars: [1, 2, 3, 4, 5], sorts: ['newest', 'lowest'] });
  report(`GET productReviews (10k) stars=n, uncached @4`, await run(url, 4, seconds, fresh(stars)));
  const lowest = freshFirstPages(productId, { sorts: ['lowest'], photos: ['', '1'] }).concat(freshFirstPages(productId, { sorts: ['lowest'], stars: [''], photos: [''] }).map((p) => `${p}&page=2`));
  report(`GET productReviews (10k) sort=lowest, uncached @4`, await run(url, 4, seconds, fresh(lowest)));
}
