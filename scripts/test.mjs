#!/usr/bin/env node
// `npm test`: the whole suite, in this order:
//   1. server unit tests (rules, jobs on both drivers, schema drift on both dialects)
//   2. API tests on SQLite with the in-process job driver (the embedded default)
//   3. API tests on MariaDB with Redis (the production shape)
//   4. client unit tests (vitest)
//   5. browser tests (Playwright + Debian's Chromium) against the built app
// Services missing on a laptop make their part skip with a notice; with CI=true
// nothing may skip. Ends with one line "N passed, N failed, N skipped".
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const CI = process.env.CI === 'true';
const out = join(root, 'var', 'test-reports');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const MARIADB_URL = process.env.MARIADB_URL ?? 'mysql://skinshop:skinshop@127.0.0.1:3306';
const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const only = process.argv.slice(2); // e.g. `npm test -- unit api:sqlite`
const want = (name) => only.length === 0 || only.some((o) => name.startsWith(o));

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function notice(msg) {
  console.warn(`\n⚠ SKIP: ${msg}`);
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const s = createConnection({ host, port, timeout: 1500 }, () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });
}

async function mariadbReady() {
  const probe = () =>
    spawnSync(process.execPath, ['-e', `require('mysql2/promise').createConnection(${JSON.stringify(MARIADB_URL)}).then(c=>c.end()).then(()=>process.exit(0),()=>process.exit(1))`], { cwd: root }).status === 0;
  if (probe()) return true;
  if (!(await reachable('127.0.0.1', 3306))) return false;
  // First run on this machine: create the test user over the local socket as root.
  try {
    const u = new URL(MARIADB_URL);
    const [user, pass] = [decodeURIComponent(u.username), decodeURIComponent(u.password)];
    const sql = ['localhost', '127.0.0.1']
      .map((h) => `CREATE USER IF NOT EXISTS '${user}'@'${h}' IDENTIFIED BY '${pass}'; GRANT ALL PRIVILEGES ON *.* TO '${user}'@'${h}';`)
      .join(' ');
    execFileSync('mariadb', ['-uroot', '-e', sql], { stdio: 'ignore' });
  } catch {
    return false;
  }
  return probe();
}

/** What each failed part printed about its failures, repeated at the end (CI shows the log's tail). */
const reasons = [];

/**
 * Runs a part with its output passed through as it comes and kept, so that a failure's reasons
 * (failed tests, unhandled errors outside any test) can be repeated at the end.
 */
function run(name, cmd, args, env, report, explain) {
  console.log(`\n━━ ${name} ━━`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env } });
    const chunks = [];
    child.stdout.on('data', (d) => (process.stdout.write(d), chunks.push(d)));
    child.stderr.on('data', (d) => (process.stderr.write(d), chunks.push(d)));
    child.on('close', (status) => {
      const counts = report();
      if (counts) {
        totals.passed += counts.passed;
        totals.failed += counts.failed;
        totals.skipped += counts.skipped;
      }
      if (status !== 0 || !counts || counts.failed > 0) {
        failures.push(name);
        const output = stripVTControlCharacters(Buffer.concat(chunks).toString('utf8'));
        const lines = [...(explain?.() ?? []), ...unhandledErrors(output)];
        reasons.push(`── ${name}: exit code ${status}${counts ? `, ${counts.failed} failed` : ', no report'}`, ...(lines.length ? lines : ['(no failed test in its report: see its output above)']));
      }
      resolve();
    });
  });
}

/** The "Unhandled Errors" block vitest prints (errors outside any test fail the run with every test green). */
function unhandledErrors(output) {
  const lines = output.split('\n');
  const start = lines.findIndex((l) => /Unhandled (Error|Rejection)/.test(l));
  return start < 0 ? [] : lines.slice(start, start + 40);
}

/** Failed tests and failed files of a jest-format JSON report (jest and vitest write one). */
const jsonFailures = (file) => () => {
  if (!existsSync(file)) return [];
  const j = JSON.parse(readFileSync(file, 'utf8'));
  const out = [];
  for (const suite of j.testResults ?? []) {
    const failed = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (suite.status !== 'failed' && failed.length === 0) continue;
    out.push(`  ✗ ${suite.name.replace(root, '')}`);
    for (const a of failed.slice(0, 5)) out.push(`      ${a.fullName ?? a.title}`);
    if (suite.message) out.push(...stripVTControlCharacters(suite.message).split('\n').slice(0, 12).map((l) => `      ${l}`));
  }
  return out.slice(0, 80);
};

const jestReport = (file) => () => {
  if (!existsSync(file)) return undefined;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: j.numPassedTests, failed: j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0), skipped: j.numPendingTests + j.numTodoTests };
};

// Two jest workers by default (JEST_WORKERS overrides): one API file alone keeps about one core
// busy (it waits on argon2, sharp, the database and the servers it starts), so on CI's two cores
// two files at a time halve the API tiers (SQLite: 453 s in band, 221 s with two workers). Each
// file has its own database, media folder, Redis prefix and ports.
const JEST_WORKERS = process.env.JEST_WORKERS ?? '2';
const jest = (name, project, env) => {
  const file = join(out, `${name.replace(/\W+/g, '-')}.json`);
  return run(name, process.execPath, [join(root, 'node_modules/jest/bin/jest.js'), '--selectProjects', project, '--json', '--outputFile', file, `--maxWorkers=${JEST_WORKERS}`], env, jestReport(file), jsonFailures(file));
};

const [hasMaria, hasRedis] = [await mariadbReady(), await reachable('127.0.0.1', 6379)];
// playwright.config.ts takes Debian's chromium-headless-shell when installed, else its chromium.
const hasChromium = (process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium']).some((p) => existsSync(p));
const missing = [!hasMaria && 'MariaDB', !hasRedis && 'Redis', !hasChromium && 'Chromium'].filter(Boolean);
if (missing.length && CI) {
  console.error(`CI=true but ${missing.join(', ')} not available: .ci/run must start them.`);
  process.exit(1);
}

const serviceEnv = {
  NODE_ENV: 'test',
  ...(hasMaria ? { MARIADB_URL } : { SKIP_MARIADB: '1' }),
  ...(hasRedis ? { REDIS_URL_FOR_TESTS: REDIS_URL } : { SKIP_REDIS: '1' }),
};

// The API tier's fault tests start the built server (kill -9, restarts): build first when stale.
function ensureBuild(why) {
  const built = spawnSync(process.execPath, [join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    console.error(`build failed: ${why} need dist/ and client/dist/`);
    process.exit(1);
  }
}

if (want('unit')) await jest('server unit', 'unit', serviceEnv);
if (want('api:sqlite') || want('api:mariadb')) ensureBuild('the API fault tests');
if (want('api:sqlite')) await jest('api on SQLite (embedded)', 'api', { ...serviceEnv, TEST_DB: 'sqlite' });
if (want('api:mariadb')) {
  if (hasMaria && hasRedis) {
    // DATABASE_URL picks the dialect of the few per-dialect column types at import time.
    await jest('api on MariaDB + Redis', 'api', { ...serviceEnv, TEST_DB: 'mariadb', DATABASE_URL: MARIADB_URL + '/mysql', TEST_REDIS_URL: REDIS_URL });
  } else notice('API tests on MariaDB + Redis: a service is not reachable (start MariaDB and Redis, see README).');
}
if (want('client')) {
  const file = join(out, 'client.json');
  await run('client (vitest)', 'npm', ['run', 'test', '--workspace', 'client', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {}, () => {
    if (!existsSync(file)) return undefined;
    const j = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: j.numPassedTests, failed: j.numFailedTests, skipped: j.numPendingTests + (j.numTodoTests ?? 0) };
  }, jsonFailures(file));
}
if (want('e2e')) {
  if (hasChromium) {
    ensureBuild('the browser tests');
    const file = join(out, 'e2e.json');
    await run('browser (Playwright + Chromium)', process.execPath, [join(root, 'node_modules/@playwright/test/cli.js'), 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file, PW_REPORTERS: 'list,json' }, () => {
      if (!existsSync(file)) return undefined;
      const s = JSON.parse(readFileSync(file, 'utf8')).stats;
      return { passed: s.expected + (s.flaky ?? 0), failed: s.unexpected, skipped: s.skipped };
    });
  } else notice('browser tests: no Chromium is installed (apt-get install chromium-headless-shell fonts-noto-cjk).');
}

if (reasons.length) console.log(`\nWhy parts failed:\n${reasons.join('\n')}`);
console.log(`\n${failures.length ? `Failed parts: ${failures.join('; ')}` : 'All parts passed.'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
