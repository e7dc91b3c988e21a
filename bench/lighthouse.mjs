#!/usr/bin/env node
// Lighthouse budget for the shop's first screens: `/`, `/products` and a product page,
// mobile form factor with Lighthouse's default (simulated) throttling, each run several
// times and judged on the median score: performance ≥ 90, SEO ≥ 95, accessibility ≥ 95.
//
// Lighthouse 12.8 (13.x needs Node 22) and chrome-launcher live in their own tiny package,
// bench/lighthouse (own lockfile, git-ignored node_modules), installed on first use with
// `npm install --prefix bench/lighthouse`, so they never enter the main package-lock.
// Chrome is Debian's /usr/bin/chromium (CHROMIUM_PATH), with background networking off.
//
//   node bench/lighthouse.mjs http://127.0.0.1:3212        # a running built server
//   LH_RUNS=3 node bench/lighthouse.mjs <url>              # runs per page (default 3)
//   LH_SAVE=bench/results/lighthouse node bench/lighthouse.mjs <url>   # keep every report (JSON)
//
// Export: `lighthouseReport(baseUrl, { runs })` → rows `{ name, figure, budget, ok }`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const PKG = new URL('./lighthouse/', import.meta.url).pathname;
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
export const BUDGETS = { performance: 90, seo: 95, accessibility: 95 };
const CATEGORIES = Object.keys(BUDGETS);

/** Installs bench/lighthouse on first use; returns the lighthouse and chrome-launcher modules. */
async function load() {
  const entry = (name, file) => join(PKG, 'node_modules', name, file);
  if (!existsSync(entry('lighthouse', 'package.json')) || !existsSync(entry('chrome-launcher', 'package.json'))) {
    console.error('installing Lighthouse 12.8 into bench/lighthouse (first run only)…');
    // `npm install` (not `ci`): it follows the lockfile, but a transitive `"third-party-web": "latest"`
    // in Lighthouse's trace engine makes `npm ci` call the lockfile stale whenever that package
    // publishes a release.
    const res = spawnSync('npm', ['install', '--prefix', PKG, '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'inherit' });
    if (res.status !== 0) throw new Error('could not install bench/lighthouse (npm install --prefix bench/lighthouse)');
  }
  const lighthouse = (await import(pathToFileURL(entry('lighthouse', 'core/index.js')).href)).default;
  const launcher = await import(pathToFileURL(entry('chrome-launcher', 'dist/index.js')).href);
  return { lighthouse, launch: launcher.launch ?? launcher.default?.launch };
}

/** The first listed product's page, from the public catalogue API. */
async function productPath(baseUrl) {
  const res = await fetch(`${baseUrl}/api/load/loadProducts`);
  if (!res.ok) throw new Error(`GET /api/load/loadProducts answered ${res.status}`);
  const { products } = await res.json();
  if (!products?.length) throw new Error('the shop lists no product');
  return `/product/${products[0].product_id}`;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** One Lighthouse run in a fresh Chrome: the category scores (0–100) and the audits that lost points. */
async function audit({ lighthouse, launch }, url) {
  const chrome = await launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (process.env.LH_SAVE) {
      mkdirSync(process.env.LH_SAVE, { recursive: true });
      writeFileSync(join(process.env.LH_SAVE, `${new URL(url).pathname.replace(/\W+/g, '_') || 'home'}-${Date.now()}.json`), result.report);
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const failing = [];
    for (const c of CATEGORIES) {
      for (const ref of lhr.categories[c].auditRefs) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a.score !== null && a.score < 0.9) failing.push({ category: c, id: a.id, title: a.title, score: a.score, value: a.displayValue ?? '' });
      }
    }
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map(
      (id) => `${id.replace(/-/g, ' ').replace(/\b(\w)\w+/g, '$1').toUpperCase().replace(/ /g, '')} ${lhr.audits[id]?.displayValue ?? '?'}`,
    );
    return { scores, failing, metrics };
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse with this Chromium sometimes loses the trace's navigation start (NO_NAVSTART,
 * NO_FCP: a recording fault, not a score); such a run is repeated, up to three tries.
 */
async function auditWithRetry(mods, url, tries = 3) {
  for (let i = 1; ; i++) {
    try {
      return await audit(mods, url);
    } catch (e) {
      if (i >= tries || !/\((NO_NAVSTART|NO_FCP|NO_LCP)\)/.test(String(e?.message))) throw e;
      console.error(`${String(e.message).split(' ').slice(0, 2).join(' ')} — recording fault, run repeated (${i}/${tries - 1})`);
    }
  }
}

/**
 * Lighthouse rows for `/`, `/products` and a product page: median of `runs` runs per page
 * and category, each beside its budget. `details` (optional) receives every page's failing
 * audits and metrics of its last run.
 */
export async function lighthouseReport(baseUrl, { runs = Number(process.env.LH_RUNS ?? 3), details } = {}) {
  if (!existsSync(CHROME)) throw new Error(`${CHROME} is missing (apt-get install chromium)`);
  const base = baseUrl.replace(/\/+$/, '');
  const mods = await load();
  const pages = [
    ['/', '/'],
    ['/products', '/products'],
    ['product page', await productPath(base)],
  ];
  const rows = [];
  for (const [label, path] of pages) {
    const runsOf = [];
    for (let i = 0; i < runs; i++) runsOf.push(await auditWithRetry(mods, base + path));
    const last = runsOf.at(-1);
    details?.push({ page: label, path, runs: runsOf.map((r) => r.scores), failing: last.failing, metrics: last.metrics });
    for (const c of CATEGORIES) {
      const all = runsOf.map((r) => r.scores[c]);
      const figure = median(all);
      rows.push({
        name: `Lighthouse ${label} ${c} (mobile)`,
        figure: `${figure}${all.length > 1 ? ` (runs ${all.join(', ')})` : ''}`,
        budget: `≥ ${BUDGETS[c]}`,
        ok: figure >= BUDGETS[c],
      });
    }
  }
  return rows;
}

// Standalone: node bench/lighthouse.mjs <baseUrl>
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseUrl = process.argv[2] ?? process.env.LH_URL ?? 'http://127.0.0.1:3000';
  const details = [];
  try {
    const rows = await lighthouseReport(baseUrl, { details });
    for (const r of rows) console.log(`${(r.ok ? 'ok' : 'OVER').padEnd(4)}  ${r.name.padEnd(44)} ${r.figure.padEnd(34)} budget ${r.budget}`);
    for (const d of details) {
      console.log(`\n${d.page} (${d.path}): ${d.metrics.join(' · ')}`);
      const top = d.failing.sort((a, b) => a.score - b.score).slice(0, 12);
      for (const f of top) console.log(`  ${f.category.padEnd(13)} ${String(Math.round(f.score * 100)).padStart(3)}  ${f.id}: ${f.title}${f.value ? ` (${f.value})` : ''}`);
      if (!top.length) console.log('  no failing audit');
    }
    process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 2;
  }
}
