import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Select, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { AuditEntryView } from '@api/admin';
import { useSearchParams } from 'react-router';
import { useAuditLogsQuery, useStaffListQuery } from '../../api/staffApi';
import { AdminPage } from '../../layout/AdminPage';
import { messageOf, showTotal, taipeiDateTime } from '../../lib';
import { auditValue, ENTITY_LABEL, entityLabel } from './auditFormat';

/** Entries per page. */
export const AUDIT_PAGE_SIZE = 20;

/** The changed fields as the server's sentences of labels (運費：60 → 80); older answers: field: before → after. */
export function AuditChanges({ changes, lines }: { changes: AuditEntryView['changes']; lines?: string[] }) {
  if (lines) {
    if (lines.length === 0) return <span className="ss-admin-muted">—</span>;
    return (
      <ul className="ss-admin-changes">
        {lines.map((line, k) => (
          <li key={k}>{line}</li>
        ))}
      </ul>
    );
  }
  const entries = Object.entries(changes ?? {});
  if (entries.length === 0) return <span className="ss-admin-muted">—</span>;
  return (
    <ul className="ss-admin-changes">
      {entries.map(([field, [before, after]]) => (
        <li key={field}>
          <code>{field}</code>：<del>{auditValue(before)}</del> → <ins>{auditValue(after)}</ins>
        </li>
      ))}
    </ul>
  );
}

const columns: TableColumnsType<AuditEntryView> = [
  { title: '時間', dataIndex: 'created_at', fixed: 'left', width: 140, render: (v: string) => <span className="ss-admin-nowrap">{taipeiDateTime(v)}</span> },
  { title: '操作人員', dataIndex: 'admin_username', width: 110, render: (v: string) => v || <span className="ss-admin-muted">系統</span> },
  {
    title: '動作',
    key: 'action',
    width: 220,
    render: (_, e) => (
      <div>
        <div>{e.summary || e.action}</div>
        <div className="ss-admin-muted">
          <code>{e.action}</code>
        </div>
      </div>
    ),
  },
  {
    title: '對象',
    key: 'entity',
    width: 130,
    render: (_, e) => (
      <span className="ss-admin-nowrap">
        <Tag>{entityLabel(e.entity)}</Tag>
        {e.entity_id ? `#${e.entity_id}` : ''}
      </span>
    ),
  },
  { title: '變更內容', dataIndex: 'changes', width: 360, render: (c: AuditEntryView['changes'], e) => <AuditChanges changes={c} lines={e.lines} /> },
];

/**
 * /admin/audit (owner): every admin write, newest first — who, what, when and the changed fields.
 * Filters by kind of record, its id and the admin; they live in the address.
 */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const entity = params.get('entity') ?? '';
  const entityId = params.get('entity_id') ?? '';
  const adminId = Number(params.get('admin_id')) || undefined;
  const { data, error, isFetching, refetch } = useAuditLogsQuery({
    limit: AUDIT_PAGE_SIZE,
    offset: (page - 1) * AUDIT_PAGE_SIZE,
    entity: entity || undefined,
    entity_id: entityId || undefined,
    admin_id: adminId,
  });
  const staff = useStaffListQuery();

  const set = (changes: Record<string, string | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    if (!('page' in changes)) p.delete('page');
    setParams(p);
  };
  const failed = error || (data && !data.success);

  return (
    <AdminPage title="操作紀錄" subtitle="後台每一筆變更：誰、何時、改了什麼。" testId="admin-audit">
      <div className="ss-admin-panel">
        <div className="ss-admin-filters">
          <Select
            aria-label="對象類型"
            allowClear
            placeholder="全部類型"
            style={{ width: 150 }}
            value={entity || undefined}
            options={Object.entries(ENTITY_LABEL)
              .filter(([k]) => k !== 'admin' && k !== 'user')
              .map(([value, label]) => ({ value, label }))}
            onChange={(v?: string) => set({ entity: v })}
          />
          <Input.Search
            key={entityId}
            aria-label="對象編號"
            placeholder="對象編號"
            allowClear
            defaultValue={entityId}
            style={{ width: 170 }}
            onSearch={(v) => set({ entity_id: v.trim() || undefined })}
          />
          <Select
            aria-label="操作人員"
            allowClear
            placeholder="全部人員"
            style={{ width: 170 }}
            value={adminId}
            loading={staff.isLoading}
            options={(staff.data?.staff ?? []).map((s) => ({ value: s.id, label: `${s.display_name}（${s.username}）` }))}
            onChange={(v?: number) => set({ admin_id: v ? String(v) : undefined })}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} aria-label="重新整理" />
        </div>
        {failed && (
          <Alert
            type="error"
            showIcon
            title={messageOf(error ?? data) ?? '載入操作紀錄失敗'}
            action={<Button size="small" onClick={() => void refetch()}>重試</Button>}
            style={{ marginBottom: 12 }}
          />
        )}
        <Table<AuditEntryView>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.success ? data.rows : []}
          loading={isFetching}
          scroll={{ x: 960 }}
          locale={{ emptyText: '沒有操作紀錄' }}
          pagination={{
            current: page,
            pageSize: AUDIT_PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            showTotal,
            onChange: (p) => set({ page: p > 1 ? String(p) : undefined }),
          }}
        />
      </div>
    </AdminPage>
  );
}
