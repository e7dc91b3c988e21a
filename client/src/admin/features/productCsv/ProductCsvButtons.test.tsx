import type { ProductCsvImportAnswer } from '@api/admin-catalog-csv';
import { CSV_MSG } from '@rules/admin-catalog-csv';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { adminServer } from '../../testAdmin';
import { CSV_TEXT, ProductCsvButtons } from './ProductCsvButtons';
import { attachmentName } from './productCsvApi';

type Reply = { status?: number; json: unknown };
const json = (r: Reply) => new Response(JSON.stringify(r.json), { status: r.status ?? 200, headers: { 'Content-Type': 'application/json' } });

/**
 * The admin server plus the two CSV routes the shared mock cannot answer (a text file; a multipart
 * body): `imports` records each import's dryRun and file name.
 */
function csvServer(reply: (dryRun: string, name: string) => Reply, exportReply?: () => Response) {
  const { fetchMock, calls } = adminServer('editor');
  const base = fetchMock.getMockImplementation()!;
  const imports: Array<{ dryRun: string; name: string; csrf: string | null }> = [];
  fetchMock.mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const path = new URL(req.url).pathname;
    if (path === '/api/admin/products/export.csv') {
      return (
        exportReply?.() ??
        new Response('\uFEFFproduct_id,title\r\n1,精華\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="products-2026-11-26.csv"' } })
      );
    }
    if (path !== '/api/admin/products/import') return base(input, init);
    const form = await req.formData();
    const file = form.get('file') as File;
    imports.push({ dryRun: String(form.get('dryRun')), name: file.name, csrf: req.headers.get('X-CSRF-Token') });
    return json(reply(String(form.get('dryRun')), file.name));
  });
  return { imports, calls };
}

const plan = (over: Partial<ProductCsvImportAnswer> = {}): ProductCsvImportAnswer => ({
  success: true,
  dryRun: true,
  message: '檢查完成，可以匯入',
  rows: 5,
  counts: { create: 1, update: 1, unchanged: 1 },
  products: [
    { line: 2, product_id: 12, action: 'update', title: '玻尿酸精華', variants: 2, changes: ['價格', '庫存'] },
    { line: 4, product_id: 13, action: 'unchanged', title: '保濕乳液', variants: 1, changes: [] },
    { line: 5, product_id: null, action: 'create', title: '新品面膜', variants: 1, changes: [] },
  ],
  errors: [],
  ...over,
});

/** Open dialogs (antd keeps a closing one in the DOM while its leave motion runs). */
const openDialogs = () => screen.queryAllByRole('dialog').filter((d) => !d.className.includes('leave'));
const confirmButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: new RegExp(CSV_TEXT.confirm) });

const csvFile = (name = 'products.csv', bytes = 20) => new File([new Uint8Array(bytes)], name, { type: 'text/csv' });

function renderButtons() {
  const onImported = vi.fn();
  renderApp(
    <App>
      <ProductCsvButtons onImported={onImported} />
    </App>,
  );
  return { onImported };
}

describe('product CSV buttons', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('exports: downloads the server file under its dated name, keeping the BOM for Excel', async () => {
    csvServer(() => ({ json: {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderButtons();
    await user.click(screen.getByRole('button', { name: /匯出 CSV/ }));
    expect(await screen.findByText(CSV_TEXT.exported('products-2026-11-26.csv'))).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('products-2026-11-26.csv');
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0][0] as Blob;
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('product_id,title\r\n1,精華\r\n');
    click.mockRestore();
  });

  it('says why an export failed', async () => {
    csvServer(
      () => ({ json: {} }),
      () => json({ status: 403, json: { success: false, message: '權限不足' } }),
    );
    const user = userEvent.setup();
    renderButtons();
    await user.click(screen.getByRole('button', { name: /匯出 CSV/ }));
    expect(await screen.findByText('權限不足')).toBeInTheDocument();
  });

  it('previews a file (dry run), lists the planned changes, imports on 確認匯入 and tells the screen', async () => {
    const { imports } = csvServer((dryRun) =>
      dryRun === '1' ? { json: plan() } : { json: { ...plan(), dryRun: false, message: '匯入完成：新增 1 項、更新 1 項、未變更 1 項' } },
    );
    const user = userEvent.setup();
    const { onImported } = renderButtons();
    await user.upload(screen.getByLabelText(CSV_TEXT.chooseFile), csvFile());

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`${CSV_TEXT.previewTitle}：products.csv`)).toBeInTheDocument();
    expect(within(dialog).getByText('檢查完成，可以匯入')).toBeInTheDocument();
    const counts = within(dialog).getByRole('group', { name: '匯入統計' });
    expect(within(counts).getByText('資料列').closest('.ant-statistic')).toHaveTextContent('5');
    expect(within(counts).getByText('新增').closest('.ant-statistic')).toHaveTextContent('1');
    const planned = within(dialog).getByRole('region', { name: CSV_TEXT.plannedTitle });
    expect(within(planned).getByText('玻尿酸精華').closest('tr')).toHaveTextContent('更新');
    expect(within(planned).getByText('價格、庫存')).toBeInTheDocument();
    expect(within(planned).getByText('新品面膜').closest('tr')).toHaveTextContent('新增');
    expect(within(planned).queryByText('保濕乳液')).not.toBeInTheDocument(); // unchanged: hidden until asked
    await user.click(within(planned).getByRole('switch', { name: CSV_TEXT.showUnchanged }));
    expect(within(planned).getByText('保濕乳液').closest('tr')).toHaveTextContent('未變更');
    expect(within(dialog).queryByRole('region', { name: CSV_TEXT.errorsTitle })).not.toBeInTheDocument();
    expect(onImported).not.toHaveBeenCalled();

    await user.click(confirmButton(dialog));
    expect(await screen.findByText('匯入完成：新增 1 項、更新 1 項、未變更 1 項')).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(openDialogs()).toHaveLength(0));
    // (jsdom's FormData loses the file name on its way into a fetch Request; a browser sends it)
    expect(imports.map((i) => i.dryRun)).toEqual(['1', '0']);
    expect(imports.every((i) => i.csrf === 'admin-visitor-token')).toBe(true);
  });

  it('shows the row errors with their lines and keeps 確認匯入 disabled', async () => {
    const errors = [
      { line: 3, field: 'discount_price', message: '折扣價不可高於原價' },
      { line: 7, field: 'category', message: '找不到類別「面膜」' },
    ];
    const { imports } = csvServer(() => ({ json: plan({ message: '檢查完成：共 2 個錯誤，請修正後再匯入', errors, counts: { create: 0, update: 1, unchanged: 0 } }) }));
    const user = userEvent.setup();
    renderButtons();
    await user.upload(screen.getByLabelText(CSV_TEXT.chooseFile), csvFile('bad.csv'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('檢查完成：共 2 個錯誤，請修正後再匯入')).toBeInTheDocument();
    expect(within(dialog).getByText(CSV_TEXT.fixFirst)).toBeInTheDocument();
    const table = within(dialog).getByRole('region', { name: CSV_TEXT.errorsTitle });
    const row = within(table).getByText('折扣價不可高於原價').closest('tr')!;
    expect(row).toHaveTextContent('3');
    expect(row).toHaveTextContent('discount_price');
    expect(within(table).getByText('找不到類別「面膜」').closest('tr')).toHaveTextContent('7');
    await waitFor(() => expect(confirmButton(dialog)).toBeDisabled());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(openDialogs()).toHaveLength(0));
    expect(imports).toHaveLength(1);
  });

  it('a commit refused by the server (the data changed since the preview) shows its errors; nothing is reported imported', async () => {
    const refused = { success: false, dryRun: false, message: '匯入失敗，未做任何變更：共 1 個錯誤（第 2 行 product_id：找不到商品）', errors: [{ line: 2, field: 'product_id', message: '找不到商品' }] };
    csvServer((dryRun) => (dryRun === '1' ? { json: plan() } : { status: 400, json: refused }));
    const user = userEvent.setup();
    const { onImported } = renderButtons();
    await user.upload(screen.getByLabelText(CSV_TEXT.chooseFile), csvFile());
    const dialog = await screen.findByRole('dialog');
    await user.click(confirmButton(dialog));
    expect(await within(dialog).findByText(refused.message)).toBeInTheDocument();
    expect(within(within(dialog).getByRole('region', { name: CSV_TEXT.errorsTitle })).getByText('找不到商品')).toBeInTheDocument();
    await waitFor(() => expect(confirmButton(dialog)).toBeDisabled());
    expect(onImported).not.toHaveBeenCalled();
  });

  it('refuses a file over 2 MB or not .csv before uploading, and shows a file-level refusal of the server', async () => {
    const { imports } = csvServer(() => ({ status: 400, json: { success: false, message: 'CSV 缺少欄位：title' } }));
    const user = userEvent.setup({ applyAccept: false });
    renderButtons();
    const input = screen.getByLabelText(CSV_TEXT.chooseFile);
    await user.upload(input, csvFile('big.csv', 2 * 1024 * 1024 + 1));
    expect(await screen.findByText(CSV_MSG.tooLarge)).toBeInTheDocument();
    await user.upload(input, new File(['x'], 'products.xlsx'));
    expect(await screen.findByText(CSV_TEXT.notCsv)).toBeInTheDocument();
    expect(imports).toHaveLength(0);
    await user.upload(input, csvFile());
    expect(await screen.findByText('CSV 缺少欄位：title')).toBeInTheDocument();
    expect(openDialogs()).toHaveLength(0);
  });

  it('reads the file name of the attachment header', () => {
    expect(attachmentName('attachment; filename="products-2026-01-02.csv"')).toBe('products-2026-01-02.csv');
    expect(attachmentName(null)).toBe('products.csv');
  });
});
