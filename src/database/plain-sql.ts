import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { QueryResult } from 'typeorm/query-runner/QueryResult.js';
import { insertIgnore } from './db-dialect';

type Scalar = string | number | boolean | Date | null;

/** A simple read: equality (a value, `null` → IS NULL) or IN (an array) on columns (a foreign key's own column too), ANDed. */
export interface PlainFind<E> {
  /** The properties to read (default: every plain column). */
  select?: readonly (keyof E & string)[];
  where: { [K in keyof E & string]?: Scalar | readonly Scalar[] };
  order?: readonly (readonly [keyof E & string, 'ASC' | 'DESC'])[];
  limit?: number;
}

interface Shape {
  sql: string;
  /** Each selected column: the row key it comes back under and the column (for hydration). */
  columns: { key: string; column: ColumnMetadata }[];
}

/**
 * A `where` as SQL: its cache key (the condition keys and list lengths), its parameters (converted
 * as TypeORM persists them) and, when asked, its text. Null when an empty IN list matches nothing.
 */
function conditions(manager: EntityManager, meta: EntityMetadata, where: PlainFind<ObjectLiteral>['where']): { key: string; params: unknown[]; sql: () => string[] } | null {
  const driver = manager.connection.driver;
  const params: unknown[] = [];
  const parts: { name: string; arity: number | 'null' | 'one' }[] = [];
  for (const [prop, value] of Object.entries(where)) {
    if (value === undefined) continue;
    const column = columnOf(meta, prop);
    if (Array.isArray(value)) {
      if (value.length === 0) return null; // IN (): nothing matches
      for (const v of value) params.push(driver.preparePersistentValue(v, column));
      parts.push({ name: column.databaseName, arity: value.length });
    } else if (value === null) parts.push({ name: column.databaseName, arity: 'null' });
    else {
      params.push(driver.preparePersistentValue(value, column));
      parts.push({ name: column.databaseName, arity: 'one' });
    }
  }
  return {
    key: parts.map((c) => `${c.name}:${c.arity}`).join(';'),
    params,
    sql: () =>
      parts.map(({ name, arity }) => {
        const col = driver.escape(name);
        return arity === 'null' ? `${col} IS NULL` : arity === 'one' ? `${col} = ?` : `${col} IN (${Array.from({ length: arity }, () => '?').join(', ')})`;
      }),
  };
}

/** Statements built once per entity and shape (plainFind, plainInsert, plainUpdate). */
const statements = new WeakMap<EntityMetadata, Map<string, Shape>>();

function statement(meta: EntityMetadata, key: string, build: () => Shape): Shape {
  let byKey = statements.get(meta);
  if (!byKey) statements.set(meta, (byKey = new Map()));
  let shape = byKey.get(key);
  if (!shape) byKey.set(key, (shape = build()));
  return shape;
}

/** A row as the entity (or its given columns), each value as TypeORM hydrates it. */
function hydrate(manager: EntityManager, columns: Shape['columns'], row: Record<string, unknown>, proto: object): Record<string, unknown> {
  const e = Object.create(proto) as Record<string, unknown>;
  for (const { key, column } of columns) e[column.propertyName] = manager.connection.driver.prepareHydratedValue(row[key], column);
  return e;
}

/**
 * The hottest reads and writes (checkout, every member request) in plain SQL: TypeORM's `find()` and query
 * builder spend 0.3–0.6 ms of CPU per statement building the SQL and mapping aliases, where the
 * same statement sent with `manager.query()` costs 0.1 ms (issue 23's profile). The statement is
 * built once per shape (entity, columns, condition keys, list lengths, order, limit) from the
 * entity's metadata, with the driver's quoting, and cached; each row is hydrated as TypeORM does it
 * (the driver's `prepareHydratedValue`: dates, JSON, transformers), so the result is the entity
 * `find()` would return with those columns. Runs in the manager's transaction, if any.
 */
export async function plainFind<E extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<E>, q: PlainFind<E>): Promise<E[]> {
  const meta = manager.connection.getMetadata(entity);
  const where = conditions(manager, meta, q.where);
  if (!where) return [];
  const key = `select|${(q.select ?? []).join(',')}|${(q.order ?? []).map(([c, d]) => `${c} ${d}`).join(',')}|${q.limit ?? ''}|${where.key}`;
  const shape = statement(meta, key, () => {
    const esc = (name: string) => manager.connection.driver.escape(name);
    const selected = q.select ? q.select.map((p) => columnOf(meta, p)) : meta.columns.filter((c) => !c.embeddedMetadata && !c.isVirtual);
    const columns = selected.map((column) => ({ key: column.databaseName, column }));
    const conds = where.sql();
    let sql = `SELECT ${columns.map((c) => esc(c.key)).join(', ')} FROM ${esc(meta.tablePath)}`;
    if (conds.length) sql += ` WHERE ${conds.join(' AND ')}`;
    if (q.order?.length) sql += ` ORDER BY ${q.order.map(([p, d]) => `${esc(columnOf(meta, p).databaseName)} ${d}`).join(', ')}`;
    if (q.limit !== undefined) sql += ` LIMIT ${Math.floor(q.limit)}`;
    return { sql, columns };
  });
  const rows = (await manager.query(shape.sql, where.params)) as Record<string, unknown>[];
  const proto = typeof meta.target === 'function' ? (meta.target.prototype as object) : Object.prototype;
  return rows.map((row) => hydrate(manager, shape.columns, row, proto) as E);
}

/** The first row of a plainFind (LIMIT 1), or null. */
export async function plainFindOne<E extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<E>, q: Omit<PlainFind<E>, 'limit'>): Promise<E | null> {
  return (await plainFind(manager, entity, { ...q, limit: 1 }))[0] ?? null;
}

function columnOf(meta: EntityMetadata, prop: string): ColumnMetadata {
  const column = meta.findColumnWithPropertyPath(prop);
  if (!column || column.embeddedMetadata || column.isVirtual) throw new Error(`plainFind: ${meta.name}.${prop} is not a plain column`);
  return column;
}

/** What plainInsert may do besides inserting. */
export interface PlainInsertOptions<E> {
  /** A row whose unique key is taken is skipped (MariaDB `INSERT IGNORE`, SQLite `INSERT OR IGNORE`). */
  ignore?: boolean;
  /** Columns to read back from the inserted rows (`RETURNING`: MariaDB ≥ 10.5, SQLite ≥ 3.35); a skipped row returns none. */
  returning?: readonly (keyof E & string)[];
}

/**
 * INSERT of `rows` (the properties given; the others take their database default) in plain SQL,
 * as plainFind reads: TypeORM's insert query builder re-renders a many-column statement (the order:
 * 40 columns) through its alias replacement on every call. Values are converted as TypeORM persists
 * them (`preparePersistentValue`: JSON, dates, transformers). A property some rows leave out is
 * NULL in them when the column is nullable without a default (else refused). Returns the `returning`
 * columns of the rows inserted, hydrated.
 */
export async function plainInsert<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  rows: readonly Partial<E>[],
  opts: PlainInsertOptions<E> = {},
): Promise<Partial<E>[]> {
  if (rows.length === 0) return [];
  const meta = manager.connection.getMetadata(entity);
  const driver = manager.connection.driver;
  const props = [...new Set(rows.flatMap((r) => Object.keys(r).filter((p) => r[p] !== undefined)))];
  const columns = props.map((p) => columnOf(meta, p));
  const key = `insert|${props.join(',')}|${rows.length}|${opts.ignore ? 'ignore' : ''}|${(opts.returning ?? []).join(',')}`;
  const shape = statement(meta, key, () => {
    const esc = (name: string) => driver.escape(name);
    const tuple = `(${props.map(() => '?').join(', ')})`;
    const back = (opts.returning ?? []).map((p) => columnOf(meta, p));
    let sql = `${opts.ignore ? insertIgnore(manager) : 'INSERT'} INTO ${esc(meta.tablePath)} (${columns.map((c) => esc(c.databaseName)).join(', ')}) VALUES ${Array.from({ length: rows.length }, () => tuple).join(', ')}`;
    if (back.length) sql += ` RETURNING ${back.map((c) => esc(c.databaseName)).join(', ')}`;
    return { sql, columns: back.map((column) => ({ key: column.databaseName, column })) };
  });
  const params: unknown[] = [];
  for (const row of rows) {
    columns.forEach((column, i) => {
      let value = row[props[i]] as Scalar | undefined;
      // Another row gives it: NULL where that is the column's default, else the rows must agree.
      if (value === undefined && column.isNullable && column.default === undefined) value = null;
      if (value === undefined) throw new Error(`plainInsert: every row must give ${meta.name}.${props[i]}`);
      params.push(driver.preparePersistentValue(value, column));
    });
  }
  const result: unknown = await manager.query(shape.sql, params);
  if (!opts.returning?.length) return [];
  return (result as Record<string, unknown>[]).map((row) => hydrate(manager, shape.columns, row, Object.prototype) as Partial<E>);
}

/**
 * A statement that changes rows, in plain SQL with `?` parameters (values as the driver takes them:
 * numbers, strings; dates through plainUpdate), in the manager's transaction if any: how many rows
 * it changed (MariaDB affectedRows, SQLite changes), as TypeORM's update() reports it.
 */
export async function plainExecute(manager: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const own = manager.queryRunner === undefined;
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const result = (await runner.query(sql, params, true)) as QueryResult;
    return result.affected ?? 0;
  } finally {
    if (own) await runner.release();
  }
}

/**
 * `UPDATE … SET` the properties of `set` (converted as TypeORM persists them; the entity's update
 * date column is set to CURRENT_TIMESTAMP unless given, as TypeORM's update() does) `WHERE` the
 * conditions of a plainFind, and `and` (a fixed SQL condition without parameters) if given. Returns
 * how many rows changed.
 */
export async function plainUpdate<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  set: { [K in keyof E & string]?: Scalar },
  where: PlainFind<E>['where'],
  and?: string,
): Promise<number> {
  const meta = manager.connection.getMetadata(entity);
  const driver = manager.connection.driver;
  const cond = conditions(manager, meta, where);
  if (!cond) return 0;
  const setColumns = Object.keys(set)
    .filter((p) => set[p as keyof typeof set] !== undefined)
    .map((p) => columnOf(meta, p));
  const params = [...setColumns.map((c) => driver.preparePersistentValue(set[c.propertyName as keyof typeof set], c)), ...cond.params];
  const key = `update|${setColumns.map((c) => c.propertyName).join(',')}|${and ?? ''}|${cond.key}`;
  const { sql } = statement(meta, key, () => {
    const esc = (name: string) => driver.escape(name);
    const sets = setColumns.map((c) => `${esc(c.databaseName)} = ?`);
    const updated = meta.updateDateColumn;
    if (updated && !setColumns.includes(updated)) sets.push(`${esc(updated.databaseName)} = CURRENT_TIMESTAMP`);
    const conds = [...cond.sql(), ...(and ? [`(${and})`] : [])];
    return { sql: `UPDATE ${esc(meta.tablePath)} SET ${sets.join(', ')}${conds.length ? ` WHERE ${conds.join(' AND ')}` : ''}`, columns: [] };
  });
  return plainExecute(manager, sql, params);
}
