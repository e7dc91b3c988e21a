import { HttpStatus, Injectable } from '@nestjs/common';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { In } from 'typeorm';
import type {
  ProductCsvCounts,
  ProductCsvImportAnswer,
  ProductCsvPlanRow,
  ProductCsvRowError,
} from '../../common/api/admin-catalog-csv';
import type { SessionAdmin } from '../../common/auth/admin-auth';
import { AppError } from '../../common/errors/app-error';
import { ok } from '../../common/http/envelope';
import { taipeiToday } from '../../common/time/taipei-time';
import { Transactions } from '../../common/transactions/transactions';
import { CATALOG_MSG, price, productProblems, wholeNumber } from '../../common/validation/admin-catalog';
import { CSV_LIMITS, CSV_MSG } from '../../common/validation/admin-catalog-csv';
import { AuditTrail } from '../audit/audit-trail.service';
import { AdminCatalogService } from './admin-catalog.service';
import { Product } from './entities/product.entity';
import { ProductMedia } from './entities/product-media.entity';
import { ProductType } from './entities/product-type.entity';
import { ProductVariant } from './entities/product-variant.entity';

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
 *   views_count sold_quantity            觀看數/已售數量: NOT EXPORTED (the shop keeps counting while the file is
 *                   out, so a re-import would turn them back); a file may add these columns: whole numbers | empty (= keep; new: 0)
 *   variant_id      規格編號  empty = a new variant; else one of THIS product's variants
 *   variant_name    規格名稱
 *   quantity        庫存      the variant's stock (≥ 0)
 *   original_price  原價      NT$, whole, > 0 ("1,200" accepted)
 *   discount_price  折扣價    NT$, whole, > 0, ≤ 原價
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
  views_count: '觀看數',
  sold_quantity: '已售數量',
  variant_id: '規格編號',
  variant_name: '規格名稱',
  quantity: '庫存',
  original_price: '原價',
  discount_price: '折扣價',
} as const;
export type CsvColumn = keyof typeof CSV_COLUMNS;
const COLUMNS = Object.keys(CSV_COLUMNS) as CsvColumn[];
/** The export's columns: the counters the shop keeps moving are left out (see above). */
export const EXPORT_COLUMNS = COLUMNS.filter((c) => c !== 'views_count' && c !== 'sold_quantity');
const PRODUCT_COLUMNS = COLUMNS.slice(0, COLUMNS.indexOf('variant_id'));
const VARIANT_COLUMNS = COLUMNS.slice(COLUMNS.indexOf('variant_id'));
const FLAGS = ['is_active', 'is_new', 'is_hot', 'is_manager'] as const;
/** A new product's flags when the cell is empty (those of createOrUpdateProduct). */
const NEW_FLAGS: Record<(typeof FLAGS)[number], number> = { is_active: 1, is_new: 1, is_hot: 0, is_manager: 0 };
const OPTIONAL = new Set<CsvColumn>([...FLAGS, 'views_count', 'sold_quantity']);
const TEXT = new Set<CsvColumn>(['title', 'category', 'unit', 'description', 'image_url', 'media_urls', 'seo_description', 'variant_name']);


/** A data row: its first line in the file (header = 1) and its trimmed cells by column. */
export interface CsvRow {
  line: number;
  v: Record<CsvColumn, string>;
}

interface PlannedProduct {
  row: ProductCsvPlanRow;
  /** The createOrUpdateProduct body. */
  body: Record<string, unknown>;
}

const FORMULA = /^[=+\-@\t\r]/;
const guard = (s: string) => (FORMULA.test(s) ? `'${s}` : s);
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

/** Parses the file into data rows (blank rows skipped); file-level problems throw their zh-TW message. */
export function readCsv(buf: Buffer): CsvRow[] {
  if (buf.length > CSV_LIMITS.bytes) throw new AppError(CSV_MSG.tooLarge, HttpStatus.PAYLOAD_TOO_LARGE);
  const text = decodeCsv(buf);
  if (text === null) throw new AppError(CSV_MSG.encoding);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, { info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof records;
  } catch (err) {
    const line = Number((err as { lines?: unknown }).lines) || 1;
    throw new AppError(CSV_MSG.unreadable(line));
  }
  // A record's first line: its end line less the line breaks inside its quoted cells.
  const startLine = (r: { record: string[]; info: { lines: number } }) => r.info.lines - r.record.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);
  const [head, ...data] = records.filter((r) => r.record.some((c) => c.trim() !== ''));
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
  if (data.length > CSV_LIMITS.rows) throw new AppError(CSV_MSG.tooManyRows(data.length));

  return data.map((r) => {
    const v = {} as Record<CsvColumn, string>;
    for (const c of COLUMNS) {
      const i = index.get(c);
      const cell = i === undefined ? '' : (r.record[i] ?? '').trim();
      v[c] = TEXT.has(c) ? unguard(cell) : cell;
    }
    return { line: startLine(r), v };
  });
}

/** Products of the file: rows of one id together; consecutive new rows of one title together. */
function groupRows(rows: CsvRow[], errors: ProductCsvRowError[]): Array<{ id: number | null; rows: CsvRow[] }> {
  const groups: Array<{ id: number | null; rows: CsvRow[] }> = [];
  const byId = new Map<number, { id: number; rows: CsvRow[] }>();
  let lastNew: { id: null; rows: CsvRow[] } | null = null;
  for (const r of rows) {
    if (r.v.product_id !== '') {
      lastNew = null;
      const id = wholeNumber(r.v.product_id);
      if (!id) {
        errors.push({ line: r.line, field: 'product_id', message: CSV_MSG.productId });
        continue;
      }
      let g = byId.get(id);
      if (!g) {
        g = { id, rows: [] };
        byId.set(id, g);
        groups.push(g);
      }
      g.rows.push(r);
    } else if (lastNew && (r.v.title === '' || r.v.title === lastNew.rows[0].v.title)) {
      lastNew.rows.push(r);
    } else {
      lastNew = { id: null, rows: [r] };
      groups.push(lastNew);
    }
  }
  return groups;
}

/** `product_variants.1.quantity` → the CSV line and column of that problem. */
function locate(field: string, first: CsvRow, variantRows: CsvRow[]): { line: number; field: string } {
  const m = /^product_variants\.(\d+)\.(\w+)$/.exec(field);
  if (m) return { line: variantRows[Number(m[1])]?.line ?? first.line, field: m[2] };
  if (field.startsWith('product_media')) return { line: first.line, field: 'media_urls' };
  if (field === 'product_variants') return { line: first.line, field: 'variant_name' };
  if (field === 'product_type') return { line: first.line, field: 'category' };
  return { line: first.line, field };
}

const byOrder = <T extends { id: number }>(key: (x: T) => number) => (a: T, b: T) => key(a) - key(b) || a.id - b.id;

@Injectable()
export class AdminCatalogCsvService {
  constructor(
    private readonly tx: Transactions,
    private readonly catalog: AdminCatalogService,
    private readonly audit: AuditTrail,
  ) {}

  /** Every product (hidden ones too), one row per active variant (a product without one: one row, variant cells empty). */
  async exportCsv(now = new Date()): Promise<{ filename: string; body: Buffer }> {
    const [products, variants, media, types] = await Promise.all([
      this.tx.repo(Product).find({ order: { id: 'ASC' } }),
      this.tx.repo(ProductVariant).find({ where: { is_active: 1 }, order: { product_id: 'ASC', sort_order: 'ASC', id: 'ASC' } }),
      this.tx.repo(ProductMedia).find({ order: { product_id: 'ASC', ordering: 'ASC', id: 'ASC' } }),
      this.tx.repo(ProductType).find(),
    ]);
    const typeName = new Map(types.map((t) => [t.id, t.type_name]));
    const variantsOf = groupBy(variants, (v) => v.product_id);
    const mediaOf = groupBy(media, (m) => m.product_id);
    const out: string[][] = [EXPORT_COLUMNS.slice()];
    for (const p of products) {
      const base: Record<CsvColumn, string | number> = {
        product_id: p.id,
        title: p.title,
        category: (p.product_type && typeName.get(p.product_type)) || '',
        unit: p.unit,
        description: p.description,
        image_url: p.image_url,
        media_urls: (mediaOf.get(p.id) ?? []).map((m) => m.media_url).join('|'),
        seo_description: p.seo_description ?? '',
        is_active: Number(p.is_active),
        is_new: Number(p.is_new),
        is_hot: Number(p.is_hot),
        is_manager: Number(p.is_manager),
        views_count: '',
        sold_quantity: '',
        variant_id: '',
        variant_name: '',
        quantity: '',
        original_price: '',
        discount_price: '',
      };
      const vs = variantsOf.get(p.id) ?? [];
      const rows = vs.length
        ? vs.map((v) => ({
            ...base,
            variant_id: v.id,
            variant_name: v.variant_name,
            quantity: Number(v.quantity),
            original_price: Number(v.original_price),
            discount_price: Number(v.discount_price),
          }))
        : [base];
      for (const r of rows) out.push(EXPORT_COLUMNS.map((c) => (TEXT.has(c) ? guard(String(r[c])) : String(r[c]))));
    }
    const csv = stringify(out, { record_delimiter: 'windows' });
    return { filename: `products-${taipeiToday(now)}.csv`, body: Buffer.from(`\uFEFF${csv}`, 'utf8') };
  }

  /** Dry run: what would happen, with every row error; writes nothing. Commit: all or nothing. */
  async import(admin: SessionAdmin, file: Buffer | undefined, dryRun: boolean): Promise<ProductCsvImportAnswer> {
    if (!file || file.length === 0) throw new AppError(CSV_MSG.noFile);
    const rows = readCsv(file);
    if (dryRun) {
      const { planned, errors, counts } = await this.plan(rows);
      return ok(
        { dryRun: true, rows: rows.length, counts, products: planned.map((p) => p.row), errors },
        errors.length ? CSV_MSG.previewErrors(errors.length) : CSV_MSG.previewOk,
      );
    }
    const done = await this.tx.run(async () => {
      const plan = await this.plan(rows);
      const answer = { dryRun: false, rows: rows.length, counts: plan.counts, products: plan.planned.map((p) => p.row), errors: plan.errors };
      if (plan.errors.length) throw new AppError(CSV_MSG.refused(plan.errors.length, plan.errors[0]), HttpStatus.BAD_REQUEST, answer);
      for (const p of plan.planned) {
        if (p.row.action === 'unchanged') continue;
        try {
          const saved = await this.catalog.save(admin, p.body);
          if (p.row.action === 'create') p.row.product_id = saved.product_id ?? null;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const e = { line: p.row.line, field: 'product_id', message: err.message };
          throw new AppError(CSV_MSG.refused(1, e), err.getStatus(), { ...answer, errors: [e] });
        }
      }
      if (plan.counts.create + plan.counts.update > 0) {
        await this.audit.record({
          admin,
          action: 'product.import',
          entity: 'product',
          entityId: 'csv',
          after: { rows: rows.length, ...plan.counts },
          summary: `匯入商品 CSV：新增 ${plan.counts.create}、更新 ${plan.counts.update}`,
        });
      }
      return { ...answer, products: plan.planned.map((p) => p.row) };
    });
    return ok(done, CSV_MSG.imported(done.counts));
  }

  /** Checks every row against the database and the form's rules; answers the bodies to save. */
  async plan(rows: CsvRow[]): Promise<{ planned: PlannedProduct[]; errors: ProductCsvRowError[]; counts: ProductCsvCounts }> {
    const errors: ProductCsvRowError[] = [];
    const groups = groupRows(rows, errors);
    const ids = groups.map((g) => g.id).filter((id): id is number => id !== null);
    const [types, products, variants, media] = await Promise.all([
      this.tx.repo(ProductType).find(),
      this.inChunks(ids, (chunk) => this.tx.repo(Product).find({ where: { id: In(chunk) } })),
      this.inChunks(ids, (chunk) => this.tx.repo(ProductVariant).find({ where: { product_id: In(chunk) } })),
      this.inChunks(ids, (chunk) => this.tx.repo(ProductMedia).find({ where: { product_id: In(chunk) } })),
    ]);
    const productById = new Map(products.map((p) => [p.id, p]));
    const variantsOf = groupBy(variants.sort(byOrder((v) => v.sort_order)), (v) => v.product_id);
    const mediaOf = groupBy(media.sort(byOrder((m) => m.ordering)), (m) => m.product_id);

    const planned: PlannedProduct[] = [];
    for (const g of groups) {
      const first = g.rows[0];
      const err = (line: number, field: string, message: string) => errors.push({ line, field, message });
      const existing = g.id === null ? null : productById.get(g.id);
      if (g.id !== null && !existing) {
        err(first.line, 'product_id', CATALOG_MSG.productNotFound);
        continue;
      }
      const before = errors.length;
      for (const r of g.rows.slice(1))
        for (const c of PRODUCT_COLUMNS) if (c !== 'product_id' && r.v[c] !== '' && r.v[c] !== first.v[c]) err(r.line, c, CSV_MSG.notSameProduct(first.line));
      const p = first.v;

      let typeId = 0;
      let typeRefused = false;
      if (p.category !== '') {
        const match = types.filter((t) => t.type_name.trim() === p.category);
        if (match.length === 1) typeId = match[0].id;
        else {
          typeRefused = true;
          err(first.line, 'category', match.length ? CSV_MSG.categoryAmbiguous(p.category) : CSV_MSG.categoryNotFound(p.category));
        }
      }
      const flags = {} as Record<(typeof FLAGS)[number], number>;
      for (const f of FLAGS) {
        if (p[f] === '') flags[f] = existing ? Number(existing[f]) : NEW_FLAGS[f];
        else if (p[f] === '0' || p[f] === '1') flags[f] = Number(p[f]);
        else err(first.line, f, CSV_MSG.flag);
      }
      const oldMedia = existing ? (mediaOf.get(existing.id) ?? []) : [];
      const productMedia = p.media_urls
        .split('|')
        .map((u) => u.trim())
        .filter(Boolean)
        .map((url, i) => ({ media_url: url, ordering: i, is_active: Number(oldMedia.find((m) => m.media_url === url)?.is_active ?? 1) }));

      const current = existing ? (variantsOf.get(existing.id) ?? []) : [];
      const variantRows = g.rows.filter((r) => VARIANT_COLUMNS.some((c) => r.v[c] !== ''));
      const seen = new Set<number>();
      const productVariants = variantRows.map((r) => {
        let id: number | undefined;
        if (r.v.variant_id !== '') {
          const vid = wholeNumber(r.v.variant_id);
          if (!vid) err(r.line, 'variant_id', CSV_MSG.variantId);
          else if (!existing) err(r.line, 'variant_id', CSV_MSG.newProductVariantId);
          else if (!current.some((c) => c.id === vid)) err(r.line, 'variant_id', CSV_MSG.variantNotFound);
          else if (seen.has(vid)) err(r.line, 'variant_id', CSV_MSG.variantTwice);
          else seen.add((id = vid));
        }
        return { id, variant_name: r.v.variant_name, quantity: r.v.quantity, original_price: r.v.original_price, discount_price: r.v.discount_price };
      });

      const body: Record<string, unknown> = {
        product_id: existing?.id ?? 0,
        seo_description: p.seo_description,
        product_type: typeId,
        title: p.title,
        description: p.description,
        unit: p.unit,
        views_count: p.views_count === '' ? Number(existing?.views_count ?? 0) : p.views_count,
        sold_quantity: p.sold_quantity === '' ? Number(existing?.sold_quantity ?? 0) : p.sold_quantity,
        image_url: p.image_url,
        ...flags,
        product_media: productMedia,
        product_variants: productVariants,
      };
      for (const problem of productProblems(body)) {
        if (problem.field === 'product_type' && typeRefused) continue;
        const at = locate(problem.field, first, variantRows);
        err(at.line, at.field, problem.message);
      }
      if (errors.length > before) continue;

      const changes = existing ? this.changes(existing, body, oldMedia, current) : [];
      planned.push({
        body,
        row: {
          line: first.line,
          product_id: existing?.id ?? null,
          action: !existing ? 'create' : changes.length ? 'update' : 'unchanged',
          title: p.title,
          variants: variantRows.length,
          changes,
        },
      });
    }
    errors.sort((a, b) => a.line - b.line);
    const counts: ProductCsvCounts = { create: 0, update: 0, unchanged: 0 };
    for (const p of planned) counts[p.row.action] += 1;
    return { planned, errors, counts };
  }

  /** What a save of `body` would change on `p` (zh-TW column labels); empty when nothing. */
  private changes(p: Product, body: Record<string, unknown>, oldMedia: ProductMedia[], current: ProductVariant[]): string[] {
    const out = new Set<string>();
    const same = (a: unknown, b: unknown) => String(a ?? '').trim() === String(b ?? '').trim();
    if (Number(p.product_type) !== body.product_type) out.add(CSV_COLUMNS.category);
    for (const c of ['title', 'description', 'unit', 'image_url', 'seo_description', 'views_count', 'sold_quantity', ...FLAGS] as const) {
      if (!same(p[c], body[c])) out.add(CSV_COLUMNS[c]);
    }
    const media = body.product_media as Array<{ media_url: string; is_active: number }>;
    const mediaKey = (m: { media_url: string; is_active: number }) => `${m.media_url}\u0000${Number(m.is_active)}`;
    if (media.map(mediaKey).join('\n') !== oldMedia.map(mediaKey).join('\n')) out.add(CSV_COLUMNS.media_urls);

    const rows = body.product_variants as Array<{ id?: number; variant_name: string; quantity: string; original_price: string; discount_price: string }>;
    const active = current.filter((c) => Number(c.is_active) === 1);
    for (const v of rows) {
      const c = v.id ? current.find((x) => x.id === v.id) : undefined;
      if (!c || Number(c.is_active) !== 1) {
        out.add('新增規格');
        continue;
      }
      if (!same(c.variant_name, v.variant_name)) out.add(CSV_COLUMNS.variant_name);
      if (Number(c.quantity) !== wholeNumber(v.quantity)) out.add(CSV_COLUMNS.quantity);
      if (Number(c.original_price) !== price(v.original_price) || Number(c.discount_price) !== price(v.discount_price)) out.add('價格');
    }
    if (active.some((c) => !rows.some((v) => v.id === c.id))) out.add('停用規格');
    else if (!out.has('新增規格') && active.map((c) => c.id).join() !== rows.map((v) => v.id).join()) out.add('規格順序');
    return [...out];
  }

  /** `IN (…)` in slices (SQLite's and MariaDB's bound-parameter limits). */
  private async inChunks<T>(ids: number[], load: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
    const out: T[] = [];
    for (let i = 0; i < ids.length; i += 500) out.push(...(await load(ids.slice(i, i + 500))));
    return out;
  }
}

function groupBy<T>(items: T[], key: (x: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const x of items) {
    const list = out.get(key(x));
    if (list) list.push(x);
    else out.set(key(x), [x]);
  }
  return out;
}
