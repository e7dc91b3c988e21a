#!/usr/bin/env node
// Playwright's web server: a fresh SQLite database (the server migrates and seeds the demo
// shop on an empty database), then the built app (`npm run build` first).
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('../..', import.meta.url).pathname;
process.chdir(root);

const main = join(root, 'dist/main.js');
if (!existsSync(main)) {
  console.error('dist/main.js is missing: run `npm run build` before the browser tests.');
  process.exit(1);
}

const url = process.env.DATABASE_URL ?? 'sqlite:var/e2e.sqlite';
if (process.env.E2E_RESET === '1' && url.startsWith('sqlite:')) {
  const file = url.slice('sqlite:'.length);
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
}
mkdirSync(join(root, 'var'), { recursive: true });

await import(pathToFileURL(main).href);
