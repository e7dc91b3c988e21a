import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';

/** Which database an API test run uses: `TEST_DB=sqlite` (default) or `TEST_DB=mariadb`. */
export type TestDb = 'sqlite' | 'mariadb';
export const TEST_DB: TestDb = process.env.TEST_DB === 'mariadb' ? 'mariadb' : 'sqlite';

/** Server URL without a database name: a dedicated user, created by `npm test` / .ci/run. */
export const MARIADB_URL = process.env.MARIADB_URL ?? 'mysql://skinshop:skinshop@127.0.0.1:3306';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file: a temp SQLite file or a new MariaDB schema. */
export async function createTestDatabase(kind: TestDb = TEST_DB): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'skinshop-test-'));
    return { url: `sqlite:${join(dir, 'test.sqlite')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `skinshop_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const conn = await createConnection(MARIADB_URL);
  try {
    await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await conn.end();
  }
  return {
    url: `${MARIADB_URL.replace(/\/$/, '')}/${name}`,
    drop: async () => {
      const c = await createConnection(MARIADB_URL);
      try {
        await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await c.end();
      }
    },
  };
}
