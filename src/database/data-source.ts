import { join, resolve } from 'node:path';
import { DataSource, DataSourceOptions } from 'typeorm';
import { COLUMN_DIALECT } from './columns';
import { Dialect, dialectOf } from './dialect';
import { ENTITIES } from './entities';

/** Default embedded database when no DATABASE_URL is given. */
export const DEFAULT_SQLITE_FILE = 'var/skinshop.sqlite';

export interface DataSourceExtras {
  logging?: boolean;
}

/**
 * Migrations of one dialect: compiled `.js` under dist/, `.ts` under ts-jest.
 * (`__dirname` is src/database or dist/database.)
 */
export function migrationGlobs(dialect: Dialect): string[] {
  return [join(__dirname, 'migrations', dialect, '*.{js,ts}').replace(/\\/g, '/')];
}

/**
 * `sqlite:<path>` / `sqlite::memory:` / none → the better-sqlite3 database argument
 * (relative paths from the working directory; the driver creates missing folders).
 */
export function sqliteDatabasePath(url: string | undefined): string {
  const raw = url ? url.replace(/^sqlite:(\/\/)?/i, '') : DEFAULT_SQLITE_FILE;
  if (raw === ':memory:' || raw === '') return ':memory:';
  return resolve(raw);
}

/**
 * TypeORM options for DATABASE_URL: none → SQLite file var/skinshop.sqlite;
 * `sqlite:<path>` → that file (`sqlite::memory:` in memory); `mysql://` or
 * `mariadb://` → MariaDB/MySQL through mysql2. Schema changes only by migrations.
 */
export function buildDataSourceOptions(databaseUrl: string | undefined, opts: DataSourceExtras = {}): DataSourceOptions {
  const dialect = dialectOf(databaseUrl);
  if (dialect !== COLUMN_DIALECT) {
    // Entity decorators picked their per-dialect column types from process.env.DATABASE_URL at import time.
    throw new Error(
      `DATABASE_URL dialect mismatch: entities were loaded for ${COLUMN_DIALECT} but the data source is ${dialect}; ` +
        'set process.env.DATABASE_URL to a URL of the same dialect before importing entities.',
    );
  }
  const common = {
    entities: ENTITIES,
    migrations: migrationGlobs(dialect),
    migrationsRun: false,
    synchronize: false,
    logging: opts.logging ?? false,
  } as const;

  if (dialect === 'mysql') {
    const u = new URL(databaseUrl as string);
    return {
      ...common,
      type: 'mariadb',
      host: u.hostname || '127.0.0.1',
      port: u.port ? Number(u.port) : 3306,
      username: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      database: decodeURIComponent(u.pathname.replace(/^\//, '')) || undefined,
      charset: 'utf8mb4',
      timezone: 'Z',
      dateStrings: false,
      supportBigNumbers: true,
      // mysql2 captures a stack trace on every query (Error.captureStackTrace) only to say where a
      // failed one was called from: ~3% of the server's CPU under checkout load. Errors keep the driver's stack.
      trace: false,
      poolSize: u.searchParams.has('poolSize') ? Number(u.searchParams.get('poolSize')) : undefined,
      // Named here, not left to TypeORM's require by name: the server's bundle then holds mysql2
      // (a start reads it from V8's code cache instead of loading ~60 files).
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      driver: require('mysql2') as unknown,
    };
  }

  const database = sqliteDatabasePath(databaseUrl);
  const inMemory = database === ':memory:';
  return {
    ...common,
    type: 'better-sqlite3',
    database,
    enableWAL: !inMemory,
    // busy_timeout: wait up to 10 s for a concurrent writer instead of failing with SQLITE_BUSY.
    timeout: 10_000,
    // TypeORM then turns foreign_keys on and (enableWAL) journal_mode = WAL.
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      if (!inMemory) db.pragma('synchronous = NORMAL');
    },
  };
}

/** Used by the TypeORM CLI (`npx typeorm -d dist/database/data-source.js …`). */
export default new DataSource(buildDataSourceOptions(process.env.DATABASE_URL));
