/**
 * Entities and migrations agree on both dialects: every migration applied to an empty
 * database leaves nothing for TypeORM's schema builder to change, and undoing them all
 * leaves an empty schema. Regenerate with `npm run migration:generate -- <Name>`.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { createTempDatabase, describeMariaDb, openDataSource, TempDatabase, TestDialect } from './testing/databases';

jest.setTimeout(120_000);

async function userTables(ds: DataSource, dialect: TestDialect): Promise<string[]> {
  const rows: Record<string, string>[] =
    dialect === 'sqlite'
      ? await ds.query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
      : await ds.query('SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()');
  return rows.map((r) => r.name).filter((n) => n !== 'migrations');
}

function driftSuite(dialect: TestDialect) {
  let db: TempDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTempDatabase(dialect);
    ({ ds } = openDataSource(db.url));
    await ds.initialize();
  });
  afterAll(async () => {
    if (ds?.isInitialized) await ds.destroy();
    await db?.drop();
  });

  it('applies every migration to an empty database and then finds no pending schema change', async () => {
    const applied = await ds.runMigrations({ transaction: 'each' });
    expect(applied.length).toBeGreaterThan(0);
    const sql = await ds.driver.createSchemaBuilder().log();
    const pending = sql.upQueries.map((q) => q.query);
    if (pending.length) console.error(`schema drift on ${dialect}:\n${pending.join(';\n')}`);
    expect(pending).toEqual([]);
    const tables = await userTables(ds, dialect);
    for (const meta of ds.entityMetadatas) expect(tables).toContain(meta.tableName);
  });

  it('reverts every migration and leaves an empty schema, then re-applies cleanly', async () => {
    const count = ds.migrations.length;
    for (let i = 0; i < count; i++) await ds.undoLastMigration({ transaction: 'each' });
    expect(await userTables(ds, dialect)).toEqual([]);
    expect(await ds.showMigrations()).toBe(true);
    await ds.runMigrations({ transaction: 'each' });
    expect((await ds.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
  });
}

describe('schema drift on SQLite', () => driftSuite('sqlite'));
describeMariaDb('schema drift on MariaDB', () => driftSuite('mysql'));

describe('migration files', () => {
  const list = (dialect: TestDialect) =>
    readdirSync(join(__dirname, 'migrations', dialect))
      .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
      .sort();

  it('exist for both dialects with the same names, one dialect-suffixed class each', () => {
    const sqlite = list('sqlite');
    const mysql = list('mysql');
    expect(sqlite.length).toBeGreaterThan(0);
    expect(mysql).toEqual(sqlite);
    for (const [dialect, suffix] of [
      ['sqlite', 'Sqlite'],
      ['mysql', 'Mysql'],
    ] as const) {
      const names = list(dialect).map((f) => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the files TypeORM loads by glob
        const mod = require(join(__dirname, 'migrations', dialect, f)) as Record<string, new () => { name: string }>;
        const classes = Object.entries(mod);
        expect(classes).toHaveLength(1);
        const [className, Cls] = classes[0];
        expect(className.endsWith(suffix)).toBe(true);
        expect(new Cls().name).toMatch(/\d{13}$/);
        return className;
      });
      expect(new Set(names).size).toBe(names.length);
    }
  });
});
