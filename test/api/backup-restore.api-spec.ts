import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TEST_DB } from '../helpers/databases';
import { isolatedEnv } from '../../src/modules/auth/testing/browser-session';
import { createTestApp, TestApp } from '../helpers/test-app';
import { feeFor, homeCod, shippingMethod, shopper, submit, variants } from './checkout-fixtures';

jest.setTimeout(240_000);

/**
 * `npm run backup` / `npm run restore -- FILE` (issue 23 §6): the real CLI (src/database/backup/backup-cli.ts,
 * run from source in its own process) against the database file of a shop running in this process.
 */
const ROOT = resolve(__dirname, '..', '..');
const CLI = ['-r', join(ROOT, 'test/helpers/ts-hook.cjs'), join(ROOT, 'src/database/backup/backup-cli.ts')];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in `cwd` (where var/backups lands) with DATABASE_URL `url`, without blocking this process's shop. */
function cli(cwd: string, url: string, ...args: string[]): Promise<Run> {
  return new Promise((done) => {
    const env = { ...process.env, DATABASE_URL: url };
    execFile(process.execPath, [...CLI, ...args], { cwd, env }, (err, stdout, stderr) => {
      done({ code: err ? Number((err as { code?: unknown }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

interface OrderRow {
  id: number;
  mer_trade_no: string;
  total_amount: number;
  status_name: string;
  payment_status: number;
  user_id: number;
}

function readOrders(file: string): { orders: OrderRow[]; items: unknown[]; check: string; orphans: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return {
      orders: db.prepare('SELECT id, mer_trade_no, total_amount, status_name, payment_status, user_id FROM orders ORDER BY id').all() as OrderRow[],
      items: db.prepare('SELECT order_id, variant_id, quantity, price FROM order_items ORDER BY id').all(),
      check: String(db.pragma('quick_check', { simple: true })),
      orphans: db.prepare('SELECT COUNT(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)').pluck().get() as number,
    };
  } finally {
    db.close();
  }
}

describe('npm run backup / restore: MariaDB and other refusals', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'skinshop-backup-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a MariaDB DATABASE_URL with the tools to use instead, never echoing the password', async () => {
    const url = 'mysql://shop:s3cret-pass@db.internal:3307/skinshop_prod';
    const backup = await cli(dir, url, 'backup');
    expect(backup.code).toBe(2);
    expect(backup.stderr).toContain('mariadb-dump --single-transaction');
    expect(backup.stderr).toContain('mariabackup --backup');
    expect(backup.stderr).toContain('-h db.internal -P 3307 -u shop -p skinshop_prod');
    expect(backup.stderr).toContain('skinshop_prod');
    const restore = await cli(dir, url, 'restore', 'dump.sql');
    expect(restore.code).toBe(2);
    expect(restore.stderr).toContain('mariabackup --copy-back');
    for (const r of [backup, restore]) expect(r.stdout + r.stderr).not.toContain('s3cret');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses what it cannot use: no database, a file that is not one, a bad command line', async () => {
    const missing = await cli(dir, `sqlite:${join(dir, 'none.sqlite')}`, 'backup');
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('no database at') });
    writeFileSync(join(dir, 'junk.sqlite'), 'not a database at all, just some text that is long enough to look like a header');
    const junk = await cli(dir, `sqlite:${join(dir, 'target.sqlite')}`, 'restore', join(dir, 'junk.sqlite'));
    expect(junk.code).toBe(2);
    expect(junk.stderr).toMatch(/not a SQLite database|cannot be opened/);
    expect(existsSync(join(dir, 'target.sqlite'))).toBe(false);
    expect((await cli(dir, 'sqlite::memory:', 'backup')).code).toBe(2);
    expect((await cli(dir, `sqlite:${join(dir, 'x.sqlite')}`, 'restore')).stderr).toContain('usage: npm run restore -- FILE [--force]');
  });
});

const sqliteOnly = TEST_DB === 'sqlite' ? describe : describe.skip;

sqliteOnly('npm run backup while the shop runs, npm run restore into another file', () => {
  let t: TestApp;
  let dir: string;
  let live: string;

  beforeAll(async () => {
    t = await createTestApp(isolatedEnv());
    live = t.db.url.replace(/^sqlite:/, '');
    dir = mkdtempSync(join(tmpdir(), 'skinshop-backup-'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function placeOrder(): Promise<number> {
    const s = await shopper(t);
    const [v] = await variants(t.app, 1, 10);
    const res = await submit(s, homeCod(s, [{ v, quantity: 1 }], v.price + feeFor(await shippingMethod(t.app, 4), v.price)));
    expect(res.status).toBe(200);
    return res.body.resData.order_id as number;
  }

  it('copies a consistent database while orders keep coming, and the restored file holds the same orders', async () => {
    const before = [await placeOrder(), await placeOrder()];
    // Shoppers ready first: the checkouts below then run while the backup copies.
    const [backup, ...during] = await Promise.all([cli(dir, t.db.url, 'backup'), placeOrder(), placeOrder(), placeOrder()]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const m = /^backed up (\S+) to (var\/backups\/skinshop-\d{8}T\d{6}Z\.sqlite) \(\d+\.\d MB, (\d+) orders? \(last #\d+\), \d+ migrations, integrity ok\) in \d+ ms$/m.exec(backup.stdout);
    expect(m).not.toBeNull();
    const file = join(dir, m![2]);
    // One self-contained file, no write-ahead log beside it.
    expect(readdirSync(join(dir, 'var/backups'))).toEqual([m![2].split('/').pop()]);

    const copy = readOrders(file);
    expect(copy.check).toBe('ok');
    // A snapshot of one moment: every order in it has its lines; the orders placed before are there.
    expect(copy.orphans).toBe(0);
    expect(copy.orders.length).toBe(Number(m![3]));
    const ids = copy.orders.map((o) => o.id);
    for (const id of before) expect(ids).toContain(id);
    // Whatever the copy holds is what the shop holds (the orders placed during it are in or out, whole).
    const now = readOrders(live);
    for (const o of copy.orders) expect(now.orders.find((x) => x.id === o.id)).toEqual(o);
    expect(now.orders.map((o) => o.id)).toEqual(expect.arrayContaining([...before, ...during]));

    // Restored into a new file: the same orders and lines, an intact database.
    const target = join(dir, 'restored', 'shop.sqlite');
    const restore = await cli(dir, `sqlite:${target}`, 'restore', file);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`restored ${m![2]} into restored/shop.sqlite (`);
    expect(restore.stdout).not.toContain('replaced');
    const restored = readOrders(target);
    expect(restored).toEqual(copy);
    expect(restored.orders.length).toBeGreaterThanOrEqual(2);
  });

  it('never replaces a database without --force, nor one a running shop has open; with --force it keeps the old one first', async () => {
    const [file] = readdirSync(join(dir, 'var/backups')).filter((f) => f.startsWith('skinshop-2'));
    const backup = join(dir, 'var/backups', file);
    const ordersBefore = readOrders(live).orders;

    const noForce = await cli(dir, t.db.url, 'restore', backup);
    expect(noForce.code).toBe(2);
    expect(noForce.stderr).toContain('exists: stop the shop (web and worker), then run again with --force');
    const running = await cli(dir, t.db.url, 'restore', backup, '--force');
    expect(running.code).toBe(2);
    expect(running.stderr).toContain('is in use (a running shop');
    // Nothing changed, and the shop still works on it.
    expect(readOrders(live).orders).toEqual(ordersBefore);
    const id = await placeOrder();
    expect(readOrders(live).orders.map((o) => o.id)).toContain(id);

    // A stopped shop's database (the restored file of the test before): replaced, the old one copied aside first.
    const target = join(dir, 'restored', 'shop.sqlite');
    writeFileSync(`${target}-wal`, ''); // a stale write-ahead log must not survive
    const db = new Database(target);
    db.prepare("UPDATE orders SET status_name = 'cancelled' WHERE id = ?").run(ordersBefore[0].id);
    db.close();
    const forced = await cli(dir, `sqlite:${target}`, 'restore', backup, '--force');
    expect(forced.code).toBe(0);
    const kept = /the database it replaced was copied to (var\/backups\/skinshop-before-restore-\d{8}T\d{6}Z\.sqlite) first/.exec(forced.stdout);
    expect(kept).not.toBeNull();
    expect(readOrders(join(dir, kept![1])).orders.find((o) => o.id === ordersBefore[0].id)?.status_name).toBe('cancelled');
    expect(readOrders(target)).toEqual(readOrders(backup));
    expect(existsSync(`${target}-wal`)).toBe(false);
  });
});
