#!/usr/bin/env node
// Playwright's web server: a fresh SQLite database (the server migrates and seeds the demo
// shop on an empty database), then the built app (`npm run build` first). LINE Login points at
// the local OAuth provider (src/modules/auth/testing/oauth-provider.ts), whose befriending at
// login follows the shop's own LINE Messaging simulator (/sim/line): 綁定 LINE works end to end.
// Google and Facebook stay without credentials (no buttons: the accounts tests check that).
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
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

if (process.env.E2E_LINE_LOGIN !== '0') {
  const require = createRequire(import.meta.url);
  require('../helpers/ts-hook.cjs');
  const { LocalOAuthProvider } = require('../../src/modules/auth/testing/oauth-provider.ts');
  const provider = await new LocalOAuthProvider({
    google: { clientId: 'unused', clientSecret: 'unused' },
    facebook: { appId: 'unused', appSecret: 'unused', graphVersion: 'v19.0' },
    line: { channelId: '2000000001', channelSecret: 'e2e-line-login-secret' },
  }).start();
  for (const [k, v] of Object.entries(provider.env())) if (k.startsWith('LINE_')) process.env[k] = v;
  provider.connectMessagingAt(`http://127.0.0.1:${process.env.PORT ?? 3000}`);
}

await import(pathToFileURL(main).href);
