import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Popconfirm, Segmented, Select, Space, Switch, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { JobStateName, JobView, QueueCountsView } from '@api/admin';
import { useSearchParams } from 'react-router';
import { useJobsListQuery, useJobsOverviewQuery, useRemoveJobMutation, useRetryJobMutation, type JobRef } from '../../api/jobsApi';
import { AdminPage } from '../../layout/AdminPage';
import { messageOf, taipeiDateTime } from '../../lib';
import { canRemove, canRetry, jobLabel, JOB_STATES, queueLabel, STATE_COLOR, STATE_LABEL } from './jobLabels';

/** Auto refresh every 5 s while the page is open (paused by the switch). */
export const JOBS_REFRESH_MS = 5000;
/** Jobs listed per queue and state. */
export const JOBS_LIST_LIMIT = 50;

const isState = (s: string | null): s is JobStateName => JOB_STATES.includes(s as JobStateName);

/**
 * /admin/queues without Redis (with Redis the server answers that address with Bull Board):
 * each queue's counts per state, the jobs of one queue and state, retry of a failed job and
 * removal, each after a confirmation; refreshes itself every 5 seconds.
 */
export default function JobsPage() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const auto = params.get('auto') !== '0';
  const poll = auto ? JOBS_REFRESH_MS : 0;
  const overview = useJobsOverviewQuery(undefined, { pollingInterval: poll, skipPollingIfUnfocused: true });
  const queues = overview.data?.success ? overview.data.queues : [];
  const queue = params.get('queue') ?? queues[0]?.name ?? '';
  const stateParam = params.get('state');
  const state: JobStateName = isState(stateParam) ? stateParam : 'failed';
  const list = useJobsListQuery({ queue, state, limit: JOBS_LIST_LIMIT }, { skip: !queue, pollingInterval: poll, skipPollingIfUnfocused: true });
  const [retry, retrying] = useRetryJobMutation();
  const [remove, removing] = useRemoveJobMutation();

  const select = (next: { queue?: string; state?: JobStateName; auto?: boolean }) => {
    const p = new URLSearchParams(params);
    if (next.queue !== undefined) p.set('queue', next.queue);
    if (next.state !== undefined) p.set('state', next.state);
    if (next.auto !== undefined) {
      if (next.auto) p.delete('auto');
      else p.set('auto', '0');
    }
    setParams(p, { replace: true });
  };

  const act = async (kind: 'retry' | 'remove', ref: JobRef) => {
    try {
      const answer = await (kind === 'retry' ? retry(ref) : remove(ref)).unwrap();
      if (answer.success) message.success(answer.message || (kind === 'retry' ? '已重新排入佇列' : '已移除任務'));
      else message.error(answer.message || (kind === 'retry' ? '重試失敗' : '移除失敗'));
    } catch (err) {
      message.error(messageOf(err) ?? (kind === 'retry' ? '重試失敗' : '移除失敗'));
    }
  };

  const countColumns: TableColumnsType<QueueCountsView> = [
    {
      title: '佇列',
      key: 'name',
      fixed: 'left',
      width: 190,
      render: (_, q) => (
        <span className="ss-admin-nowrap">
          {queueLabel(q.name)} <span className="ss-admin-muted">{q.name}</span>
        </span>
      ),
    },
    ...JOB_STATES.map((s) => ({
      title: STATE_LABEL[s],
      key: s,
      width: 90,
      align: 'right' as const,
      render: (_: unknown, q: QueueCountsView) => {
        const n = q.counts[s] ?? 0;
        const current = q.name === queue && s === state;
        return (
          <Button
            type={current ? 'primary' : 'link'}
            size="small"
            danger={s === 'failed' && n > 0 && !current}
            onClick={() => select({ queue: q.name, state: s })}
            aria-label={`${queueLabel(q.name)} ${STATE_LABEL[s]} ${n} 筆`}
            aria-pressed={current}
          >
            {n.toLocaleString('zh-TW')}
          </Button>
        );
      },
    })),
  ];

  const jobColumns: TableColumnsType<JobView> = [
    {
      title: '任務',
      key: 'job',
      fixed: 'left',
      width: 210,
      render: (_, j) => (
        <div className="ss-admin-break">
          <div>
            {jobLabel(j.name) && <span>{jobLabel(j.name)} </span>}
            <span className={jobLabel(j.name) ? 'ss-admin-muted' : undefined}>{j.name}</span>
          </div>
          <div className="ss-admin-muted">#{j.id}</div>
        </div>
      ),
    },
    { title: '狀態', dataIndex: 'state', width: 90, render: (s: JobStateName) => <Tag color={STATE_COLOR[s]}>{STATE_LABEL[s]}</Tag> },
    { title: '嘗試次數', key: 'attempts', width: 90, render: (_, j) => `${j.attemptsMade} / ${j.maxAttempts}` },
    { title: '建立時間', dataIndex: 'createdAt', width: 150, render: (v: string) => <span className="ss-admin-nowrap">{taipeiDateTime(v)}</span> },
    { title: '結束時間', dataIndex: 'finishedAt', width: 150, render: (v?: string) => <span className="ss-admin-nowrap">{taipeiDateTime(v)}</span> },
    {
      title: '失敗原因',
      dataIndex: 'failedReason',
      width: 220,
      render: (v?: string) =>
        v ? (
          <span className="ss-admin-failed-reason" title={v}>
            {v}
          </span>
        ) : (
          ''
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, j) => {
        const ref = { queue: j.queue, jobId: j.id };
        return (
          <Space size={4}>
            {canRetry(j.state) && (
              <Popconfirm title="重試這個任務？" description={`${j.name} #${j.id}`} okText="重試" cancelText="取消" onConfirm={() => act('retry', ref)}>
                <Button size="small" loading={retrying.isLoading && retrying.originalArgs?.jobId === j.id}>
                  重試
                </Button>
              </Popconfirm>
            )}
            {canRemove(j.state) && (
              <Popconfirm
                title="移除這個任務？"
                description="移除後無法復原。"
                okText="移除"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => act('remove', ref)}
              >
                <Button size="small" danger loading={removing.isLoading && removing.originalArgs?.jobId === j.id}>
                  移除
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  const boardUrl = overview.data?.success ? overview.data.boardUrl : null;
  const overviewFailed = overview.error || (overview.data && !overview.data.success);
  const listFailed = list.error || (list.data && !list.data.success);

  return (
    <AdminPage
      title="任務佇列"
      subtitle={
        overview.data?.success ? (
          <>
            執行方式：{overview.data.driver === 'bullmq' ? 'Redis（BullMQ）' : '程式內佇列'}
            {auto ? `，每 ${JOBS_REFRESH_MS / 1000} 秒自動更新` : ''}
          </>
        ) : undefined
      }
      extra={
        <>
          {boardUrl && (
            <Button href={boardUrl} icon={<ExportOutlined />}>
              Bull Board
            </Button>
          )}
          <span className="ss-admin-nowrap" style={{ alignSelf: 'center' }}>
            <Switch size="small" checked={auto} onChange={(on) => select({ auto: on })} aria-label="自動更新" /> 自動更新
          </span>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              void overview.refetch();
              if (queue) void list.refetch();
            }}
          >
            重新整理
          </Button>
        </>
      }
      testId="admin-jobs"
    >
      <div className="ss-admin-panel" style={{ marginBottom: 16 }}>
        {overviewFailed && (
          <Alert type="error" showIcon title={messageOf(overview.error ?? overview.data) ?? '載入任務佇列失敗'} style={{ marginBottom: 12 }} />
        )}
        <Table<QueueCountsView>
          rowKey="name"
          size="small"
          columns={countColumns}
          dataSource={queues}
          loading={overview.isLoading}
          pagination={false}
          scroll={{ x: 600 }}
          locale={{ emptyText: '沒有佇列' }}
        />
      </div>
      <div className="ss-admin-panel">
        <div className="ss-admin-filters">
          <Select
            aria-label="佇列"
            value={queue || undefined}
            placeholder="佇列"
            style={{ minWidth: 160 }}
            options={queues.map((q) => ({ value: q.name, label: queueLabel(q.name) }))}
            onChange={(q: string) => select({ queue: q })}
          />
          <Segmented<JobStateName>
            value={state}
            options={JOB_STATES.map((s) => ({ value: s, label: STATE_LABEL[s] }))}
            onChange={(s) => select({ state: s })}
            aria-label="狀態"
            style={{ overflowX: 'auto', maxWidth: '100%' }}
          />
        </div>
        {listFailed && <Alert type="error" showIcon title={messageOf(list.error ?? list.data) ?? '載入任務失敗'} style={{ marginBottom: 12 }} />}
        <Table<JobView>
          rowKey={(j) => `${j.queue}:${j.id}`}
          size="small"
          columns={jobColumns}
          dataSource={list.data?.success ? list.data.jobs : []}
          loading={list.isLoading}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 1030 }}
          expandable={{
            expandedRowRender: (j) => <pre className="ss-admin-json">{JSON.stringify(j.data, null, 2)}</pre>,
            rowExpandable: (j) => j.data !== undefined && j.data !== null,
          }}
          locale={{ emptyText: `沒有${STATE_LABEL[state]}的任務` }}
        />
      </div>
    </AdminPage>
  );
}
