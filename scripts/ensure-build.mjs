#!/usr/bin/env node
// `npm start` on a fresh clone: build the server and the client when their output
// is missing or older than the sources, so the two README commands are enough.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Newest modification time of a file, or of any file below a folder. */
function newest(path) {
  let t = 0;
  if (!existsSync(path)) return t;
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  for (const e of readdirSync(path, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(path, e.name);
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
if (stale(join(root, 'client/dist/index.html'), 'client/src', 'client/build', 'client/index.html', 'client/vite.config.ts')) {
  console.log('› building the client (client/dist/)…');
  run('npm run build:client --silent');
}
