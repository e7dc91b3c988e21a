import { HttpStatus, Injectable } from '@nestjs/common';
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
import { CSV_MSG } from '../../common/validation/admin-catalog-csv';
import { cosmeticsErrors } from '../../common/validation/cosmetics-rules';
import { cosmeticsOf } from './cosmetics';
import { AuditTrail } from '../audit/audit-trail.service';
import { AdminCatalogService } from './admin-catalog.service';
import { COSMETICS_COLUMNS, CSV_COLUMNS, EXPORT_COLUMNS, FLAGS, guard, NEW_FLAGS, PRODUCT_COLUMNS, readCsv, TEXT, VARIANT_COLUMNS, type CsvColumn, type CsvRow } from './admin-catalog-csv.reader';
import { Product } from './entities/product.entity';
import { ProductMedia } from './entities/product-media.entity';
import { ProductType } from './entities/product-type.entity';
import { ProductVariant } from './entities/product-variant.entity';

/** The file's format and its reading: admin-catalog-csv.reader.ts. */
interface PlannedProduct {
  row: ProductCsvPlanRow;
  /** The createOrUpdateProduct body. */
  body: Record<string, unknown>;
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
        variant_id: '',
        variant_name: '',
        quantity: '',
        original_price: '',
        discount_price: '',
        ...cosmeticsOf(p),
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
        image_url: p.image_url,
        ...flags,
        product_media: productMedia,
        product_variants: productVariants,
      };
      // The label fields whose columns the file has (a column left out keeps the stored value).
      const cosmetics = Object.fromEntries(COSMETICS_COLUMNS.filter((c) => first.has.has(c)).map((c) => [c, p[c]]));
      if (Object.keys(cosmetics).length) body.cosmetics = cosmetics;
      for (const e of cosmeticsErrors(cosmetics)) err(first.line, e.field, e.message);
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
    for (const c of ['title', 'description', 'unit', 'image_url', 'seo_description', ...FLAGS] as const) {
      if (!same(p[c], body[c])) out.add(CSV_COLUMNS[c]);
    }
    const cosmetics = (body.cosmetics ?? {}) as Record<string, string>;
    const stored = cosmeticsOf(p);
    for (const c of COSMETICS_COLUMNS) if (c in cosmetics && !same(stored[c], cosmetics[c])) out.add(CSV_COLUMNS[c]);
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
