import Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Consistent copies of the embedded SQLite database while the shop runs, and their restore
 * (`npm run backup`, `npm run restore -- FILE`; see backup-cli.ts). Copies go through SQLite's
 * online backup API (better-sqlite3 `db.backup()`): a snapshot of one moment, whatever the shop
 * writes meanwhile (WAL included), never a half-written file. Backups are single self-contained
 * files (rollback journal, no -wal/-shm beside them).
 */

/** Where `npm run backup` writes by default, relative to the working directory (like var/skinshop.sqlite). */
export const DEFAULT_BACKUP_DIR = 'var/backups';

/** A refusal the operator can act on (the CLI prints the message alone and exits 2). */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefused';
  }
}

export interface DatabaseSummary {
  bytes: number;
  orders: number;
  /** The newest order's id (null: none). */
  lastOrderId: number | null;
  /** Migrations applied (the schema version the file is at). */
  migrations: number;
}

/** `skinshop-20261129T004500Z.sqlite` (UTC, no colons: a valid file name everywhere). */
export function backupFileName(now = new Date(), prefix = 'skinshop'): string {
  return `${prefix}-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.sqlite`;
}

/** Every page in one step: the copy is taken under one read snapshot instead of restarting whenever the shop writes between steps. */
const ALL_PAGES = 0x7fffffff;

/** Copies the live database `source` into the new file `dest` (written as `dest.partial-<pid>`, renamed when checked). */
export async function backupSqlite(source: string, dest: string): Promise<DatabaseSummary> {
  if (!existsSync(source)) throw new BackupRefused(`no database at ${source}`);
  if (existsSync(dest)) throw new BackupRefused(`${dest} exists already: choose another file`);
  mkdirSync(dirname(dest), { recursive: true });
  const partial = `${dest}.partial-${process.pid}`;
  try {
    await copyInto(source, partial);
    const summary = checkedSummary(partial, { standalone: true });
    renameSync(partial, dest);
    return summary;
  } finally {
    removeWithSidecars(partial);
  }
}

export interface RestoreResult {
  restored: DatabaseSummary;
  /** Where the database that was replaced was copied first (none when the target did not exist). */
  previousKeptAt?: string;
}

/**
 * Puts the backup `file` in place of the database `target`. An existing target is replaced only
 * with `force`, only when no process has it open (the running shop holds it: SQLite then refuses
 * an exclusive lock), and only after it was itself copied to `keepDir`. The backup is copied
 * beside the target and renamed over it, so the target is never half written.
 */
export async function restoreSqlite(file: string, target: string, options: { force: boolean; keepDir: string; now?: Date }): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupRefused(`no backup at ${file}`);
  if (resolve(file) === resolve(target)) throw new BackupRefused(`${file} is the database itself`);
  checkedSummary(file, { standalone: false });
  let previousKeptAt: string | undefined;
  if (existsSync(target)) {
    if (!options.force) {
      throw new BackupRefused(
        `${target} exists: stop the shop (web and worker), then run again with --force to replace it (it is copied to ${options.keepDir} first)`,
      );
    }
    previousKeptAt = await keepPrevious(target, options.keepDir, options.now ?? new Date());
  }
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.restoring-${process.pid}`;
  try {
    await copyInto(file, partial);
    const restored = checkedSummary(partial, { standalone: true });
    // The old database's write-ahead log must never be applied to the restored file.
    for (const sidecar of ['-wal', '-shm', '-journal']) rmSync(target + sidecar, { force: true });
    renameSync(partial, target);
    return { restored, previousKeptAt };
  } finally {
    removeWithSidecars(partial);
  }
}

/** Opens the current target exclusively (fails while any other connection has it open), copies it to `keepDir`, releases it. */
async function keepPrevious(target: string, keepDir: string, now: Date): Promise<string> {
  const db = new Database(target, { fileMustExist: true, timeout: 0 });
  try {
    try {
      db.pragma('locking_mode = EXCLUSIVE');
      // Acquire the lock, then end the transaction: exclusive locking mode keeps the lock until close.
      db.exec('BEGIN EXCLUSIVE; COMMIT');
    } catch (e) {
      if ((e as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
        throw new BackupRefused(`${target} is in use (a running shop, its worker or another program has it open): stop it, then run again`);
      }
      throw e;
    }
    mkdirSync(keepDir, { recursive: true });
    const kept = join(keepDir, backupFileName(now, 'skinshop-before-restore'));
    const partial = `${kept}.partial-${process.pid}`;
    try {
      await db.backup(partial, { progress: () => ALL_PAGES });
      makeStandalone(partial);
      renameSync(partial, kept);
    } finally {
      removeWithSidecars(partial);
    }
    return kept;
  } finally {
    // The last connection of a WAL database checkpoints and removes its -wal and -shm on close.
    db.close();
  }
}

async function copyInto(source: string, dest: string): Promise<void> {
  removeWithSidecars(dest);
  const db = new Database(source, { fileMustExist: true, timeout: 10_000 });
  try {
    await db.backup(dest, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  makeStandalone(dest);
}

/** A rollback-journal file: one self-contained file (the shop switches it back to WAL when it opens it). */
function makeStandalone(file: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

/** Checks the file is an intact skinshop database and describes it. */
function checkedSummary(file: string, { standalone }: { standalone: boolean }): DatabaseSummary {
  let db: Database.Database;
  try {
    // A standalone copy is opened read-only; a backup handed to restore may be in WAL mode (copied by other means).
    db = new Database(file, { fileMustExist: true, readonly: standalone });
  } catch (e) {
    throw new BackupRefused(`${file} cannot be opened as a SQLite database: ${(e as Error).message}`);
  }
  try {
    let check: string;
    try {
      check = String(db.pragma('quick_check', { simple: true }));
    } catch (e) {
      throw new BackupRefused(`${file} is not a SQLite database: ${(e as Error).message}`);
    }
    if (check !== 'ok') throw new BackupRefused(`${file} is damaged (quick_check: ${check})`);
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]).map(String));
    if (!tables.has('orders') || !tables.has('migrations')) throw new BackupRefused(`${file} is not a skinshop database (no orders or migrations table)`);
    const orders = db.prepare('SELECT COUNT(*) AS n, MAX(id) AS last FROM orders').get() as { n: number; last: number | null };
    const migrations = db.prepare('SELECT COUNT(*) FROM migrations').pluck().get() as number;
    return { bytes: statSync(file).size, orders: orders.n, lastOrderId: orders.last, migrations };
  } finally {
    db.close();
  }
}

function removeWithSidecars(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
}
