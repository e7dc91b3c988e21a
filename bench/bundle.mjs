// Shopper bundle budget: initial JS of /products (entry + its static imports + the
// /products route chunk and its static imports), gzip, and no admin/editor source
// in any chunk a shopper route can load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const dist = join(root, 'client/dist');

export function bundleReport({ routeSrcMatch = /shop\/features\/catalog\/.*Products.*Page\.tsx$/ } = {}) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const staticClosure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) staticClosure(i, seen);
    return seen;
  };
  const routeKey = Object.keys(manifest).find((k) => routeSrcMatch.test(k));
  const initial = staticClosure(entryKey);
  if (routeKey) staticClosure(routeKey, initial);
  const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
  const files = [...initial].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const initialGzip = files.reduce((s, f) => s + gz(f), 0);

  // Everything reachable from the entry through static and dynamic imports, except the
  // admin/editor roots, must contain no admin/editor source.
  const shopper = new Set();
  const walk = (key) => {
    if (shopper.has(key) || /(^|\/)src\/(admin|editor)\//.test(key)) return;
    shopper.add(key);
    for (const i of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) walk(i);
  };
  walk(entryKey);
  const leaks = [...shopper].filter((k) => /(^|\/)src\/(admin|editor)\//.test(k) || (manifest[k].src ?? '').match(/src\/(admin|editor)\//));
  return { routeFound: Boolean(routeKey), files, initialGzipKb: initialGzip / 1024, leaks };
}
