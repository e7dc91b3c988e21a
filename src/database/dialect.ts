/**
 * Which SQL dialect this process talks to, decided once from DATABASE_URL.
 * Entity decorators run at import time, so the few column types that differ per
 * dialect (e.g. MEDIUMTEXT) read it here; the data source reads the same function.
 */
export type Dialect = 'mysql' | 'sqlite';

export function dialectOf(url: string | undefined): Dialect {
  return url && /^(mysql|mariadb):\/\//i.test(url) ? 'mysql' : 'sqlite';
}

export const currentDialect = (): Dialect => dialectOf(process.env.DATABASE_URL);
