/** A unique-key violation on MariaDB/MySQL (ER_DUP_ENTRY) or SQLite (SQLITE_CONSTRAINT_*). */
export function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: string; driverError?: { code?: string } };
  const code = e.driverError?.code ?? e.code ?? '';
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT');
}
