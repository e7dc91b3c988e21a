#!/usr/bin/env node
// `npm start` on a fresh clone: build the server and the client when their output
// is missing or older than the sources, so the two README commands are enough.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function stale(output, ...sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newest(join(root, s)) > built);
}

const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

if (stale(join(root, 'dist/main.js'), 'src')) {
  console.log('› building the server (dist/)…');
  run('npm run build:server --silent');
}
if (stale(join(root, 'client/dist/index.html'), 'client/src', 'client/index.html')) {
  console.log('› building the client (client/dist/)…');
  run('npm run build:client --silent');
}
