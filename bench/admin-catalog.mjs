// Back-office catalogue (issue 12), two measures:
//
// a) Public reads while an editor works: 10 shoppers read back to back (the product list
//    GET /api/load/loadProducts, a product page GET /api/load/productD/:id, the home page
//    POST /api/load/homepage — the three reads of the `reads` section, budget p99 < 100 ms),
//    while a signed-in editor saves the same product (POST /api/admin/createOrUpdateProduct, a
//    price change) once a second. Each save must show on the very next public read: after each
//    save's answer the editor reads the three answers (freshness: n/n), and every shopper read
//    that started after a save answered must carry that save's price or a later one (stale reads: 0).
//    p50/p99 per read kind; the save's own latency is reported.
//
// b) Image upload: 10 JPEGs of ~4 MB each (random noise, made here by sharp, so they really are
//    4 MB: a photo that size compresses the same way; noise is the worst case for the WebP
//    encoder) in one POST /api/admin/images/upload. Total time and time per image, beside the
//    time sharp alone takes for the server's own per-image work (inspectAndEncode from dist, in
//    this process: metadata, full decode + WebP q82, decode + 320 px thumbnail, one file after
//    another), so the budget is sharp's work plus a bounded overhead (multipart, the markup scan,
//    storage, rows, audit: BUDGET.uploadOverheadMs an image), in wall time (×1.25 for a shared
//    machine's load) and in the server's CPU time (independent of other processes). A fixed
//    figure would not travel: WebP-encoding 4 Mpx of noise costs ~1.2 s of CPU on this machine and
//    the upload is that, ten times over. The uploads are deleted afterwards.
//    The reads of a) are also measured without the editor first (shown beside), so what the saves
//    cost the shoppers is the difference.
//
// In `npm run bench` (bench/run.mjs) as the `catalog` section (BENCH_ONLY=catalog). Alone, against
// a built server (`node bench/admin-catalog.mjs`; BENCH_DIST=<dir> for a server compiled elsewhere
// than dist/): a fresh MariaDB database `skinshop_bench_catalog`, the server started once to
// migrate and seed.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { freshMariaDb, root, startBuilt, verdict } from './lib.mjs';

const require = createRequire(import.meta.url);
const PASSWORD = 'BenchEditor1234';
const SHOPPERS = 10;
const SAVE_EVERY_MS = 1000;
const UPLOAD_FILES = 10;
const UPLOAD_BYTES = 4 * 1024 * 1024;
/** Distinct price steps (NT$ below the product's own prices): consecutive saves never repeat a price. */
const STEPS = 50;

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** An `editor` account (catalogue, pages, images; no orders) hashed by the server's own PasswordHasher. */
export async function createEditor(databaseUrl, distDir) {
  const { PasswordHasher } = require(join(distDir, 'modules/auth/passwords.js'));
  const hash = await new PasswordHasher().hash(PASSWORD);
  const mysql = await import('mysql2/promise');
  const c = await mysql.createConnection(databaseUrl);
  const username = 'bench-editor';
  try {
    await c.query("INSERT INTO admins (username, password_hash, display_name, role, is_active) VALUES (?, ?, ?, 'editor', 1)", [username, hash, username]);
  } finally {
    await c.end();
  }
  return username;
}

/** A signed-in back-office browser: its cookies and CSRF token (the server runs as behind a TLS proxy). */
export async function signIn(url, username) {
  const jar = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const proxied = { 'X-Forwarded-Proto': 'https' };
  const tokenRes = await fetch(`${url}/api/admin/csrf-token`, { headers: proxied });
  keep(tokenRes);
  const { csrfToken } = await tokenRes.json();
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { ...proxied, 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken, Cookie: cookie() },
    body: JSON.stringify({ username, password: PASSWORD, rememberMe: false }),
  });
  keep(res);
  const body = await res.json();
  if (res.status !== 200 || body.success !== true) throw new Error(`admin login ${username}: ${res.status} ${body.message ?? ''}`);
  // Without Content-Type: the JSON calls add it, the multipart upload lets fetch set its boundary.
  return { headers: { ...proxied, 'X-CSRF-Token': body.csrfToken, Cookie: cookie() } };
}

const json = { 'Content-Type': 'application/json' };

/** The three public reads and where each answer shows the product's price. */
function readKinds(url, productId) {
  return [
    { name: 'GET /api/load/loadProducts', fetch: () => fetch(`${url}/api/load/loadProducts`), price: (b) => b.products?.find((p) => p.product_id === productId)?.discount_price },
    { name: `GET /api/load/productD/${productId}`, fetch: () => fetch(`${url}/api/load/productD/${productId}`), price: (b) => b.pDetails?.discount_price },
    {
      name: 'POST /api/load/homepage',
      fetch: () => fetch(`${url}/api/load/homepage`, { method: 'POST', headers: json, body: JSON.stringify({ homeVersion: '', homeProductsVersion: '' }) }),
      price: (b) => b.homeProducts?.find((p) => p.product_id === productId)?.discount_price,
    },
  ];
}

/** The admin row of `productId` turned back into a createOrUpdateProduct body. */
export async function productBody(url, session, productId) {
  const res = await fetch(`${url}/api/admin/productslist`, { method: 'POST', headers: { ...session.headers, ...json }, body: JSON.stringify({ searchKeyword: String(productId), limit: 10, offset: 0 }) });
  const body = await res.json();
  const p = body.products?.find((r) => r.product_id === productId);
  if (!p) throw new Error(`productslist: product ${productId} not found (${res.status} ${body.message ?? ''})`);
  return {
    product_id: p.product_id,
    product_type: p.product_type,
    title: p.title,
    description: p.description,
    unit: p.unit,
    image_url: p.image_url,
    seo_description: p.seo_description,
    views_count: p.views_count,
    sold_quantity: p.sold_quantity,
    is_new: p.is_new,
    is_hot: p.is_hot,
    is_manager: p.is_manager,
    is_active: p.is_active,
    product_media: p.product_media.map((m) => ({ media_url: m.media_url, ordering: m.ordering, is_active: m.is_active })),
    product_variants: p.product_variants.map((v) => ({ id: v.id, variant_name: v.variant_name, quantity: v.quantity, original_price: v.original_price, discount_price: v.discount_price })),
  };
}

/** The reads while the editor saves; returns latencies per kind, freshness and the saves. */
async function readsWhileSaving(url, session, productId, base, { seconds, saving = true }) {
  const kinds = readKinds(url, productId);
  // The public price of each kind before any save: every save lowers all variants by `step`, so the
  // public price (whatever variant it shows) moves by the same step.
  const initial = [];
  for (const k of kinds) initial.push(k.price(await (await k.fetch()).json()));
  if (initial.some((v) => typeof v !== 'number')) throw new Error(`the product's price is not in every public answer: ${JSON.stringify(initial)}`);
  const saves = []; // { step, sentAt, answeredAt }
  const stepOf = (n) => (n % STEPS) + 1;
  const latencies = kinds.map(() => []);
  const stale = kinds.map(() => 0);
  const staleExamples = [];
  const errors = [];
  const saveMs = [];
  const fresh = kinds.map(() => 0);
  let done = false;

  /** The steps a read that started at `t0` and answered at `t1` may show (the last save answered before t0, or later ones). */
  const acceptable = (t0, t1) => {
    let k = -1;
    for (let i = 0; i < saves.length; i++) if (saves[i].answeredAt !== undefined && saves[i].answeredAt <= t0) k = i;
    const ok = new Set(k === -1 ? [0] : [saves[k].step]);
    for (let i = k + 1; i < saves.length; i++) if (saves[i].sentAt < t1) ok.add(saves[i].step); // in flight: may have committed
    return ok;
  };

  const shopper = async (w) => {
    for (let n = 0; !done; n++) {
      const i = (w + n) % kinds.length;
      const t0 = performance.now();
      try {
        const res = await kinds[i].fetch();
        const body = await res.json();
        const t1 = performance.now();
        latencies[i].push(t1 - t0);
        if (res.status !== 200 || body.success !== true) {
          errors.push(`${kinds[i].name} ${res.status}`);
          continue;
        }
        const step = initial[i] - kinds[i].price(body);
        if (!acceptable(t0, t1).has(step)) {
          stale[i]++;
          if (staleExamples.length < 3) staleExamples.push(`${kinds[i].name} showed step ${step}`);
        }
      } catch (err) {
        errors.push(err.message);
      }
      if (errors.length > 50) return;
    }
  };

  const editor = async () => {
    const end = Date.now() + seconds * 1000;
    if (!saving) {
      await sleep(seconds * 1000);
      done = true;
      return;
    }
    for (let n = 0; Date.now() < end; n++) {
      const tick = performance.now();
      const step = stepOf(n);
      const save = { step, sentAt: performance.now() };
      saves.push(save);
      const body = { ...base, product_variants: base.product_variants.map((v) => ({ ...v, discount_price: v.discount_price - step })) };
      const res = await fetch(`${url}/api/admin/createOrUpdateProduct`, { method: 'POST', headers: { ...session.headers, ...json }, body: JSON.stringify(body) });
      const answer = await res.json();
      save.answeredAt = performance.now();
      saveMs.push(save.answeredAt - save.sentAt);
      if (res.status !== 200 || answer.success !== true) errors.push(`save ${res.status} ${answer.message ?? ''} ${JSON.stringify(answer.errors ?? '')}`);
      // The next public read of each kind, right after the answer.
      for (const [i, k] of kinds.entries()) {
        const shown = k.price(await (await k.fetch()).json());
        if (initial[i] - shown === step) fresh[i]++;
      }
      await sleep(Math.max(0, SAVE_EVERY_MS - (performance.now() - tick)));
    }
    done = true;
  };

  await Promise.all([editor(), ...Array.from({ length: SHOPPERS }, (_, w) => shopper(w))]);
  // Put the product back as it was.
  await fetch(`${url}/api/admin/createOrUpdateProduct`, { method: 'POST', headers: { ...session.headers, ...json }, body: JSON.stringify(base) });
  return { kinds, latencies: latencies.map((l) => l.sort((a, b) => a - b)), stale, staleExamples, fresh, saves: saves.length, saveMs: saveMs.sort((a, b) => a - b), errors };
}

/** `count` JPEGs of random noise, each about `bytes` (calibrated on the first), all different. */
async function noiseJpegs(count, bytes, hasEmbeddedMarkup) {
  const sharp = require('sharp');
  const make = (w, h) => sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
  // Noise at q95: ~1.5 bytes a pixel; one calibration round.
  let w = Math.round(Math.sqrt((bytes / 1.5) * (4 / 3)));
  let h = Math.round((w * 3) / 4);
  const probe = await make(w, h);
  const scale = Math.sqrt(bytes / probe.length);
  w = Math.round(w * scale);
  h = Math.round(h * scale);
  const files = [];
  // Random bytes may spell `<svg` or `<body` somewhere (about 1 run in 100): the server would rightly
  // refuse such a file as markup, so it is made again.
  while (files.length < count) {
    const f = await make(w, h);
    if (!hasEmbeddedMarkup(f)) files.push(f);
  }
  return { files, width: w, height: h };
}

/** Upload the files in one request; then delete them. */
async function uploadAll(url, session, files, serverCpuMs) {
  const form = new FormData();
  files.forEach((f, i) => form.append('files', new Blob([f], { type: 'image/jpeg' }), `bench-noise-${i + 1}.jpg`));
  form.append('folder', 'bench');
  const cpu0 = serverCpuMs?.() ?? 0;
  const t = performance.now();
  const res = await fetch(`${url}/api/admin/images/upload`, { method: 'POST', headers: session.headers, body: form });
  const body = await res.json();
  const ms = performance.now() - t;
  const serverCpu = serverCpuMs ? serverCpuMs() - cpu0 : NaN;
  const items = body.items ?? [];
  for (const item of items) await fetch(`${url}/api/admin/images/${item.id}`, { method: 'DELETE', headers: session.headers });
  return { ms, serverCpu, ok: res.ok && body.success === true && items.length === files.length, status: res.status, message: body.message, items };
}

/**
 * The bench section. `row(name, figure, budget, ok)` and `note(text)` print as bench/run.mjs does;
 * `budget.p99` (public reads, ms), `budget.uploadOverheadMs` (per image, above sharp's own work).
 */
export async function adminCatalogSection({ url, databaseUrl, distDir = join(root, 'dist'), serverCpuMs, seconds, budget, row, note }) {
  const username = await createEditor(databaseUrl, distDir);
  const session = await signIn(url, username);

  // a) public reads while the editor saves a product once a second.
  const home = await (await fetch(`${url}/api/load/homepage`, { method: 'POST', headers: json, body: JSON.stringify({ homeVersion: '', homeProductsVersion: '' }) })).json();
  const productId = home.homeProducts?.[0]?.product_id;
  if (!productId) throw new Error('no featured home product to edit');
  const base = await productBody(url, session, productId);
  if (base.product_variants.some((v) => v.discount_price <= STEPS)) throw new Error(`product ${productId}: a price too low for the price steps`);
  await readsWhileSaving(url, session, productId, base, { seconds: 1 }); // warm-up, not measured
  // The same reads without the editor first: what the saves cost the shoppers is the difference.
  const quiet = await readsWhileSaving(url, session, productId, base, { seconds: Math.max(2, Math.round(seconds / 2)), saving: false });
  const r = await readsWhileSaving(url, session, productId, base, { seconds });
  note(`${SHOPPERS} shoppers reading back to back while an editor saves product ${productId} (a home product) every ${SAVE_EVERY_MS} ms: ${r.saves} saves, save p50 ${pct(r.saveMs, 50).toFixed(0)} / p99 ${pct(r.saveMs, 99).toFixed(0)} ms`);
  for (const [i, k] of r.kinds.entries()) {
    const l = r.latencies[i];
    const figure = `${l.length} reads  p50 ${pct(l, 50).toFixed(1)} ms  p99 ${pct(l, 99).toFixed(1)} ms`;
    const q = quiet.latencies[i];
    row(`${k.name} while saving`, `${figure}  (no saves: p50 ${pct(q, 50).toFixed(1)} p99 ${pct(q, 99).toFixed(1)})`, `p99 < ${budget.p99} ms`, r.errors.length === 0 && pct(l, 99) < budget.p99);
  }
  const fresh = r.fresh.map((n, i) => `${['list', 'page', 'home'][i]} ${n}/${r.saves}`).join(', ');
  row('each save shown on the next public read', fresh, 'every save, every read kind', r.fresh.every((n) => n === r.saves) && r.saves > 0);
  const stale = r.stale.reduce((a, b) => a + b, 0);
  row('shopper reads older than the last saved price', `${stale} of ${r.latencies.reduce((a, l) => a + l.length, 0)}`, '0', stale === 0);
  if (r.staleExamples.length) note(`stale: ${r.staleExamples.join(' | ')}`);
  if (r.errors.length) note(`errors: ${[...new Set(r.errors)].slice(0, 3).join(' | ')}`);

  // b) 10 × 4 MB JPEG upload.
  const { inspectAndEncode, hasEmbeddedMarkup } = require(join(distDir, 'modules/images/image-processing.js'));
  const { files, width, height } = await noiseJpegs(UPLOAD_FILES, UPLOAD_BYTES, hasEmbeddedMarkup);
  const mb = files.reduce((a, f) => a + f.length, 0) / 1048576;
  // sharp alone: the server's own per-image work (dist's inspectAndEncode), here, on two of the files.
  const REF = 2;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const f of files.slice(0, REF)) {
    const out = await inspectAndEncode(f);
    if (typeof out === 'string') throw new Error(`sharp refused a generated JPEG: ${out}`);
  }
  const sharpMs = (performance.now() - t0) / REF;
  const cpu = process.cpuUsage(cpu0);
  const sharpCpuMs = (cpu.user + cpu.system) / 1000 / REF; // libvips' threads included
  note(
    `${UPLOAD_FILES} noise JPEGs ${width}×${height} q95, ${mb.toFixed(1)} MB in all (${(mb / UPLOAD_FILES).toFixed(2)} MB each); sharp alone (inspectAndEncode in the bench process): ${sharpMs.toFixed(0)} ms an image, CPU ${sharpCpuMs.toFixed(0)} ms`,
  );
  const u = await uploadAll(url, session, files, serverCpuMs);
  const per = u.ms / UPLOAD_FILES;
  // Wall time: sharp's own work (measured just before, same machine, same load) and a bounded
  // overhead; ×1.25 for the load changing between the two measures on a shared machine.
  const perBudget = sharpMs * 1.25 + budget.uploadOverheadMs;
  row(
    `POST /api/admin/images/upload ${UPLOAD_FILES} × ${(mb / UPLOAD_FILES).toFixed(1)} MB`,
    `${(u.ms / 1000).toFixed(1)} s total  ${per.toFixed(0)} ms an image`,
    `< 1.25 × sharp ${sharpMs.toFixed(0)} + ${budget.uploadOverheadMs} ms an image`,
    u.ok && per < perBudget,
  );
  // CPU: independent of other processes on the machine. Everything but sharp (multipart, markup
  // scan, storage, rows, audit) within the same overhead.
  const serverCpu = u.serverCpu / UPLOAD_FILES;
  row(
    'upload: server CPU an image',
    Number.isFinite(serverCpu) ? `${serverCpu.toFixed(0)} ms (sharp alone ${sharpCpuMs.toFixed(0)} ms)` : 'n/a',
    `< sharp + ${budget.uploadOverheadMs} ms`,
    u.ok && (!Number.isFinite(serverCpu) || serverCpu < sharpCpuMs + budget.uploadOverheadMs),
  );
  note(`answer ${u.status} ${u.message ?? ''}; ${u.items.length} stored (WebP ${(u.items.reduce((a, i) => a + i.size, 0) / 1048576).toFixed(1)} MB), then deleted`);
}

// ---------------------------------------------------------------- alone: node bench/admin-catalog.mjs


if (import.meta.url === `file://${process.argv[1]}`) {
  const distDir = resolve(process.env.BENCH_DIST ?? join(root, 'dist'));
  const env = {
    NODE_ENV: 'production',
    PORT: process.env.BENCH_PORT ?? '3313',
    DATABASE_URL: await freshMariaDb(process.env.BENCH_DATABASE ?? 'skinshop_bench_catalog'),
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: 'warn',
    MEDIA_DIR: 'var/bench-media',
    TRUST_PROXY: 'loopback',
    PROVIDER_SIMULATORS: 'true',
    ADMIN_INITIAL_PASSWORD: 'bench-owner-password',
  };
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  console.log(`skinshop bench — admin catalogue alone (${distDir}), MariaDB, 1 web process, ${seconds}s`);
  const first = await startBuilt(distDir, env); // migrates and seeds
  await first.stop();
  const server = await startBuilt(distDir, env);
  let failed = 0;
  const row = (name, figure, budget, ok) => {
    if (!ok) failed++;
    console.log(`${verdict(ok).padEnd(4)}  ${name.padEnd(44)} ${figure.padEnd(34)} budget ${budget}`);
  };
  try {
    await adminCatalogSection({
      url: server.url,
      databaseUrl: env.DATABASE_URL,
      distDir,
      serverCpuMs: server.cpuMs,
      seconds,
      budget: { p99: 100, uploadOverheadMs: 250 },
      row,
      note: (s) => console.log(`      ${s}`),
    });
  } finally {
    await server.stop();
  }
  process.exit(failed ? 1 : 0);
}
