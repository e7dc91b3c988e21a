import type { PointsEntryView } from '@api/rewards';
import { Alert, App, Button, Descriptions, Form, Input, InputNumber, Modal, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatNT } from '../../../shared/lib/format';
import { POINTS_PAGE_SIZE, useAdjustPointsMutation, useAdminMemberPointsQuery } from '../../api/membersApi';
import { escapeCloses } from '../../components/escapeCloses';
import { ResponsiveList } from '../../components/ResponsiveList';
import { LoadFailedAlert } from '../../layout/AdminListBar';
import { adminOrderLink, messageOf, showTotal, taipeiDateTime } from '../../lib';
import { ADJUST_REASON, adjustErrors, MEMBER_TEXT, newIdempotencyKey } from './memberText';

const signed = (n: number) => (n > 0 ? `+${n.toLocaleString('zh-TW')}` : n.toLocaleString('zh-TW'));
const dateOnly = (iso: string | null) => taipeiDateTime(iso).slice(0, 10);

function EntryNote({ e }: { e: PointsEntryView }) {
  return (
    <div>
      {e.note && <div>{e.note}</div>}
      {e.order_id && e.order_no && (
        <Link to={adminOrderLink(e.order_id, e.order_no)} className="ss-admin-muted">
          訂單 {e.order_no}
        </Link>
      )}
      {e.created_by_name && <div className="ss-admin-muted">由 {e.created_by_name} 調整</div>}
    </div>
  );
}

/** 調整購物金 (spec 4 §5, §8): amount a non-zero integer (negative takes off), reason 2–100; the server refuses going below 0. */
function AdjustPointsModal({ memberId, balance, onClose }: { memberId: number; balance: number; onClose: () => void }) {
  const { message } = App.useApp();
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [failure, setFailure] = useState('');
  const [key] = useState(newIdempotencyKey);
  const [adjust, { isLoading }] = useAdjustPointsMutation();

  const submit = async () => {
    const problems = adjustErrors(amount, reason);
    setErrors(problems);
    setFailure('');
    if (problems.amount || problems.reason || amount === null) return;
    try {
      const answer = await adjust({ id: memberId, amount, reason: reason.trim(), idempotencyKey: key }).unwrap();
      if (!answer.success) {
        setFailure(answer.message || MEMBER_TEXT.adjustFailed);
        return;
      }
      message.success(answer.message || MEMBER_TEXT.adjusted);
      onClose();
    } catch (err) {
      setFailure(messageOf(err) ?? MEMBER_TEXT.adjustFailed);
    }
  };

  const after = typeof amount === 'number' && Number.isInteger(amount) ? balance + amount : null;
  return (
    <Modal open title="調整購物金" okText="確認調整" cancelText="取消" onOk={() => void submit()} onCancel={onClose} modalRender={escapeCloses(onClose)} confirmLoading={isLoading} destroyOnHidden>
      {failure && <Alert type="error" showIcon role="alert" title={failure} className="ss-amember-alert" />}
      <Form layout="vertical" requiredMark={false} onFinish={() => void submit()}>
        <Form.Item
          label="調整點數"
          validateStatus={errors.amount ? 'error' : undefined}
          help={errors.amount ?? (after !== null ? `目前 ${balance.toLocaleString('zh-TW')} 點，調整後 ${after.toLocaleString('zh-TW')} 點` : '正數為增加，負數為扣除（1 點 = NT$ 1）')}
        >
          <InputNumber
            value={amount}
            onChange={(v) => {
              setAmount(typeof v === 'number' ? v : null);
              if (errors.amount) setErrors((e) => ({ ...e, amount: undefined }));
            }}
            precision={0}
            className="ss-amember-number"
            aria-label="調整點數"
          />
        </Form.Item>
        <Form.Item label="調整原因" validateStatus={errors.reason ? 'error' : undefined} help={errors.reason}>
          <Input
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (errors.reason) setErrors((x) => ({ ...x, reason: undefined }));
            }}
            count={{ show: true, max: ADJUST_REASON.max }}
            placeholder="例如：客訴補償、活動加碼"
            aria-label="調整原因"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The member's 購物金: balance, pending, tier, the history 20 a page, and 調整購物金. */
export function MemberPoints({ memberId }: { memberId: number }) {
  const [page, setPage] = useState(1);
  const [adjusting, setAdjusting] = useState(false);
  const { data, error, isFetching, refetch } = useAdminMemberPointsQuery({ id: memberId, page });
  const points = data?.success ? data : undefined;
  const failed = !isFetching && (error || (data && !data.success));

  const columns: TableColumnsType<PointsEntryView> = [
    { title: '時間', dataIndex: 'created_at', width: 130, render: (v: string) => taipeiDateTime(v) },
    { title: '類型', dataIndex: 'kind_label', width: 90 },
    {
      title: '點數',
      dataIndex: 'amount',
      width: 80,
      align: 'right',
      render: (v: number, e) => (
        <span className={v < 0 ? 'ss-amember-minus' : 'ss-amember-plus'}>
          {signed(v)}
          {e.available_at === null && v > 0 && <div className="ss-admin-muted">待入帳</div>}
        </span>
      ),
    },
    { title: '餘額', dataIndex: 'balance_after', width: 80, align: 'right', render: (v: number | null) => (v === null ? '—' : v.toLocaleString('zh-TW')) },
    { title: '說明', key: 'note', render: (_, e) => <EntryNote e={e} /> },
    { title: '到期日', dataIndex: 'expires_at', width: 100, render: (v: string | null) => dateOnly(v) },
  ];

  return (
    <div>
      {failed && !points && <LoadFailedAlert title="讀取購物金失敗" description={messageOf(error ?? data)} onRetry={() => void refetch()} />}
      {points && (
        <Descriptions size="small" column={{ xs: 1, sm: 3 }} bordered className="ss-amember-points">
          <Descriptions.Item label="可用購物金">
            <strong data-testid="points-balance">{points.balance.toLocaleString('zh-TW')}</strong> 點
          </Descriptions.Item>
          <Descriptions.Item label="待入帳">{points.pending.toLocaleString('zh-TW')} 點</Descriptions.Item>
          <Descriptions.Item label="會員等級">
            <Tag color="gold">{points.tier.name}</Tag>
            <div className="ss-admin-muted">近 12 個月消費 {formatNT(points.tier.spend)}</div>
            {points.tier.text && <div className="ss-admin-muted">{points.tier.text}</div>}
          </Descriptions.Item>
        </Descriptions>
      )}
      <div className="ss-amember-toolbar">
        <Button type="primary" onClick={() => setAdjusting(true)} disabled={!points}>
          調整購物金
        </Button>
      </div>
      <ResponsiveList<PointsEntryView>
        label="購物金紀錄"
        testId="points"
        rowKey={(e) => e.id}
        columns={columns}
        dataSource={points?.entries ?? []}
        loading={isFetching}
        emptyText="尚無購物金紀錄"
        pagination={{ current: page, pageSize: POINTS_PAGE_SIZE, total: points?.total ?? 0, showSizeChanger: false, showTotal, onChange: setPage, size: 'small' }}
        card={(e) => ({
          title: `${e.kind_label} ${signed(e.amount)}`,
          extra: e.available_at === null && e.amount > 0 ? <Tag>待入帳</Tag> : undefined,
          fields: [
            ['時間', taipeiDateTime(e.created_at)],
            ['餘額', e.balance_after === null ? '' : e.balance_after.toLocaleString('zh-TW')],
            ['說明', <EntryNote key="n" e={e} />],
            ['到期日', dateOnly(e.expires_at)],
          ],
        })}
      />
      {adjusting && points && <AdjustPointsModal memberId={memberId} balance={points.balance} onClose={() => setAdjusting(false)} />}
    </div>
  );
}
