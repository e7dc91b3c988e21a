import type { ProductCsvImportAnswer } from '@api/admin-catalog-csv';
import { adminApi, watchAdminSession } from '../../api/adminApi';

/** The exported file: its text (UTF-8 with BOM) and the server's file name. */
export interface ProductCsvFile {
  text: string;
  filename: string;
}

/** `attachment; filename="products-2026-11-26.csv"` → the name (a dated default when absent). */
export function attachmentName(disposition: string | null | undefined): string {
  const m = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return m ? m[1] : 'products.csv';
}

/** Product CSV export / import (issue 12; server: src/modules/catalog/admin-catalog-csv.*). */
export const productCsvApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/products/export.csv: a mutation (a download on demand, never cached). */
    exportProductsCsv: build.mutation<ProductCsvFile, void>({
      query: () => ({
        url: '/admin/products/export.csv',
        method: 'GET',
        responseHandler: (res) => (res.ok ? res.text() : res.json()),
      }),
      transformResponse: (text: string, meta) => ({ text, filename: attachmentName(meta?.response?.headers.get('Content-Disposition')) }),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
    /** POST /api/admin/products/import (multipart `file`, `dryRun` 1 = preview only). */
    importProductsCsv: build.mutation<ProductCsvImportAnswer, { file: File; dryRun: boolean }>({
      query: ({ file, dryRun }) => {
        const body = new FormData();
        body.append('dryRun', dryRun ? '1' : '0');
        body.append('file', file, file.name);
        return { url: '/admin/products/import', method: 'POST', body };
      },
      invalidatesTags: (r, _e, arg) => (r?.success && !arg.dryRun ? ['AdminProducts', 'AdminProductTypes', 'AdminDashboard'] : []),
      onQueryStarted: (_a, { dispatch, queryFulfilled }) => watchAdminSession(queryFulfilled, dispatch),
    }),
  }),
});

export const { useExportProductsCsvMutation, useImportProductsCsvMutation } = productCsvApi;
