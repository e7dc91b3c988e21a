import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ProductCsvAction, ProductCsvImportAnswer, ProductCsvPlanRow, ProductCsvRowError } from '@api/admin-catalog-csv';
import { Alert, App, Button, Modal, Space, Statistic, Switch, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { apiErrorMessage } from '../../../shared/api/baseApi';
import { useExportProductsCsvMutation, useImportProductsCsvMutation } from './productCsvApi';
import { CSV_LIMITS, CSV_MSG } from '@rules/admin-catalog-csv';
import './productCsv.css';


export const CSV_TEXT = {
  export: '匯出 CSV',
  import: '匯入 CSV',
  chooseFile: '選擇要匯入的 CSV 檔案',
  exported: (name: string) => `已下載 ${name}`,
  exportFailed: '匯出失敗，請稍後再試',
  notCsv: '請選擇 CSV 檔案（.csv）',
  checkFailed: '無法檢查檔案，請稍後再試',
  importFailed: '匯入失敗，請稍後再試',
  previewTitle: '匯入 CSV 預覽',
  confirm: '確認匯入',
  cancel: '取消',
  nothingToDo: '沒有需要新增或更新的商品',
  fixFirst: '請先修正錯誤後重新選擇檔案，修正前無法匯入',
  showUnchanged: '顯示未變更的商品',
  plannedTitle: '預計變更',
  errorsTitle: '資料錯誤',
  noChanges: '沒有需要變更的商品',
} as const;

const ACTION: Record<ProductCsvAction, { text: string; color: string }> = {
  create: { text: '新增', color: 'green' },
  update: { text: '更新', color: 'blue' },
  unchanged: { text: '未變更', color: 'default' },
};

interface Preview {
  file: File;
  answer: ProductCsvImportAnswer;
  /** The commit was refused (the data changed since the preview): its message. */
  refused?: string;
}

const errorColumns: TableColumnsType<ProductCsvRowError> = [
  { title: '行', dataIndex: 'line', width: 64 },
  { title: '欄位', dataIndex: 'field', width: 150, render: (f: string) => <Typography.Text code>{f}</Typography.Text> },
  { title: '訊息', dataIndex: 'message' },
];

const planColumns: TableColumnsType<ProductCsvPlanRow> = [
  { title: '行', dataIndex: 'line', width: 64 },
  { title: '動作', dataIndex: 'action', width: 84, render: (a: ProductCsvAction) => <Tag color={ACTION[a].color}>{ACTION[a].text}</Tag> },
  { title: '商品編號', dataIndex: 'product_id', width: 96, render: (id: number | null) => id ?? '—' },
  { title: '商品名稱', dataIndex: 'title', ellipsis: true },
  { title: '規格數', dataIndex: 'variants', width: 72 },
  { title: '變更內容', dataIndex: 'changes', render: (c: string[]) => (c.length ? c.join('、') : '—') },
];

/** The answer of a refused commit (400 with the row errors), if that is what came back. */
function refusedAnswer(error: unknown): ProductCsvImportAnswer | undefined {
  const data = error && typeof error === 'object' && 'data' in error ? (error as { data?: unknown }).data : undefined;
  return data && typeof data === 'object' && Array.isArray((data as ProductCsvImportAnswer).errors) ? (data as ProductCsvImportAnswer) : undefined;
}

function download(text: string, filename: string): void {
  // Response.text() dropped the BOM; Excel (zh-TW) needs it to read UTF-8.
  const blob = new Blob(['\uFEFF', text.replace(/^\uFEFF/, '')], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The products screen's CSV buttons (issue 12, beyond the spec): 匯出 CSV downloads every product
 * (one row per variant); 匯入 CSV checks the chosen file on the server first (dry run) and shows a
 * preview — counts, planned changes, row errors — and imports (all or nothing) only on 確認匯入,
 * which stays disabled while any row has an error.
 */
export function ProductCsvButtons(props: { onImported?: () => void }) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [exportCsv, exporting] = useExportProductsCsvMutation();
  const [importCsv] = useImportProductsCsvMutation();
  const [checking, setChecking] = useState(false);
  const [committing, setCommitting] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [showUnchanged, setShowUnchanged] = useState(false);

  const onExport = async () => {
    try {
      const file = await exportCsv().unwrap();
      download(file.text, file.filename);
      message.success(CSV_TEXT.exported(file.filename));
    } catch (e) {
      message.error(apiErrorMessage(e) ?? CSV_TEXT.exportFailed);
    }
  };

  const onChosen = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file can be chosen again after a fix
    if (!file) return;
    if (!/\.csv$/i.test(file.name)) return void message.error(CSV_TEXT.notCsv);
    if (file.size > CSV_LIMITS.bytes) return void message.error(CSV_MSG.tooLarge);
    setChecking(true);
    try {
      const answer = await importCsv({ file, dryRun: true }).unwrap();
      setShowUnchanged(false);
      setPreview({ file, answer });
    } catch (err) {
      message.error(apiErrorMessage(err) ?? CSV_TEXT.checkFailed);
    } finally {
      setChecking(false);
    }
  };

  const onConfirm = async () => {
    if (!preview) return;
    setCommitting(true);
    try {
      const answer = await importCsv({ file: preview.file, dryRun: false }).unwrap();
      message.success(answer.message ?? '匯入完成');
      setPreview(null);
      props.onImported?.();
    } catch (err) {
      const refused = refusedAnswer(err);
      if (refused) setPreview({ ...preview, answer: { ...preview.answer, ...refused }, refused: refused.message });
      else message.error(apiErrorMessage(err) ?? CSV_TEXT.importFailed);
    } finally {
      setCommitting(false);
    }
  };

  const answer = preview?.answer;
  const errors = answer?.errors ?? [];
  const counts = answer?.counts ?? { create: 0, update: 0, unchanged: 0 };
  const products = (answer?.products ?? []).filter((p) => showUnchanged || p.action !== 'unchanged');
  const nothing = counts.create + counts.update === 0;

  return (
    <>
      <Space wrap>
        <Button icon={<DownloadOutlined />} loading={exporting.isLoading} onClick={() => void onExport()}>
          {CSV_TEXT.export}
        </Button>
        <Button icon={<UploadOutlined />} loading={checking} onClick={() => input.current?.click()}>
          {CSV_TEXT.import}
        </Button>
      </Space>
      <input ref={input} type="file" accept=".csv,text/csv" aria-label={CSV_TEXT.chooseFile} hidden onChange={(e) => void onChosen(e)} />
      <Modal
        open={preview !== null}
        title={`${CSV_TEXT.previewTitle}：${preview?.file.name ?? ''}`}
        width={960}
        className="ss-csv-modal"
        onCancel={() => !committing && setPreview(null)}
        mask={{ closable: false }}
        keyboard={!committing}
        closable={!committing}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => setPreview(null)} disabled={committing}>
            {CSV_TEXT.cancel}
          </Button>,
          <Button key="ok" type="primary" loading={committing} disabled={errors.length > 0 || nothing} onClick={() => void onConfirm()}>
            {CSV_TEXT.confirm}
          </Button>,
        ]}
      >
        {answer && (
          <div className="ss-csv-preview">
            <Alert
              type={errors.length ? 'error' : nothing ? 'info' : 'success'}
              showIcon
              title={preview?.refused ?? answer.message}
              description={errors.length ? CSV_TEXT.fixFirst : nothing ? CSV_TEXT.nothingToDo : undefined}
            />
            <div className="ss-csv-counts" role="group" aria-label="匯入統計">
              <Statistic title="資料列" value={answer.rows ?? 0} />
              <Statistic title="新增" value={counts.create} />
              <Statistic title="更新" value={counts.update} />
              <Statistic title="未變更" value={counts.unchanged} />
              <Statistic title="錯誤" value={errors.length} styles={errors.length ? { content: { color: 'var(--ant-color-error, #cf1322)' } } : undefined} />
            </div>
            {errors.length > 0 && (
              <section aria-label={CSV_TEXT.errorsTitle}>
                <Typography.Title level={5}>
                  {CSV_TEXT.errorsTitle}（{errors.length}）
                </Typography.Title>
                <Table<ProductCsvRowError>
                  size="small"
                  rowKey={(e) => `${e.line}-${e.field}-${e.message}`}
                  columns={errorColumns}
                  dataSource={errors}
                  pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                  scroll={{ x: 520 }}
                />
              </section>
            )}
            <section aria-label={CSV_TEXT.plannedTitle}>
              <div className="ss-csv-planned-head">
                <Typography.Title level={5}>{CSV_TEXT.plannedTitle}</Typography.Title>
                <label className="ss-csv-switch">
                  <Switch size="small" checked={showUnchanged} onChange={setShowUnchanged} aria-label={CSV_TEXT.showUnchanged} />
                  <span>{CSV_TEXT.showUnchanged}</span>
                </label>
              </div>
              <Table<ProductCsvPlanRow>
                size="small"
                rowKey={(p) => `${p.line}-${p.product_id ?? 'new'}`}
                columns={planColumns}
                dataSource={products}
                locale={{ emptyText: CSV_TEXT.noChanges }}
                pagination={products.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                scroll={{ x: 720 }}
              />
            </section>
          </div>
        )}
      </Modal>
    </>
  );
}
