import type { ProductCsvCounts, ProductCsvRowError } from '../api/admin-catalog-csv';

/**
 * Limits and texts of the product CSV import (issue 12), shared by the server
 * (src/modules/catalog/admin-catalog-csv.*) and the back office's CSV buttons (`@rules/admin-catalog-csv`).
 */
export const CSV_LIMITS = {
  bytes: 2 * 1024 * 1024,
  /** Data rows (the header not counted). */
  rows: 2000,
  /** Records of any kind, rows whose every cell is empty included (the parse stops at the next one). */
  records: 10_000,
  /** Cells in one record. */
  columns: 100,
  /** Characters in one record. */
  recordChars: 65_536,
} as const;

export const CSV_MSG = {
  noFile: '請選擇要匯入的 CSV 檔案',
  tooLarge: '檔案過大，上限為 2 MB',
  uploadFailed: '上傳失敗，請重新選擇檔案',
  /** Refused while parsing, at the first row past the cap (so the file's own count is not known). */
  tooManyRows: '資料列過多，上限為 2,000 列',
  tooManyColumns: 'CSV 欄位過多，每列上限為 100 欄',
  recordTooLong: (line: number) => `第 ${line} 行資料過長，每列上限為 65,536 字`,
  empty: 'CSV 檔案沒有商品資料',
  encoding: '無法辨識檔案編碼，請另存為「CSV UTF-8（逗號分隔）」後再匯入',
  unreadable: (line: number) => `無法讀取 CSV：第 ${line} 行格式錯誤（請確認引號成對）`,
  missingColumns: (cols: string[]) => `CSV 缺少欄位：${cols.join('、')}`,
  duplicateColumn: (col: string) => `CSV 欄位重複：${col}`,
  productId: '商品編號格式錯誤',
  variantId: '規格編號格式錯誤',
  variantNotFound: '找不到規格（規格編號不屬於此商品）',
  variantTwice: '規格編號重複',
  newProductVariantId: '新商品的規格編號須留空',
  categoryNotFound: (name: string) => `找不到類別「${name}」`,
  categoryAmbiguous: (name: string) => `類別名稱「${name}」重複，請先到類別管理改名`,
  flag: '請輸入 1 或 0',
  notSameProduct: (line: number) => `同一商品的商品欄位須與第 ${line} 行相同`,
  previewOk: '檢查完成，可以匯入',
  previewErrors: (n: number) => `檢查完成：共 ${n} 個錯誤，請修正後再匯入`,
  refused: (n: number, e: ProductCsvRowError) => `匯入失敗，未做任何變更：共 ${n} 個錯誤（第 ${e.line} 行 ${e.field}：${e.message}）`,
  imported: (c: ProductCsvCounts) => `匯入完成：新增 ${c.create} 項、更新 ${c.update} 項、未變更 ${c.unchanged} 項`,
} as const;
