import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AdminCouponCode, AdminPromotion } from '@api/promotions';
import { Alert, App, Button, Drawer, Form, Grid, Input, InputNumber, Progress, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { CODE_PREFIX_PATTERN, normalizeCode, PROMOTION_LIMITS, PROMOTION_MSG } from '@rules/promotion-rules';
import { useState } from 'react';
import { messageOf, showTotal, taipeiDateTime } from '../../lib';
import { CODES_PAGE_SIZE, codesCsvUrl, useGenerateCodesMutation, usePromotionCodesQuery } from './promotionsApi';
import { PROMO_TEXT } from './promotionText';

/** A batch (spec 4 §9: up to 10,000 codes); the prefix leaves room for the random part. */
export const CODES_MAX = PROMOTION_LIMITS.codeBatch;
const PREFIX_MAX = PROMOTION_LIMITS.codePrefix;

interface GenerateValues {
  count: number | null;
  prefix: string;
}

/** Checks the batch with the server's messages before it is sent (the server checks again). */
export function generateProblems(v: GenerateValues): { field: keyof GenerateValues; message: string }[] {
  const out: { field: keyof GenerateValues; message: string }[] = [];
  if (typeof v.count !== 'number' || !Number.isInteger(v.count) || v.count < 1 || v.count > CODES_MAX) out.push({ field: 'count', message: PROMOTION_MSG.codesCount });
  if (!CODE_PREFIX_PATTERN.test(normalizeCode(v.prefix))) out.push({ field: 'prefix', message: PROMOTION_MSG.codesPrefix });
  return out;
}

/**
 * The unique codes of a promotion (spec 4 §3, §7): generate a batch (count 1–10,000, prefix),
 * the list (paged) with who used each, and the CSV (UTF-8 with BOM) from the server. Owners and
 * staff only: editors never see codes (spec 4 §6).
 */
export function CodesDrawer({ promotion, onClose }: { promotion: AdminPromotion; onClose: () => void }) {
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [page, setPage] = useState(1);
  const [form] = Form.useForm<GenerateValues>();
  const { data, error, isFetching, refetch } = usePromotionCodesQuery({ id: promotion.id, limit: CODES_PAGE_SIZE, offset: (page - 1) * CODES_PAGE_SIZE });
  const [generate, generating] = useGenerateCodesMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const rows = data?.success ? data.codes : [];
  const total = data?.success ? data.total : 0;

  const submit = async (v: GenerateValues) => {
    setFailure(null);
    const problems = generateProblems(v);
    form.setFields((['count', 'prefix'] as const).map((name) => ({ name, errors: problems.filter((p) => p.field === name).map((p) => p.message) })));
    if (problems.length > 0) return;
    try {
      const answer = await generate({ id: promotion.id, count: v.count as number, prefix: normalizeCode(v.prefix) }).unwrap();
      if (!answer.success) {
        setFailure(answer.message || PROMO_TEXT.generateFailed);
        return;
      }
      message.success(answer.message || PROMOTION_MSG.codesCreated(answer.created));
      setPage(1);
    } catch (err) {
      setFailure(messageOf(err) ?? PROMO_TEXT.generateFailed);
    }
  };

  const columns: TableColumnsType<AdminCouponCode> = [
    { title: '折扣碼', dataIndex: 'code', render: (code: string) => <code className="ss-promo-code">{code}</code> },
    { title: '狀態', dataIndex: 'used', width: 90, render: (used: boolean) => (used ? <Tag color="orange">已使用</Tag> : <Tag>未使用</Tag>) },
    { title: '訂單編號', dataIndex: 'mer_trade_no', render: (no: string | null) => no ?? '—' },
    { title: '使用時間', dataIndex: 'used_at', width: 150, render: (at: string | null) => taipeiDateTime(at) || '—' },
  ];

  const used = promotion.codes_used;
  return (
    <Drawer open title={`折扣碼：${promotion.name}`} onClose={onClose} size={screens.md ? 720 : '100%'} destroyOnHidden className="ss-promo-drawer">
      <section aria-labelledby="ss-promo-generate" className="ss-promo-generate">
        <h3 id="ss-promo-generate" className="ss-admin-section-title">
          產生折扣碼
        </h3>
        <Form<GenerateValues> form={form} layout="inline" initialValues={{ count: 100, prefix: '' }} onFinish={(v) => void submit(v)} disabled={generating.isLoading}>
          <Form.Item name="count" label="數量">
            <InputNumber min={1} max={CODES_MAX} precision={0} aria-label="產生數量" className="ss-promo-number" />
          </Form.Item>
          <Form.Item name="prefix" label="前綴" normalize={(v: string) => v.toUpperCase()}>
            <Input maxLength={PREFIX_MAX} placeholder="例：VIP-（可留空）" aria-label="折扣碼前綴" autoComplete="off" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={generating.isLoading}>
              產生
            </Button>
          </Form.Item>
        </Form>
        {generating.isLoading && (
          <div role="status" className="ss-promo-progress">
            <Progress percent={100} status="active" showInfo={false} />
            <span>正在產生折扣碼，數量多時需要幾秒鐘…</span>
          </div>
        )}
        {failure && <Alert type="error" showIcon role="alert" title={failure} className="ss-promo-banner" />}
      </section>

      <div className="ss-promo-codes-bar">
        <span>
          共 {promotion.codes_total.toLocaleString('zh-TW')} 組，已使用 {used.toLocaleString('zh-TW')} 組
        </span>
        <span className="ss-admin-header-spacer" />
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()} aria-label="重新整理折扣碼" />
        <Button icon={<DownloadOutlined />} href={codesCsvUrl(promotion.id)} download={`promotion-${promotion.id}-codes.csv`} disabled={total === 0}>
          下載 CSV
        </Button>
      </div>
      {(error || (data && !data.success)) && <Alert type="error" showIcon title={PROMO_TEXT.codesFailed} description={messageOf(error ?? data)} className="ss-promo-banner" />}
      <Table<AdminCouponCode>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={isFetching}
        scroll={{ x: 560 }}
        locale={{ emptyText: PROMO_TEXT.codesEmpty }}
        pagination={{ current: page, pageSize: CODES_PAGE_SIZE, total, showSizeChanger: false, showTotal, onChange: setPage }}
      />
    </Drawer>
  );
}
