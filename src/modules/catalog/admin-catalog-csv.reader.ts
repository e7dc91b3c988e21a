import { HttpStatus } from '@nestjs/common';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../common/errors/app-error';
import { CSV_LIMITS, CSV_MSG } from '../../common/validation/admin-catalog-csv';

/*
 * Product CSV (issue 12 "beyond the spec"): UTF-8 with a BOM (Excel zh-TW opens it as UTF-8), CRLF
 * rows, ONE ROW PER VARIANT. The header row holds the column keys below (on import a header may also
 * be the zh-TW label; unknown columns are ignored, so a notes column is fine).
 *
 *   product_id      商品編號  empty = a new product; a number = that product (update)
 *   title           商品名稱
 *   category        分類      the category's NAME (exact, as in 類別管理); not its id
 *   unit            單位
 *   description     商品描述
 *   image_url       商品主圖  http(s)://… or /media/…
 *   media_urls      商品媒體  URLs separated by `|`, in display order (a URL already on the product keeps its on/off flag)
 *   seo_description SEO描述   may be empty
 *   is_active is_new is_hot is_manager   上架/新品/熱銷/店長推薦: 1 | 0 | empty (= keep; a new product: 1,1,0,0)
 *   (觀看數 / 已售數量 are the shop's own counts, never typed: not exported, and a file's such columns are
 *   ignored like any unknown column — docs/decisions/0057-real-social-proof.md)
 *   variant_id      規格編號  empty = a new variant; else one of THIS product's variants
 *   variant_name    規格名稱
 *   quantity        庫存      the variant's stock (≥ 0)
 *   original_price  原價      NT$, whole, > 0 ("1,200" accepted)
 *   discount_price  折扣價    NT$, whole, > 0, ≤ 原價
 *   registration_no volume ingredients usage warnings shelf_life origin maker   (issue 22 §5, optional, last so
 *                   older files and positional rows still read) 化粧品產品登錄編號/容量/全成分/使用方法/注意事項/
 *                   保存期限/產地/製造或輸入業者: product columns like the ones above; a column left out of
 *                   the file keeps the stored value, an empty cell of a present column clears it
 *
 * The product columns are repeated on each variant row of the product; on the 2nd… row they may be left
 * empty, and when filled they must equal the first row's. Rows of one product id are gathered wherever
 * they are; consecutive rows with an empty product_id and the same (or an empty) title are ONE new product.
 * A variant of an existing product missing from the file is deactivated (exactly as a form save does);
 * a product missing from the file is left alone (the import never deletes). Every product is checked with
 * productProblems (the form's rules and texts) and written through AdminCatalogService.save, so audit,
 * events and cache drops are those of a single save; all products in ONE transaction (any error: none).
 * Products whose every value equals the database are reported `unchanged` and not written.
 * Cells starting with = + - @ are exported behind a `'` (spreadsheet formula guard), removed on import.
 */
export const CSV_COLUMNS = {
  product_id: '商品編號',
  title: '商品名稱',
  category: '分類',
  unit: '單位',
  description: '商品描述',
  image_url: '商品主圖',
  media_urls: '商品媒體',
  seo_description: 'SEO描述',
  is_active: '上架',
  is_new: '新品',
  is_hot: '熱銷',
  is_manager: '店長推薦',
  variant_id: '規格編號',
  variant_name: '規格名稱',
  quantity: '庫存',
  original_price: '原價',
  discount_price: '折扣價',
  registration_no: '化粧品產品登錄編號',
  volume: '容量',
  ingredients: '全成分',
  usage: '使用方法',
  warnings: '注意事項',
  shelf_life: '保存期限',
  origin: '產地',
  maker: '製造或輸入業者',
} as const;
export type CsvColumn = keyof typeof CSV_COLUMNS;
export const COLUMNS = Object.keys(CSV_COLUMNS) as CsvColumn[];
/** The export's columns. */
export const EXPORT_COLUMNS = COLUMNS;
/** The cosmetics law's label fields (product columns, optional, after the variant columns). */
export const COSMETICS_COLUMNS = ['registration_no', 'volume', 'ingredients', 'usage', 'warnings', 'shelf_life', 'origin', 'maker'] as const satisfies readonly CsvColumn[];
export const VARIANT_COLUMNS = COLUMNS.slice(COLUMNS.indexOf('variant_id'), COLUMNS.indexOf('discount_price') + 1);
export const PRODUCT_COLUMNS = [...COLUMNS.slice(0, COLUMNS.indexOf('variant_id')), ...COSMETICS_COLUMNS];
export const FLAGS = ['is_active', 'is_new', 'is_hot', 'is_manager'] as const;
/** A new product's flags when the cell is empty (those of createOrUpdateProduct). */
export const NEW_FLAGS: Record<(typeof FLAGS)[number], number> = { is_active: 1, is_new: 1, is_hot: 0, is_manager: 0 };
const OPTIONAL = new Set<CsvColumn>([...FLAGS, ...COSMETICS_COLUMNS]);
export const TEXT = new Set<CsvColumn>(['title', 'category', 'unit', 'description', 'image_url', 'media_urls', 'seo_description', 'variant_name', ...COSMETICS_COLUMNS]);

/** A data row: its first line in the file (header = 1) and its trimmed cells by column. */
export interface CsvRow {
  line: number;
  v: Record<CsvColumn, string>;
  /** The columns the file has (an optional one left out reads as '' in `v`). */
  has: ReadonlySet<CsvColumn>;
}

const FORMULA = /^[=+\-@\t\r]/;
export const guard = (s: string) => (FORMULA.test(s) ? `'${s}` : s);
const unguard = (s: string) => (s.startsWith("'") && FORMULA.test(s.slice(1)) ? s.slice(1) : s);

/** The bytes as text: UTF-8 (BOM or not), else Big5 (Excel zh-TW's plain "CSV" save); null when neither. */
export function decodeCsv(buf: Buffer): string | null {
  for (const enc of ['utf-8', 'big5']) {
    try {
      return new TextDecoder(enc, { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
    } catch {
      /* next encoding */
    }
  }
  return null;
}

/** Refuses the file from inside the parser (thrown by `on_record`, so the parse stops at that record). */
class CsvBoundPassed extends Error {}

/**
 * Parses the file into data rows (blank rows skipped); file-level problems throw their zh-TW message.
 *
 * Bounded WHILE parsing (issue 19 §8: a 2 MB file of 1,000,000 short rows was parsed whole before the
 * 2,000-row cap, which took the process past its heap): each record is counted as the parser emits it
 * and nothing is kept beyond the cap, so the parse stops at the first record past
 * - CSV_LIMITS.rows data rows (+ the header),
 * - CSV_LIMITS.records records in all (rows whose every cell is empty count here, not above),
 * - CSV_LIMITS.columns cells in one record, or CSV_LIMITS.recordChars characters in one record
 *   (csv-parse's max_record_size, checked as the cell is read).
 */
export function readCsv(buf: Buffer): CsvRow[] {
  if (buf.length > CSV_LIMITS.bytes) throw new AppError(CSV_MSG.tooLarge, HttpStatus.PAYLOAD_TOO_LARGE);
  const text = decodeCsv(buf);
  if (text === null) throw new AppError(CSV_MSG.encoding);
  // A record's first line: its end line less the line breaks inside its quoted cells.
  const startLine = (record: string[], endLine: number) => endLine - record.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);
  const kept: Array<{ record: string[]; line: number }> = [];
  let records = 0;
  try {
    parse(text, {
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: CSV_LIMITS.recordChars,
      // Each record as it is read (its end line in `info.lines`); answering null keeps nothing in the parser.
      on_record: (record, info) => {
        records += 1;
        if (records > CSV_LIMITS.records) throw new CsvBoundPassed(CSV_MSG.tooManyRows);
        if (record.length > CSV_LIMITS.columns) throw new CsvBoundPassed(CSV_MSG.tooManyColumns);
        if (!record.some((c) => c.trim() !== '')) return null;
        // kept[0] is the header: one more than header + the cap is the first row too many.
        if (kept.length > CSV_LIMITS.rows) throw new CsvBoundPassed(CSV_MSG.tooManyRows);
        kept.push({ record, line: startLine(record, info.lines) });
        return null;
      },
    });
  } catch (err) {
    if (err instanceof CsvBoundPassed) throw new AppError(err.message);
    const line = Number((err as { lines?: unknown }).lines) || 1;
    if ((err as { code?: unknown }).code === 'CSV_MAX_RECORD_SIZE') throw new AppError(CSV_MSG.recordTooLong(line));
    throw new AppError(CSV_MSG.unreadable(line));
  }
  const [head, ...data] = kept;
  if (!head) throw new AppError(CSV_MSG.empty);

  const byName = new Map<string, CsvColumn>();
  for (const c of COLUMNS) {
    byName.set(c, c);
    byName.set(CSV_COLUMNS[c], c);
  }
  const index = new Map<CsvColumn, number>();
  head.record.forEach((h, i) => {
    const col = byName.get(h.trim().toLowerCase()) ?? byName.get(h.trim());
    if (!col) return;
    if (index.has(col)) throw new AppError(CSV_MSG.duplicateColumn(h.trim()));
    index.set(col, i);
  });
  const missing = COLUMNS.filter((c) => !OPTIONAL.has(c) && !index.has(c));
  if (missing.length) throw new AppError(CSV_MSG.missingColumns(missing));
  if (data.length === 0) throw new AppError(CSV_MSG.empty);

  const has: ReadonlySet<CsvColumn> = new Set(index.keys());
  return data.map((r) => {
    const v = {} as Record<CsvColumn, string>;
    for (const c of COLUMNS) {
      const i = index.get(c);
      const cell = i === undefined ? '' : (r.record[i] ?? '').trim();
      v[c] = TEXT.has(c) ? unguard(cell) : cell;
    }
    return { line: r.line, v, has };
  });
}
