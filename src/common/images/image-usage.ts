import type { EntityManager } from 'typeorm';

/** A library image as the in-use check looks for it. */
export interface ImageRef {
  /** The image's public URL and its thumbnail's (a column holding either uses the image). */
  urls: string[];
  /** Its storage key (a random UUID name): found as a substring of saved HTML. */
  storageKey: string;
}

/**
 * One module's answer to "where is this library image used?" (labels such as `商品「名稱」`),
 * for the image library's delete check. Each module that stores image URLs provides one over its
 * own tables; the images module finds them all at start (every provider that extends this class)
 * and never names another module's table. Two passes, so the answer lists every direct use
 * (URL columns) before any use inside saved HTML, whatever module each comes from.
 */
export abstract class ImageUsageSource {
  /** Rows whose URL columns hold one of `ref.urls`. */
  abstract directUses(ref: ImageRef): Promise<string[]>;
  /** Rows whose saved HTML mentions `ref.storageKey`. */
  abstract htmlUses(ref: ImageRef): Promise<string[]>;
}

/** A table of the calling module with URL columns (`title`: the column naming the row in the label). */
export interface UrlColumns {
  table: string;
  columns: readonly string[];
  label: string;
  title?: string;
}

/** At most this many rows per table are named in an answer. */
const PER_TABLE = 5;

/** Rows of the module's own `tables` whose URL columns equal one of `urls`, as labels. */
export async function urlColumnUses(m: EntityManager, urls: readonly string[], tables: readonly UrlColumns[]): Promise<string[]> {
  const found: string[] = [];
  if (urls.length === 0) return found;
  for (const u of tables) {
    const where = u.columns.map((c) => urls.map(() => `${c} = ?`).join(' OR ')).join(' OR ');
    const params = u.columns.flatMap(() => urls);
    const rows: Record<string, unknown>[] = await m.query(`SELECT id${u.title ? `, ${u.title} AS title` : ''} FROM ${u.table} WHERE ${where} LIMIT ${PER_TABLE}`, params);
    for (const r of rows) found.push(label(u.label, r));
  }
  return found;
}

/**
 * Rows of the module's own `tables` whose HTML columns contain `storageKey`, as labels. The key is a
 * random UUID name: as a substring it cannot match anything else.
 */
export async function htmlColumnUses(m: EntityManager, storageKey: string, tables: readonly UrlColumns[]): Promise<string[]> {
  const found: string[] = [];
  const like = `%${storageKey.replace(/[!%_]/g, (c) => `!${c}`)}%`;
  for (const u of tables) {
    const where = u.columns.map((c) => `${c} LIKE ? ESCAPE '!'`).join(' OR ');
    const rows: Record<string, unknown>[] = await m.query(
      `SELECT id${u.title ? `, ${u.title} AS title` : ''} FROM ${u.table} WHERE ${where} LIMIT ${PER_TABLE}`,
      u.columns.map(() => like),
    );
    for (const r of rows) found.push(label(u.label, r));
  }
  return found;
}

function label(kind: string, r: Record<string, unknown>): string {
  return r.title ? `${kind}「${String(r.title)}」` : `${kind} #${String(r.id)}`;
}
