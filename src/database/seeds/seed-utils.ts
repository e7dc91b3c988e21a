/** Batched, idempotent-friendly inserts used by the seeds. */
import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/** Multi-row INSERTs in chunks (well under SQLite's bound-parameter limit). */
export async function insertRows(m: EntityManager, target: EntityTarget<ObjectLiteral>, rows: ObjectLiteral[], chunk = 100): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await m.createQueryBuilder().insert().into(target).values(rows.slice(i, i + chunk)).updateEntity(false).execute();
  }
}

/** Inserts the rows whose key (one or more columns) is not in the table yet. */
export async function insertMissing(m: EntityManager, target: EntityTarget<ObjectLiteral>, rows: ObjectLiteral[], keys: string[]): Promise<number> {
  const qb = m.createQueryBuilder(target, 't');
  keys.forEach((k, i) => qb[i ? 'addSelect' : 'select'](`t.${k}`, k));
  const keyOf = (r: ObjectLiteral) => keys.map((k) => String(r[k])).join('\u0000');
  const existing = new Set(((await qb.getRawMany()) as ObjectLiteral[]).map(keyOf));
  const missing = rows.filter((r) => !existing.has(keyOf(r)));
  await insertRows(m, target, missing);
  return missing.length;
}

export async function insertIfEmpty(m: EntityManager, target: EntityTarget<ObjectLiteral>, rows: ObjectLiteral[]): Promise<number> {
  if ((await m.count(target)) > 0) return 0;
  await insertRows(m, target, rows);
  return rows.length;
}
