// Promotions under load (issue 20), on the same server as the other rows:
//
// 1. checkout @16 members with every promotion off (the baseline of this run);
// 2. 50 active promotions (every kind, automatic, stackable and not, scoped and not) and a shared code;
// 3. POST /api/cart/quote @16 members over random carts (p99 < 20 ms);
// 4. checkout @16 with the 50 promotions and the code: ≥ 90% of the baseline's orders/s;
// 5. the flash sale: 200 buyers at once on one variant with stock 100 and a code with 50 uses. Each
//    buyer quotes with the code and orders at the quoted total; refused for the code, it quotes again
//    without and orders (as a shopper would). 0 oversold, 0 over-used, every buyer answered
//    (ordered, 庫存不足 or the code's message), p99 < 1 s.
//
// Totals always come from the server's quote, as on the checkout page.
import {
  createShoppers,
  describe,
  firstOrder,
  loginAll,
  newKey,
  orderBody,
  pct,
  pickVariants,
  shippingRule,
  SHIPPING_HOME_ID,
  sql,
  STOCK_HIGH,
  succeeded,
} from './checkout.mjs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './lib.mjs';

const require = createRequire(import.meta.url);
const PROMOTIONS = 50;
const CODE = 'BENCH-CODE';
const FLASH = { buyers: 200, stock: 100, uses: 50, code: 'FLASH-50' };
const STOCK_SHORT = '庫存不足';
const CODE_USED_UP = '折扣碼已使用完畢';

const cartItemsOf = (lines) => lines.map((l) => ({ product_id: l.variant.product_id, variant_id: l.variant.variant_id, quantity: l.quantity }));

export async function quote(shopper, lines, couponCode) {
  const t = performance.now();
  const res = await shopper.post('/api/cart/quote', { cartItems: cartItemsOf(lines), shipping: SHIPPING_HOME_ID, ...(couponCode ? { couponCode } : {}) });
  return { res, ms: performance.now() - t };
}

/** Random 1–4 lines of 1–3 units over the pool (few carts repeat, so the quote cache rarely answers). */
export function randomCart(pool, rnd) {
  const n = 1 + Math.floor(rnd() * 4);
  const picked = new Map();
  for (let i = 0; i < n; i++) {
    const v = pool[Math.floor(rnd() * pool.length)];
    picked.set(v.variant_id, { variant: v, quantity: 1 + Math.floor(rnd() * 3) });
  }
  return [...picked.values()];
}

export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 50 promotions of every kind over the pool (no limits: only the code's row is a counter). */
export async function insertPromotions(c, pool, categoryIds) {
  const rows = [];
  const ids = (xs) => JSON.stringify(xs);
  for (let i = 0; i < PROMOTIONS; i++) {
    const kind = ['amount_off', 'percent_off', 'bundle_price', 'free_shipping', 'gift', 'addon'][i % 6];
    const scope = i % 3 === 0 ? 'all' : i % 3 === 1 ? 'products' : 'categories';
    const p = {
      name: `壓測活動 ${i + 1}`,
      kind,
      stackable: i % 4 === 0 ? 1 : 0,
      priority: i % 7,
      scope,
      product_ids: ids(scope === 'products' ? pool.filter((_, k) => (k + i) % 2 === 0).map((v) => v.product_id) : []),
      category_ids: ids(scope === 'categories' ? categoryIds.slice(0, 2) : []),
      exclude_product_ids: ids(i % 5 === 0 ? [pool[(i + 3) % pool.length].product_id] : []),
      min_subtotal: kind === 'free_shipping' ? 2000 + i * 10 : kind === 'gift' ? 2500 + i * 10 : kind === 'addon' ? 800 : i % 2 ? 500 : null,
      tiers: ids(kind === 'amount_off' ? [{ threshold: 1000, value: 50 + i }, { threshold: 3000, value: 200 + i }] : []),
      percent: kind === 'percent_off' ? 5 + (i % 10) : null,
      max_discount: kind === 'percent_off' ? 300 : null,
      bundle_quantity: kind === 'bundle_price' ? 3 : null,
      bundle_price: kind === 'bundle_price' ? 1500 + i * 10 : null,
      gift_variant_id: kind === 'gift' ? pool[i % pool.length].variant_id : null,
      gift_stock: kind === 'gift' ? 1_000_000 : 0,
      addon_items: ids(kind === 'addon' ? [{ variant_id: pool[(i + 1) % pool.length].variant_id, addon_price: 99, max_per_order: 2 }] : []),
    };
    rows.push(p);
  }
  for (const p of rows) {
    await c.query(
      `INSERT INTO promotions (name, description, kind, starts_at, ends_at, is_active, stackable, priority, member_only, first_order_only, tier_ids, scope,
        product_ids, category_ids, exclude_product_ids, min_subtotal, min_quantity, tiers, percent, max_discount, bundle_quantity, bundle_price,
        gift_variant_id, gift_stock, addon_items, coupon_mode, shared_code, usage_limit, per_member_limit, used_count)
       VALUES (?, '', ?, NULL, NULL, 1, ?, ?, 0, 0, '[]', ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, 'none', NULL, NULL, NULL, 0)`,
      [p.name, p.kind, p.stackable, p.priority, p.scope, p.product_ids, p.category_ids, p.exclude_product_ids, p.min_subtotal, p.tiers, p.percent, p.max_discount, p.bundle_quantity, p.bundle_price, p.gift_variant_id, p.gift_stock, p.addon_items],
    );
  }
}

export async function insertCode(c, code, { usageLimit = null, value = 50, threshold = 500 } = {}) {
  await c.query(
    `INSERT INTO promotions (name, description, kind, is_active, stackable, priority, member_only, first_order_only, tier_ids, scope, product_ids, category_ids,
      exclude_product_ids, tiers, addon_items, gift_stock, coupon_mode, shared_code, usage_limit, used_count)
     VALUES (?, '', 'amount_off', 1, 1, 10, 0, 0, '[]', 'all', '[]', '[]', '[]', ?, '[]', 0, 'shared', ?, ?, 0)`,
    [`折扣碼 ${code}`, JSON.stringify([{ threshold, value }]), code, usageLimit],
  );
}

/** `connections` members placing orders back to back for `seconds`, each at its cart's quoted total. */
async function checkoutRun(ctx, { connections, seconds, couponCode }) {
  const { shoppers, rule, area, pool } = ctx;
  const latencies = [];
  const errors = [];
  const totals = new Map();
  const end = Date.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    shoppers.slice(0, connections).map(async (s, w) => {
      for (let n = 0; Date.now() < end; n++) {
        const lines = [{ variant: pool[(w * 7 + n) % pool.length], quantity: 1 }];
        if (n % 2 === 1) lines.push({ variant: pool[(w * 7 + n + 1) % pool.length], quantity: 1 });
        const key = `${lines.map((l) => l.variant.variant_id).join(',')}|${couponCode ?? ''}`;
        let quoted = totals.get(key);
        if (quoted === undefined) {
          const q = await quote(s, lines, couponCode);
          if (q.res.json?.success !== true) {
            errors.push(`quote ${describe(q.res)}`);
            return;
          }
          // As the checkout page: the code is sent only when the quote applied it.
          quoted = { total: q.res.json.totalAmount, code: q.res.json.coupon?.applied ? couponCode : undefined };
          totals.set(key, quoted);
        }
        const t = performance.now();
        const res = await s.post('/api/order/submitOrder', orderBody(s.member, lines, rule, area, { totalAmount: quoted.total, ...(quoted.code ? { couponCode: quoted.code } : {}) }), { 'Idempotency-Key': newKey() });
        latencies.push(performance.now() - t);
        if (!succeeded(res)) {
          errors.push(describe(res));
          if (errors.length > 50) return;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: (latencies.length - errors.length) / elapsed, p50: pct(latencies, 50), p99: pct(latencies, 99), count: latencies.length, errors };
}

/** Waits until the server's quote of `lines` (with `couponCode`) shows `want(answer)` (its promotion cache). */
async function untilQuoted(shopper, lines, couponCode, want) {
  const until = Date.now() + 20_000;
  for (;;) {
    const q = await quote(shopper, lines, couponCode);
    if (q.res.json?.success === true && want(q.res.json)) return q.res.json;
    if (Date.now() > until) throw new Error(`the quote never showed the change: ${describe(q.res)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function flashSale(ctx, buyers, variant) {
  const { rule, area, databaseUrl } = ctx;
  const c = await sql(databaseUrl);
  try {
    await c.query('UPDATE product_variants SET quantity = ? WHERE id = ?', [FLASH.stock, variant.variant_id]);
    const [[{ maxId }]] = await c.query('SELECT COALESCE(MAX(id), 0) AS maxId FROM orders');
    const lines = [{ variant, quantity: 1 }];
    const latencies = [];
    const outcome = { ordered: 0, orderedWithCode: 0, stockShort: 0, codeRefused: 0, unclear: [] };
    const timed = async (p) => {
      const t = performance.now();
      const r = await p;
      latencies.push(performance.now() - t);
      return r;
    };
    await Promise.all(
      buyers.map(async (s) => {
        let code = FLASH.code;
        for (let attempt = 0; attempt < 2; attempt++) {
          const q = await timed(s.post('/api/cart/quote', { cartItems: cartItemsOf(lines), shipping: SHIPPING_HOME_ID, couponCode: code }));
          if (q.json?.success !== true) {
            if (String(q.json?.message ?? '').includes(STOCK_SHORT)) outcome.stockShort++;
            else outcome.unclear.push(`quote ${describe(q)}`);
            return;
          }
          const withCode = q.json.coupon?.applied === true;
          if (!withCode) code = undefined;
          const res = await timed(
            s.post('/api/order/submitOrder', orderBody(s.member, lines, rule, area, { totalAmount: q.json.totalAmount, ...(withCode ? { couponCode: code } : {}) }), { 'Idempotency-Key': newKey() }),
          );
          if (succeeded(res)) {
            outcome.ordered++;
            if (withCode) outcome.orderedWithCode++;
            return;
          }
          const msg = String(res.json?.message ?? '');
          if (msg.includes(STOCK_SHORT)) {
            outcome.stockShort++;
            return;
          }
          if (withCode && msg.includes(CODE_USED_UP)) {
            outcome.codeRefused++;
            code = undefined; // as a shopper would: order without the code
            continue;
          }
          outcome.unclear.push(describe(res));
          return;
        }
      }),
    );
    const [[after]] = await c.query('SELECT quantity FROM product_variants WHERE id = ?', [variant.variant_id]);
    const [[sold]] = await c.query('SELECT COALESCE(SUM(i.quantity), 0) AS units FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id > ? AND i.variant_id = ?', [maxId, variant.variant_id]);
    const [[promo]] = await c.query('SELECT id, used_count FROM promotions WHERE shared_code = ?', [FLASH.code]);
    const [[uses]] = await c.query('SELECT COUNT(*) AS n FROM promotion_uses WHERE promotion_id = ? AND released_at IS NULL', [promo.id]);
    latencies.sort((a, b) => a - b);
    return { ...outcome, finalStock: Number(after.quantity), units: Number(sold.units), usedCount: Number(promo.used_count), uses: Number(uses.n), p50: pct(latencies, 50), p99: pct(latencies, 99), requests: latencies.length };
  } finally {
    await c.end();
  }
}

export async function promotionsSection({ url, databaseUrl, seconds, row, note }) {
  const BUDGET = { quoteP99: 20, checkoutRatio: 0.9, flashP99: 1000 };
  const members = await createShoppers(databaseUrl, FLASH.buyers, '0982');
  const shoppers = await loginAll(url, members);
  const rule = await shippingRule(url, SHIPPING_HOME_ID);
  const { lookupArea } = require(join(root, 'dist/common/validation/tw-zipcodes.js'));
  const area = lookupArea('臺北市', '大安區');
  const variants = await pickVariants(url, 9);
  const pool = variants.slice(0, 8);
  const flashVariant = variants.find((v) => v.price > 200) ?? variants[8];
  const c = await sql(databaseUrl);
  const [cats] = await c.query('SELECT DISTINCT product_type AS id FROM products WHERE id IN (?) AND product_type IS NOT NULL', [pool.map((v) => v.product_id)]);
  await c.query('UPDATE product_variants SET quantity = ? WHERE id IN (?)', [STOCK_HIGH, pool.map((v) => v.variant_id)]);
  await c.query('UPDATE promotions SET is_active = 0');
  await c.end();
  const ctx = { databaseUrl, shoppers, rule, area, pool };
  const probeLines = [{ variant: pool[0], quantity: 1 }];
  const first = await firstOrder(shoppers[0], orderBody(shoppers[0].member, probeLines, rule, area));
  if (!succeeded(first.res)) throw new Error(`first order without promotions refused: ${describe(first.res)}`);

  // 1. Baseline: no promotion.
  await checkoutRun(ctx, { connections: 4, seconds: 2 }); // warm-up
  const base = await checkoutRun(ctx, { connections: 16, seconds });
  row('checkout @16, no promotion (baseline)', `${base.rps.toFixed(1)} orders/s  p99 ${base.p99.toFixed(0)} ms`, '(reported), 0 errors', base.errors.length === 0);
  if (base.errors.length) note(`errors: ${[...new Set(base.errors)].slice(0, 3).join(' | ')}`);

  // 2. 50 promotions and a code.
  const c2 = await sql(databaseUrl);
  await insertPromotions(c2, pool, cats.map((r) => r.id));
  await insertCode(c2, CODE);
  await c2.end();
  const big = pool.slice(0, 4).map((v) => ({ variant: v, quantity: 2 }));
  await untilQuoted(shoppers[0], big, CODE, (a) => a.coupon?.applied === true && a.adjustments.length >= 2);
  note(`${PROMOTIONS} active promotions (amount_off, percent_off, bundle_price, free_shipping, gift, addon; scoped and not; 1 in 4 stackable) + shared code ${CODE}`);

  // 3. Quotes.
  await Promise.all(shoppers.slice(0, 16).map(async (s, w) => {
    const rnd = mulberry32(1000 + w);
    for (let i = 0; i < 20; i++) await quote(s, randomCart(pool, rnd), i % 2 ? CODE : undefined);
  })); // warm-up
  const qLat = [];
  const qErr = [];
  const qEnd = Date.now() + seconds * 1000;
  const q0 = performance.now();
  await Promise.all(
    shoppers.slice(0, 16).map(async (s, w) => {
      const rnd = mulberry32(w + 1);
      for (let i = 0; Date.now() < qEnd; i++) {
        const q = await quote(s, randomCart(pool, rnd), i % 2 ? CODE : undefined);
        qLat.push(q.ms);
        if (q.res.json?.success !== true) qErr.push(describe(q.res));
      }
    }),
  );
  const qRps = qLat.length / ((performance.now() - q0) / 1000);
  qLat.sort((a, b) => a - b);
  row(
    `POST /api/cart/quote @16, ${PROMOTIONS} promotions`,
    `${qRps.toFixed(0)} quotes/s  p50 ${pct(qLat, 50).toFixed(1)} ms  p99 ${pct(qLat, 99).toFixed(1)} ms`,
    `p99 < ${BUDGET.quoteP99} ms, 0 errors`,
    qErr.length === 0 && pct(qLat, 99) < BUDGET.quoteP99,
  );
  if (qErr.length) note(`errors: ${[...new Set(qErr)].slice(0, 3).join(' | ')}`);
  // For scale: the shop's lightest member call (its session read and one query) on the same stack.
  const mLat = [];
  const mEnd = Date.now() + seconds * 1000;
  const m0 = performance.now();
  await Promise.all(
    shoppers.slice(0, 16).map(async (s) => {
      while (Date.now() < mEnd) {
        const t = performance.now();
        await s.get('/api/order/getUserOrdersByPage?page=1&limit=5');
        mLat.push(performance.now() - t);
      }
    }),
  );
  const mRps = mLat.length / ((performance.now() - m0) / 1000);
  mLat.sort((a, b) => a - b);
  note(`for scale, GET /api/order/getUserOrdersByPage @16 (a member's session + one query): ${mRps.toFixed(0)} req/s  p50 ${pct(mLat, 50).toFixed(1)} ms  p99 ${pct(mLat, 99).toFixed(1)} ms`);

  // 4. Checkout with the promotions and the code.
  const withP = await checkoutRun(ctx, { connections: 16, seconds, couponCode: CODE });
  const ratio = withP.rps / Math.max(base.rps, 1e-9);
  row(
    `checkout @16, ${PROMOTIONS} promotions + code`,
    `${withP.rps.toFixed(1)} orders/s  p99 ${withP.p99.toFixed(0)} ms  = ${(100 * ratio).toFixed(0)}% of baseline`,
    `≥ ${BUDGET.checkoutRatio * 100}% of baseline, 0 errors`,
    withP.errors.length === 0 && ratio >= BUDGET.checkoutRatio,
  );
  if (withP.errors.length) note(`errors: ${[...new Set(withP.errors)].slice(0, 3).join(' | ')}`);

  // 5. Flash sale.
  const c3 = await sql(databaseUrl);
  await insertCode(c3, FLASH.code, { usageLimit: FLASH.uses, value: 100, threshold: 101 });
  await c3.end();
  await untilQuoted(shoppers[0], [{ variant: flashVariant, quantity: 1 }], FLASH.code, (a) => a.coupon?.applied === true);
  const f = await flashSale(ctx, shoppers.slice(0, FLASH.buyers), flashVariant);
  const oversold = Math.max(0, f.units - FLASH.stock) + Math.max(0, -f.finalStock);
  const overUsed = Math.max(0, f.usedCount - FLASH.uses) + Math.max(0, f.orderedWithCode - FLASH.uses);
  const answered = f.ordered + f.stockShort === FLASH.buyers && f.unclear.length === 0;
  row(
    `flash sale: ${FLASH.buyers} buyers, stock ${FLASH.stock}, code ${FLASH.uses} uses`,
    `${f.ordered} ordered (${f.orderedWithCode} with code), ${f.stockShort} 庫存不足, ${f.codeRefused} code refused then retried`,
    '0 oversold, 0 over-used, all answered',
    oversold === 0 && overUsed === 0 && answered && f.usedCount === f.uses && f.uses === f.orderedWithCode,
  );
  note(`stock left ${f.finalStock}, units sold ${f.units}; code used_count ${f.usedCount} = promotion_uses ${f.uses}${f.unclear.length ? `; unclear: ${[...new Set(f.unclear)].slice(0, 3).join(' | ')}` : ''}`);
  row(`flash sale: p99 of ${f.requests} requests (quote + order)`, `p50 ${f.p50.toFixed(0)} ms  p99 ${f.p99.toFixed(0)} ms`, `p99 < ${BUDGET.flashP99} ms`, f.p99 < BUDGET.flashP99);
}
