/**
 * `npm run backup [-- DEST]`: a consistent copy of the embedded SQLite database (DATABASE_URL,
 * default var/skinshop.sqlite) while the shop runs, to DEST or var/backups/skinshop-<UTC time>.sqlite.
 * `npm run restore -- FILE [--force]`: that copy back in place of the configured database; an
 * existing database is replaced only with --force, only while no process has it open (stop
 * the shop first), and is itself copied to var/backups first.
 * MariaDB/MySQL: refused, with the tools to use instead (README: Backups).
 * Exit codes: 0 done, 2 refused (nothing changed), 1 failed.
 */
import { relative, resolve } from 'node:path';
import { dialectOf } from '../dialect';
import { backupFileName, backupSqlite, BackupRefused, DatabaseSummary, DEFAULT_BACKUP_DIR, restoreSqlite } from './sqlite-backup';

/** The same default and path rules as the data source (data-source.ts: DEFAULT_SQLITE_FILE, sqliteDatabasePath). */
const DEFAULT_SQLITE_FILE = 'var/skinshop.sqlite';

function sqliteFile(url: string | undefined): string {
  const raw = url ? url.replace(/^sqlite:(\/\/)?/i, '') : DEFAULT_SQLITE_FILE;
  if (raw === ':memory:' || raw === '') throw new BackupRefused('DATABASE_URL is an in-memory database: there is no file to back up or restore');
  return resolve(raw);
}

function mariadbAdvice(url: string, command: 'backup' | 'restore'): string {
  const u = new URL(url);
  const db = decodeURIComponent(u.pathname.replace(/^\//, '')) || 'skinshop';
  const host = u.hostname || '127.0.0.1';
  const port = u.port || '3306';
  const user = decodeURIComponent(u.username) || 'skinshop';
  const login = `-h ${host} -P ${port} -u ${user} -p`;
  const lines = [
    `DATABASE_URL is MariaDB/MySQL (${host}:${port}/${db}): npm run ${command} handles only the embedded SQLite database.`,
    command === 'backup' ? 'Back it up with the database\'s own tools while the shop runs:' : 'Restore it with the tool that made the backup, with the shop stopped:',
  ];
  if (command === 'backup') {
    lines.push(
      `  logical:  mariadb-dump --single-transaction --default-character-set=utf8mb4 ${login} ${db} | gzip > skinshop-$(date -u +%Y%m%dT%H%M%SZ).sql.gz`,
      `  physical: on the database server, mariabackup --backup --target-dir=/var/backups/skinshop-$(date -u +%Y%m%dT%H%M%SZ) --user=${user} --password=…`,
      '            then mariabackup --prepare --target-dir=<that folder> (once) before it can be restored',
    );
  } else {
    lines.push(
      `  logical:  gunzip < skinshop-<time>.sql.gz | mariadb --default-character-set=utf8mb4 ${login} ${db}`,
      '  physical: on the database server, stop MariaDB, empty its datadir, mariabackup --copy-back --target-dir=<prepared folder>, chown -R mysql:mysql the datadir, start MariaDB',
    );
  }
  lines.push('(README: Backups)');
  return lines.join('\n');
}

const show = (path: string) => {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
};

function describe(s: DatabaseSummary): string {
  const mb = (s.bytes / 1024 / 1024).toFixed(1);
  return `${mb} MB, ${s.orders} order${s.orders === 1 ? '' : 's'}${s.lastOrderId === null ? '' : ` (last #${s.lastOrderId})`}, ${s.migrations} migrations, integrity ok`;
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const args = rest.filter((a) => a !== '--force');
  const url = process.env.DATABASE_URL || undefined;
  if (command !== 'backup' && command !== 'restore') throw new BackupRefused('usage: npm run backup [-- DEST] | npm run restore -- FILE [--force]');
  if (url && dialectOf(url) === 'mysql') throw new BackupRefused(mariadbAdvice(url, command));
  const database = sqliteFile(url);
  const started = Date.now();

  if (command === 'backup') {
    if (args.length > 1 || force) throw new BackupRefused('usage: npm run backup [-- DEST]');
    const dest = resolve(args[0] ?? `${DEFAULT_BACKUP_DIR}/${backupFileName()}`);
    const summary = await backupSqlite(database, dest);
    console.log(`backed up ${show(database)} to ${show(dest)} (${describe(summary)}) in ${Date.now() - started} ms`);
    return;
  }

  if (args.length !== 1) throw new BackupRefused('usage: npm run restore -- FILE [--force]');
  const file = resolve(args[0]);
  const { restored, previousKeptAt } = await restoreSqlite(file, database, { force, keepDir: resolve(DEFAULT_BACKUP_DIR) });
  console.log(`restored ${show(file)} into ${show(database)} (${describe(restored)}) in ${Date.now() - started} ms`);
  if (previousKeptAt) console.log(`the database it replaced was copied to ${show(previousKeptAt)} first`);
  console.log('start the shop again (npm start); it applies any newer migrations when it starts');
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof BackupRefused) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
