import type { AdminMemberDetailAnswer, AdminMemberView } from '@api/admin';
import type { AdminReviewView } from '@api/reviews';
import { Alert, App, Button, Descriptions, Drawer, Empty, Form, Grid, Input, List, Modal, Pagination, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatNT } from '../../../shared/lib/format';
import { useAddMemberNoteMutation, useBlockMemberMutation, useMemberDetailQuery } from '../../api/membersApi';
import { escapeCloses } from '../../components/escapeCloses';
import { LoadFailedAlert } from '../../layout/AdminListBar';
import { adminOrderLink, messageOf, taipeiDateTime } from '../../lib';
import { ReplyModal } from '../reviews/ReplyModal';
import { ReviewActions, ReviewBody, ReviewStatusTag, Stars } from '../reviews/ReviewParts';
import { useAdminReviewsQuery } from '../reviews/reviewsApi';
import { MemberPoints } from './MemberPoints';
import { BLOCK_REASON, blockReasonError, MEMBER_TEXT, NOTE_MAX, noteError } from './memberText';

type Detail = AdminMemberDetailAnswer;
type Member = Detail['member'];

export const LOGIN_LABEL: Record<AdminMemberView['logins'][number], string> = { password: '密碼', google: 'Google', facebook: 'Facebook', line: 'LINE' };
export const GENDER_LABEL: Record<string, string> = { male: '男', female: '女' };
const SHIPPING_TYPE_LABEL: Record<string, string> = { home: '宅配', store: '超商取貨', '1': '超商取貨', '2': '宅配' };

/** 正常 / 停用 / 停權 of a member. */
export function MemberStatusTag({ m }: { m: Pick<AdminMemberView, 'is_active' | 'blocked'> & { blocked_at?: string | null } }) {
  if (m.blocked || m.blocked_at) return <Tag color="red">停權</Tag>;
  return m.is_active ? <Tag color="green">正常</Tag> : <Tag>停用</Tag>;
}

/** 停權 (a reason of 2–100) or 解除停權, asked first; audited by the server. */
function BlockModal({ member, onClose }: { member: Member; onClose: () => void }) {
  const { message } = App.useApp();
  const blocking = !member.blocked_at;
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [block, { isLoading }] = useBlockMemberMutation();
  const name = member.username || `會員 #${member.user_id}`;

  const submit = async () => {
    const problem = blocking ? blockReasonError(reason) : '';
    setError(problem);
    if (problem) return;
    try {
      const answer = await block({ id: member.user_id, blocked: blocking, reason: reason.trim() }).unwrap();
      if (!answer.success) {
        setError(answer.message || MEMBER_TEXT.updateFailed);
        return;
      }
      message.success(answer.message || (blocking ? MEMBER_TEXT.blocked : MEMBER_TEXT.unblocked));
      onClose();
    } catch (err) {
      setError(messageOf(err) ?? MEMBER_TEXT.updateFailed);
    }
  };

  return (
    <Modal
      open
      title={blocking ? `停權「${name}」？` : `解除「${name}」的停權？`}
      okText={blocking ? '停權' : '解除停權'}
      okButtonProps={blocking ? { danger: true } : undefined}
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      modalRender={escapeCloses(onClose)}
      confirmLoading={isLoading}
      destroyOnHidden
    >
      <p>{blocking ? '停權後會員無法登入及下單，進行中的登入會被登出；之後可解除停權。' : `停權原因：${member.blocked_reason || '（未填）'}。解除後會員可再登入及下單。`}</p>
      {blocking ? (
        <Form layout="vertical" requiredMark={false} onFinish={() => void submit()}>
          <Form.Item label="停權原因" validateStatus={error ? 'error' : undefined} help={error || undefined}>
            <Input
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (error) setError('');
              }}
              count={{ show: true, max: BLOCK_REASON.max }}
              aria-label="停權原因"
            />
          </Form.Item>
        </Form>
      ) : (
        error && <Alert type="error" showIcon role="alert" title={error} />
      )}
    </Modal>
  );
}

function Profile({ detail }: { detail: Detail }) {
  const m = detail.member;
  return (
    <>
      {m.blocked_at && (
        <Alert
          type="error"
          showIcon
          className="ss-amember-alert"
          title={`已停權（${taipeiDateTime(m.blocked_at)}）`}
          description={m.blocked_reason ? `原因：${m.blocked_reason}` : undefined}
          data-testid="member-blocked"
        />
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label="姓名">{m.username || '（未填姓名）'}</Descriptions.Item>
        <Descriptions.Item label="會員編號">#{m.user_id}</Descriptions.Item>
        <Descriptions.Item label="手機">{m.phone}</Descriptions.Item>
        <Descriptions.Item label="Email">{m.email}</Descriptions.Item>
        <Descriptions.Item label="帳號">{m.account ?? ''}</Descriptions.Item>
        <Descriptions.Item label="登入方式">{m.logins.map((l) => <Tag key={l}>{LOGIN_LABEL[l] ?? l}</Tag>)}</Descriptions.Item>
        <Descriptions.Item label="性別">{GENDER_LABEL[m.gender] ?? ''}</Descriptions.Item>
        <Descriptions.Item label="生日">{m.birthday}</Descriptions.Item>
        <Descriptions.Item label="狀態">
          <MemberStatusTag m={m} />
        </Descriptions.Item>
        <Descriptions.Item label="購物金">
          {detail.points.balance.toLocaleString('zh-TW')} 點（待入帳 {detail.points.pending.toLocaleString('zh-TW')}）・{detail.points.tier}
        </Descriptions.Item>
        <Descriptions.Item label="註冊時間">{taipeiDateTime(m.created_at)}</Descriptions.Item>
        <Descriptions.Item label="最近登入">{taipeiDateTime(m.last_login_at) || '—'}</Descriptions.Item>
      </Descriptions>
      <h3 className="ss-amember-heading">地址</h3>
      {detail.addresses.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚無常用地址" />
      ) : (
        <ul className="ss-amember-addresses">
          {detail.addresses.map((a) => (
            <li key={a.id}>
              <div>
                {a.receiver_name} {a.phone} {a.is_default ? <Tag color="blue">預設</Tag> : null}
                {a.shipping_type && SHIPPING_TYPE_LABEL[a.shipping_type] && <Tag>{SHIPPING_TYPE_LABEL[a.shipping_type]}</Tag>}
              </div>
              <div className="ss-admin-muted">{a.address}</div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Orders({ detail }: { detail: Detail }) {
  const m = detail.member;
  const orders = detail.orders;
  if (orders.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚無訂單" />;
  return (
    <>
      <List
        size="small"
        className="ss-amember-orders"
        dataSource={orders}
        renderItem={(o) => (
          <List.Item key={o.id}>
            <div className="ss-amember-order">
              <Link to={adminOrderLink(o.id, o.MerTradeNo)}>{o.MerTradeNo}</Link>
              <span className="ss-admin-muted">{taipeiDateTime(o.created_at)}</span>
              <span>{formatNT(o.total_amount)}</span>
              <span>
                <Tag>{o.payment_status_label}</Tag>
                <Tag>{o.status_label}</Tag>
              </span>
            </div>
          </List.Item>
        )}
      />
      {detail.orders_total > orders.length && (
        <p className="ss-admin-muted">
          共 {detail.orders_total} 筆，顯示最近 {orders.length} 筆。
          {m.phone && <Link to={`/admin/orders?range=all&q=${encodeURIComponent(m.phone)}`}>在訂單管理查看全部</Link>}
        </p>
      )}
    </>
  );
}

const MEMBER_REVIEWS_PAGE = 10;

function Reviews({ memberId }: { memberId: number }) {
  const [page, setPage] = useState(1);
  const [replying, setReplying] = useState<AdminReviewView | null>(null);
  const { data, error, isFetching, refetch } = useAdminReviewsQuery({ limit: MEMBER_REVIEWS_PAGE, offset: (page - 1) * MEMBER_REVIEWS_PAGE, status: '', stars: 0, product_id: 0, user_id: memberId, keyword: '' });
  const rows = data?.success ? data.reviews : [];
  const failed = !isFetching && (error || (data && !data.success));
  return (
    <>
      {failed && <LoadFailedAlert title="讀取評價失敗" description={messageOf(error ?? data)} onRetry={() => void refetch()} />}
      <List
        size="small"
        loading={isFetching}
        dataSource={rows}
        locale={{ emptyText: '尚無評價' }}
        renderItem={(r) => (
          <List.Item key={r.id}>
            <div className="ss-amember-review">
              <div className="ss-amember-review-head">
                <Stars rating={r.rating} /> <strong>{r.title}</strong> {r.variant_name && <span className="ss-admin-muted">{r.variant_name}</span>} <ReviewStatusTag review={r} />
                <span className="ss-admin-muted"> {taipeiDateTime(r.created_at)}</span>
              </div>
              <ReviewBody review={r} />
              <ReviewActions review={r} onReply={setReplying} />
            </div>
          </List.Item>
        )}
      />
      {data?.success && data.total > MEMBER_REVIEWS_PAGE && (
        <Pagination size="small" current={page} pageSize={MEMBER_REVIEWS_PAGE} total={data.total} onChange={setPage} showSizeChanger={false} className="ss-amember-pager" />
      )}
      {data?.success && data.total > 0 && (
        <p>
          <Link to={`/admin/reviews?user=${memberId}`}>在評價管理查看</Link>
        </p>
      )}
      {replying && <ReplyModal key={replying.id} review={replying} onClose={() => setReplying(null)} />}
    </>
  );
}

function Notes({ detail }: { detail: Detail }) {
  const { message } = App.useApp();
  const [content, setContent] = useState('');
  const [error, setError] = useState('');
  const [add, { isLoading }] = useAddMemberNoteMutation();
  const m = detail.member;

  const submit = async () => {
    const problem = noteError(content);
    setError(problem);
    if (problem) return;
    try {
      const answer = await add({ id: m.user_id, content: content.trim() }).unwrap();
      if (!answer.success) {
        setError(answer.message || MEMBER_TEXT.updateFailed);
        return;
      }
      message.success(answer.message || MEMBER_TEXT.noteAdded);
      setContent('');
    } catch (err) {
      setError(messageOf(err) ?? MEMBER_TEXT.updateFailed);
    }
  };

  return (
    <>
      <p className="ss-admin-muted">備註只有管理人員看得到，會員看不到。</p>
      <Form layout="vertical" requiredMark={false} onFinish={() => void submit()}>
        <Form.Item label="新增備註" validateStatus={error ? 'error' : undefined} help={error || undefined}>
          <Input.TextArea
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              if (error) setError('');
            }}
            autoSize={{ minRows: 2, maxRows: 6 }}
            count={{ show: true, max: NOTE_MAX }}
            aria-label="新增備註"
          />
        </Form.Item>
        <Button htmlType="submit" loading={isLoading}>
          新增備註
        </Button>
      </Form>
      <List
        size="small"
        className="ss-amember-notes"
        dataSource={detail.notes}
        locale={{ emptyText: '尚無備註' }}
        renderItem={(n) => (
          <List.Item key={n.id}>
            <div>
              <div className="ss-amember-note">{n.content}</div>
              <div className="ss-admin-muted">
                {n.admin_name}・{taipeiDateTime(n.created_at)}
              </div>
            </div>
          </List.Item>
        )}
      />
    </>
  );
}

/**
 * 會員管理 → one member (issue 21 §6) in a drawer: profile and addresses, orders (each opens in
 * 訂單管理), 購物金 (balance, history, 調整購物金), reviews (moderated here too), staff notes, and
 * 停權 / 解除停權 with a reason (asked first). Owners and staff only, as the list.
 */
export function MemberDrawer({ memberId, onClose }: { memberId: number; onClose: () => void }) {
  const screens = Grid.useBreakpoint();
  const { data, error, isFetching, refetch } = useMemberDetailQuery(memberId, { refetchOnMountOrArgChange: true });
  const [blocking, setBlocking] = useState(false);
  const detail = data?.success && data.member ? data : undefined;
  const m = detail?.member;
  const failed = !isFetching && !detail && (error || (data && !data.success));

  return (
    <Drawer
      open
      title={m ? `${m.username || '（未填姓名）'}・#${m.user_id}` : `會員 #${memberId}`}
      onClose={onClose}
      size={screens.md === false ? '100%' : 760}
      loading={!detail && !failed}
      destroyOnHidden
      className="ss-amember-drawer"
      extra={
        m && (
          <Space>
            <MemberStatusTag m={m} />
            <Button danger={!m.blocked_at} onClick={() => setBlocking(true)}>
              {m.blocked_at ? '解除停權' : '停權'}
            </Button>
          </Space>
        )
      }
    >
      {failed && <LoadFailedAlert title={MEMBER_TEXT.loadFailed} description={messageOf(error ?? data)} onRetry={() => void refetch()} />}
      {detail && (
        <Tabs
          items={[
            { key: 'profile', label: '基本資料', children: <Profile detail={detail} /> },
            { key: 'orders', label: `訂單（${detail.orders_total}）`, children: <Orders detail={detail} /> },
            { key: 'points', label: '購物金', children: <MemberPoints memberId={memberId} /> },
            { key: 'reviews', label: `評價（${detail.reviews_count}）`, children: <Reviews memberId={memberId} /> },
            { key: 'notes', label: `備註（${detail.notes.length}）`, children: <Notes detail={detail} /> },
          ]}
        />
      )}
      {blocking && m && <BlockModal member={m} onClose={() => setBlocking(false)} />}
    </Drawer>
  );
}
