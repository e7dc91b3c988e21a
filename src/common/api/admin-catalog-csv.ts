import type { Envelope } from './envelope';

/**
 * Product CSV export / import answers (issue 12 "beyond the spec"). Types only; the columns, limits
 * and texts live in src/modules/catalog/admin-catalog-csv.service.ts.
 *
 * `GET /api/admin/products/export.csv` answers the file itself (UTF-8 with BOM, one row per variant).
 * `POST /api/admin/products/import` (multipart `file`, `dryRun` 1|0) answers ProductCsvImportAnswer.
 */

/** What the import does (or would do) to one product of the file. */
export type ProductCsvAction = 'create' | 'update' | 'unchanged';

export interface ProductCsvPlanRow {
  /** The product's first line in the file (the header is line 1). */
  line: number;
  /** The product id; null for a product the import creates (its id after a commit when created). */
  product_id: number | null;
  action: ProductCsvAction;
  title: string;
  /** Variant rows of this product in the file. */
  variants: number;
  /** What changes, in zh-TW words (商品名稱, 價格, 庫存, 新增規格 …); empty for create / unchanged. */
  changes: string[];
}

/** A refused cell: `line` in the file (header = 1), `field` = the CSV column name. */
export interface ProductCsvRowError {
  line: number;
  field: string;
  message: string;
}

export interface ProductCsvCounts {
  create: number;
  update: number;
  unchanged: number;
}

/**
 * The preview (dryRun=1, always 200 once the file is readable, `errors` may be non-empty) and the
 * commit (200 when every row passed and all was written; 400 with `errors` and nothing written).
 * File-level refusals (no file, too big, too many rows, unreadable CSV, missing columns) are
 * `{ success: false, message }` without these fields.
 */
export type ProductCsvImportAnswer = Envelope<{
  dryRun?: boolean;
  /** Data rows read (the header not counted). */
  rows?: number;
  counts?: ProductCsvCounts;
  products?: ProductCsvPlanRow[];
  errors?: ProductCsvRowError[];
}>;
