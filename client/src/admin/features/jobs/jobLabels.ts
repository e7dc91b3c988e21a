import type { JobStateName } from '@api/admin';

export const JOB_STATES: readonly JobStateName[] = ['waiting', 'active', 'delayed', 'failed', 'completed'];

export const STATE_LABEL: Record<JobStateName, string> = {
  waiting: '等待中',
  active: '執行中',
  delayed: '延遲',
  failed: '失敗',
  completed: '已完成',
};

export const STATE_COLOR: Record<JobStateName, string> = {
  waiting: 'blue',
  active: 'processing',
  delayed: 'gold',
  failed: 'red',
  completed: 'green',
};

/** The queues of src/jobs/job-types.ts in words (an unknown queue shows its name). */
const QUEUE_LABEL: Record<string, string> = {
  mail: '郵件',
  sms: '簡訊',
  shipping: '物流',
  invoice: '發票',
  telegram: 'Telegram 通知',
  reconciliation: '付款對帳',
  maintenance: '維護',
};

export const queueLabel = (name: string) => QUEUE_LABEL[name] ?? name;

/** What an operator may do with a job in this state: retry a failed one; remove one that is not running. */
export const canRetry = (state: JobStateName) => state === 'failed';
export const canRemove = (state: JobStateName) => state !== 'active';
