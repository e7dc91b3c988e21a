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
  line: 'LINE 通知',
  reconciliation: '付款對帳',
  maintenance: '維護',
};

export const queueLabel = (name: string) => QUEUE_LABEL[name] ?? name;

/** The job names of src/jobs/job-types.ts in words (an unknown name shows itself only). */
const JOB_LABEL: Record<string, string> = {
  'mail.contact': '聯絡表單郵件',
  'mail.verification-code': '驗證碼郵件',
  'sms.send': '簡訊',
  'invoice.issue': '開立發票',
  'invoice.void': '作廢發票',
  'invoice.allowance': '發票折讓',
  'shipping.create-ticket': '建立物流單',
  'shipping.cancel-ticket': '取消物流單',
  'logistics.sync-status': '同步物流狀態',
  'sms.parcel-at-store': '到店取貨簡訊',
  'telegram.notify': 'Telegram 通知',
  'payments.reconcile': '付款對帳',
  'payments.cancel-code': '取消繳費代碼',
  'mail.order-confirmation': '訂單確認郵件',
  'mail.order-paid': '付款完成郵件',
  'mail.order-new-code': '新繳費代碼郵件',
  'sms.order-paid': '付款完成簡訊',
  'mail.order-refunded': '退款通知郵件',
  'refunds.settle-pending': '處理待退款',
  'orders.complete': '訂單完成',
  'maintenance.demo': '維護示範',
  'member.notice': '會員通知',
  'points.expiry': '購物金到期',
  'points.birthday': '生日購物金',
  'tiers.evaluate': '會員等級評定',
  'restock.notify': '貨到通知',
  'line.push': 'LINE 推播',
  'order.news': '訂單通知',
  'cart.reminders': '購物車提醒',
};

/** A job name in words, or '' when it has none (the screen then shows the name alone). */
export const jobLabel = (name: string) => JOB_LABEL[name] ?? '';

/** What an operator may do with a job in this state: retry a failed one; remove one that is not running. */
export const canRetry = (state: JobStateName) => state === 'failed';
export const canRemove = (state: JobStateName) => state !== 'active';
