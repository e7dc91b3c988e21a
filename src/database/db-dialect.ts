import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * The two things SQL does differently on our two databases, in one place:
 *
 * - Row locks. MariaDB takes `FOR UPDATE` / `LOCK IN SHARE MODE`; a locking read also sees the
 *   latest committed row, where a plain read inside a REPEATABLE READ transaction sees its older
 *   snapshot. SQLite has no row locks: its transactions take turns (Transactions.run serialises
 *   them), so a plain read is already the latest.
 * - Duplicate keys. MariaDB says ER_DUP_ENTRY, SQLite SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY.
 */

function isSqlite(qb: SelectQueryBuilder<ObjectLiteral>): boolean {
  return qb.connection.options.type === 'better-sqlite3';
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
