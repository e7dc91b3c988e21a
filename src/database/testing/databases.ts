/**
 * Test support for the database specs (drift, seed): temp databases of both dialects
 * and entity graphs loaded for a given dialect. Jest-only; never imported by the app.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';

export type TestDialect = 'sqlite' | 'mysql';

/** Server URL without a database name (a dedicated user, created by `npm test` / .ci/run). */
export const MARIADB_URL = (process.env.MARIADB_URL ?? 'mysql://skinshop:skinshop@127.0.0.1:3306').replace(/\/+$/, '');

let mariadbUp: boolean | undefined;

/** Whether MariaDB accepts our user (checked once, synchronously, so suites can be declared or skipped). */
export function mariadbAvailable(): boolean {
  if (mariadbUp === undefined) {
    if (process.env.SKIP_MARIADB === '1' && process.env.CI !== 'true') return (mariadbUp = false);
    const probe = `require('mysql2/promise').createConnection(${JSON.stringify(MARIADB_URL)}).then(c=>c.end()).then(()=>process.exit(0),()=>process.exit(1))`;
    mariadbUp = spawnSync(process.execPath, ['-e', probe], { cwd: join(__dirname, '../../..'), timeout: 10_000 }).status === 0;
  }
  return mariadbUp;
}

/**
 * `describe` for MariaDB suites: skipped with a notice when MariaDB is unreachable,
 * except in CI (CI=true), where it runs and fails loudly.
 */
export function describeMariaDb(name: string, fn: () => void): void {
  if (process.env.CI === 'true' || mariadbAvailable()) {
    describe(name, fn);
    return;
  }
  console.warn(`⚠ SKIP ${name}: MariaDB is not reachable at ${MARIADB_URL.replace(/:[^:@/]*@/, ':***@')} (set MARIADB_URL or start MariaDB).`);
  describe.skip(name, fn);
}

export interface TempDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh empty database: a temp SQLite file, or a new utf8mb4 MariaDB schema. */
export async function createTempDatabase(dialect: TestDialect): Promise<TempDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'skinshop-db-'));
    return { url: `sqlite:${join(dir, 'test.sqlite')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `skinshop_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = await createConnection(MARIADB_URL);
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  return { url: `${MARIADB_URL}/${name}`, drop: () => admin(`DROP DATABASE IF EXISTS \`${name}\``) };
}

export interface DatabaseModules {
  DataSource: typeof import('typeorm').DataSource;
  buildDataSourceOptions: typeof import('../data-source').buildDataSourceOptions;
  seed: typeof import('../seeds/demo-seed');
}

/**
 * Loads the data source and the seeds in a fresh module registry with DATABASE_URL =
 * `url`, so the entity classes carry that dialect's column types even when the other
 * dialect was loaded before in the same test file.
 */
export function loadForDatabase(url: string): DatabaseModules {
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  try {
    let out: DatabaseModules | undefined;
    jest.isolateModules(() => {
      /* eslint-disable @typescript-eslint/no-require-imports -- a per-dialect module registry needs require() */
      out = {
        DataSource: (require('typeorm') as typeof import('typeorm')).DataSource,
        buildDataSourceOptions: (require('../data-source') as typeof import('../data-source')).buildDataSourceOptions,
        seed: require('../seeds/demo-seed') as typeof import('../seeds/demo-seed'),
      };
      /* eslint-enable @typescript-eslint/no-require-imports */
    });
    return out as DatabaseModules;
  } finally {
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}

/** A data source (not yet initialized) for `url`, with the seed module of the same registry. */
export function openDataSource(url: string): { ds: import('typeorm').DataSource; seed: DatabaseModules['seed'] } {
  const mods = loadForDatabase(url);
  return { ds: new mods.DataSource(mods.buildDataSourceOptions(url)), seed: mods.seed };
}
