import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * The two things SQL does differently on our two databases, in one place:
 *
 * - Row locks. MariaDB takes `FOR UPDATE` / `LOCK IN SHARE MODE`; a locking read also sees the
 *   latest committed row, where a plain read inside a REPEATABLE READ transaction sees its older
 *   snapshot. SQLite has no row locks: its transactions take turns (Transactions.run serialises
 *   them), so a plain read is already the latest.
 * - Duplicate keys. MariaDB says ER_DUP_ENTRY, SQLite SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY.
 * - Upserts: `ON DUPLICATE KEY UPDATE` on MariaDB, `ON CONFLICT … DO UPDATE` on SQLite; a taken key
 *   skipped: `INSERT IGNORE` / `INSERT OR IGNORE`.
 * - Writers at once: SQLite's transactions take turns, so batch jobs run one writer there.
 */

function isSqlite(on: { connection: EntityManager['connection'] }): boolean {
  return on.connection.options.type === 'better-sqlite3';
}

/** `SELECT … FOR UPDATE` on MariaDB (held until the transaction ends); unchanged on SQLite. */
export function lockForWrite<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  if (!isSqlite(qb)) qb.setLock('pessimistic_write');
  return qb;
}

/** `SELECT … LOCK IN SHARE MODE` on MariaDB: the row as committed now; unchanged on SQLite. */
export function lockForRead<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  if (!isSqlite(qb)) qb.setLock('pessimistic_read');
  return qb;
}

/** A unique-key violation on MariaDB/MySQL (ER_DUP_ENTRY) or SQLite (SQLITE_CONSTRAINT_*). */
export function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } } | null;
  const code = e?.driverError?.code ?? e?.code ?? '';
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT');
}

/** How many batch writers to run at once: `wanted` on MariaDB, 1 on SQLite (its transactions take turns). */
export function concurrentWriters(m: EntityManager, wanted: number): number {
  return isSqlite(m) ? 1 : wanted;
}

/**
 * One statement that inserts the row of `key` with `deltas` as its values, or adds `deltas` to the
 * row there (counters kept by increments; concurrent writers of a new key never collide). `table`,
 * `keyColumn` and the delta columns are identifiers of our own schema, never input.
 */
export async function upsertAdding(m: EntityManager, table: string, keyColumn: string, key: number, deltas: Record<string, number>): Promise<void> {
  const cols = Object.keys(deltas);
  const params = [key, ...cols.map((c) => deltas[c])];
  const names = cols.map((c) => `\`${c}\``).join(', ');
  const marks = params.map(() => '?').join(', ');
  if (isSqlite(m)) {
    const set = cols.map((c) => `\`${c}\` = \`${c}\` + excluded.\`${c}\``).join(', ');
    await m.query(`INSERT INTO ${table} (${keyColumn}, ${names}) VALUES (${marks}) ON CONFLICT(${keyColumn}) DO UPDATE SET ${set}, updated_at = strftime('%Y-%m-%d %H:%M:%f', 'now')`, params);
    return;
  }
  const set = cols.map((c) => `\`${c}\` = \`${c}\` + VALUES(\`${c}\`)`).join(', ');
  await m.query(`INSERT INTO ${table} (${keyColumn}, ${names}) VALUES (${marks}) ON DUPLICATE KEY UPDATE ${set}`, params);
}

/** The verb of an INSERT that skips a row whose unique key is taken (plainInsert's `ignore`). */
export function insertIgnore(m: EntityManager): 'INSERT OR IGNORE' | 'INSERT IGNORE' {
  return isSqlite(m) ? 'INSERT OR IGNORE' : 'INSERT IGNORE';
}
