/**
 * Every queue, job name and payload in one place (immich-style). A payload carries ids and the
 * few values a processor cannot look up; never card data or passwords. Jobs that carry a one-time
 * code are `sensitive`: removed from the queue as soon as they complete.
 */

export const QueueName = {
  Mail: 'mail',
  Sms: 'sms',
  Shipping: 'shipping',
  Invoice: 'invoice',
  Telegram: 'telegram',
  Line: 'line',
  Reconciliation: 'reconciliation',
  Maintenance: 'maintenance',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];
export const QUEUE_NAMES: readonly QueueName[] = Object.values(QueueName);

export const JobName = {
  MailContact: 'mail.contact',
  MailVerificationCode: 'mail.verification-code',
  SmsSend: 'sms.send',
  InvoiceIssue: 'invoice.issue',
  InvoiceVoid: 'invoice.void',
  InvoiceAllowance: 'invoice.allowance',
  ShippingCreateTicket: 'shipping.create-ticket',
  ShippingCancelTicket: 'shipping.cancel-ticket',
  LogisticsSyncStatus: 'logistics.sync-status',
  SmsParcelAtStore: 'sms.parcel-at-store',
  TelegramNotify: 'telegram.notify',
  PaymentsReconcile: 'payments.reconcile',
  PaymentsCancelCode: 'payments.cancel-code',
  MailOrderConfirmation: 'mail.order-confirmation',
  MailOrderPaid: 'mail.order-paid',
  MailOrderNewCode: 'mail.order-new-code',
  SmsOrderPaid: 'sms.order-paid',
  MailOrderRefunded: 'mail.order-refunded',
  MailOrderNews: 'mail.order-news',
  RefundsSettlePending: 'refunds.settle-pending',
  OrdersComplete: 'orders.complete',
  MaintenanceDemo: 'maintenance.demo',
  MemberNotice: 'member.notice',
  PointsExpiry: 'points.expiry',
  PointsBirthday: 'points.birthday',
  TiersEvaluate: 'tiers.evaluate',
  RestockNotify: 'restock.notify',
  LinePush: 'line.push',
  OrderNews: 'order.news',
  CartReminders: 'cart.reminders',
  SmsText: 'sms.text',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/** Why a one-time code was sent (spec 1 §registration / forgot password, spec 2 §email/phone change). */
export type SmsCodePurpose = 'register' | 'forgot-password' | 'phone-change' | 'account-delete';
/** An SMS without a code: tells the owner of an already registered number that someone tried to register it. */
export type SmsNotice = 'already-registered';

export interface JobPayloads {
  /** A stored contact message (spec 1 contact form) mailed to the shop; the processor loads it by id. */
  [JobName.MailContact]: { contactMessageId: number };
  /** E-mail change: the code to confirm the new address (`codeId`: its email_codes row; skipped once used or expired). Sensitive. */
  [JobName.MailVerificationCode]: { email: string; code: string; codeId?: number };
  /**
   * One-time code by SMS, or a notice without a code. `codeId`: the phone_codes row; the processor
   * skips the send once that code is used or expired. Sensitive.
   */
  [JobName.SmsSend]: { phone: string; purpose: SmsCodePurpose | SmsNotice; code?: string; codeId?: number };
  /** Issue the e-invoice of a paid order (job id `invoice:<orderId>`, exists once). */
  [JobName.InvoiceIssue]: { orderId: number };
  /** Void the e-invoice of a cancelled order. */
  [JobName.InvoiceVoid]: { orderId: number; reason: string };
  /** Issue an e-invoice allowance (折讓, Amego g0401) the member agreed to (the invoice_allowances row; job id `allowance:<id>`). */
  [JobName.InvoiceAllowance]: { allowanceId: number };
  /** Create the logistics ticket of an order at the provider (the `shipping_tickets` row `ticketId`; job id `ship-ticket:<ticketId>`). */
  [JobName.ShippingCreateTicket]: { orderId: number; ticketId: number; adminId?: number };
  /** Cancel at PAYUNi the live ticket of an order fully refunded before its parcel was handed over (job id `ship-cancel:<ticketId>`). */
  [JobName.ShippingCancelTicket]: { orderId: number; ticketId: number };
  /** Ask PAYUNi (`logistics/query`) about open shipments and apply their status (repeatable; job id `logistics-sync:<bucket>`). */
  [JobName.LogisticsSyncStatus]: { limit?: number };
  /** Tell the receiver the parcel reached the pickup store (no personal data in the payload); job id `sms-at-store:<ticketId>`. */
  [JobName.SmsParcelAtStore]: { ticketId: number };
  /**
   * Staff alert; sent only when the notification setting `settingType` has Telegram on. `text` names what
   * staff act on (an order's number, amount and buyer name — issue 11); never codes, addresses or payment data.
   */
  [JobName.TelegramNotify]: { settingType: string; text: string };
  /** Ask the gateway about pending orders older than `olderThanMinutes` (or one order). */
  [JobName.PaymentsReconcile]: { olderThanMinutes: number; orderId?: number };
  /** Cancel the unpaid CVS payment code of a cancelled order at PAYUNi (`cancel_cvs`); job id `cancel-code:<orderId>`. */
  [JobName.PaymentsCancelCode]: { orderId: number };
  /** Order confirmation e-mail (items, total, payment instructions); job id `mail-order:<orderId>`. */
  [JobName.MailOrderConfirmation]: { orderId: number };
  /** Payment received e-mail; job id `mail-paid:<orderId>`. */
  [JobName.MailOrderPaid]: { orderId: number };
  /**
   * 訂單金額已調整: the new ATM / CVS code after a staff 訂單折扣 (attempt `<order>R<n>`); job id `mail-new-code:<orderId>:<n>`.
   * `reason: 'switched'`: the member switched a failed card order to ATM / CVS (更換付款方式) — 付款資訊通知.
   */
  [JobName.MailOrderNewCode]: { orderId: number; attempt: string; reason?: 'repriced' | 'switched' };
  /** Payment received SMS (no code, no personal data in the payload); job id `sms-paid:<orderId>`. */
  [JobName.SmsOrderPaid]: { orderId: number };
  /** Refund notice e-mail to the buyer (one per refund once it is done or recorded for a transfer); job id `mail-refund:<refundId>`. */
  [JobName.MailOrderRefunded]: { refundId: number };
  /** The order e-mail of a parcel step or a cancel (issue 22 §6), once per order and kind (order_messages); job id `mail-news:<kind>:<orderId>`. */
  [JobName.MailOrderNews]: { orderId: number; kind: OrderMailNewsKind };
  /** Ask the gateways about refunds still `pending` (an answer that never came back); repeatable, job id `refunds-settle:<bucket>`. */
  [JobName.RefundsSettlePending]: { limit?: number };
  /** Complete delivered orders past ORDER_COMPLETION_DAYS (repeatable; job id `orders-complete:<bucket>`). */
  [JobName.OrdersComplete]: { limit?: number };
  /** Harmless job for tests and smoke checks; no handler is registered by the application. */
  [JobName.MaintenanceDemo]: { token: string };
  /**
   * A notice to one member on their channel (issue 21 §7; src/modules/member-notices): the text is built
   * from `kind` and `data` when sent; job id `notice:<kind>:<ref>` (one notice per thing told).
   */
  [JobName.MemberNotice]: { userId: number; kind: MemberNoticeKind; ref: string; data: Record<string, string | number> };
  /** Expire points at month end and send the 30-day reminders (repeatable; job id `points-expiry:<bucket>`). */
  [JobName.PointsExpiry]: { limit?: number };
  /** Birthday points to members whose birthday month it is (repeatable; job id `points-birthday:<bucket>`). */
  [JobName.PointsBirthday]: { limit?: number };
  /** Daily tier evaluation over all members (repeatable; job id `tiers-evaluate:<bucket>`). */
  [JobName.TiersEvaluate]: { limit?: number };
  /** Notify the open restock requests of variants whose stock went from 0 to above 0 (job id `restock:<variantId>:<n>`). */
  [JobName.RestockNotify]: { variantId: number };
  /**
   * One LINE push (issue 22 §2): `retryKey` is the message's X-Line-Retry-Key, made once when the
   * outbox row is written and kept across retries (a 409 answer counts as sent). `fallback`: what to
   * send by SMS instead when the member is no longer a friend (unfollowed, blocked).
   */
  [JobName.LinePush]: { userId: number; lineUserId: string; text: string; retryKey: string; fallback?: { phone: string; text: string } };
  /** One piece of order news (issue 22 §2, §6) routed by the member's notify_channel: LINE, SMS or e-mail. */
  [JobName.OrderNews]: { orderId: number; kind: OrderNewsKind; ref: string };
  /** Looks for carts untouched for CART_REMINDER_HOURS and reminds their members (issue 22 §3). */
  [JobName.CartReminders]: { limit?: number };
  /** A short SMS with no code (a LINE message's fallback, issue 22); job id `sms-fallback:<retryKey>`, so a re-run of the LINE job never queues it twice. */
  [JobName.SmsText]: { phone: string; text: string };
}

/** The order events whose e-mail is the `mail.order-news` job (the others have their own mail jobs). */
export type OrderMailNewsKind = 'shipped' | 'at-store' | 'delivered' | 'cancelled';

/** The order events that have a message on every channel (issue 22 §6). */
export type OrderNewsKind = 'placed' | 'paid' | 'shipped' | 'at-store' | 'delivered' | 'cancelled' | 'refunded' | 'allowance-consent';

/**
 * What a member notice tells (issue 21 §7). Transactional: about the member's own points, order,
 * review or request. Marketing notices (cart reminders, issue 22) will need consent.
 */
export type MemberNoticeKind = 'points-earned' | 'points-expiring' | 'points-birthday' | 'tier-upgrade' | 'review-reply' | 'restock' | 'cart-reminder';

/** Member notice kinds that are marketing: sent only with consent, on a marketing channel, with an unsubscribe link. */
export const MARKETING_NOTICE_KINDS: readonly MemberNoticeKind[] = ['cart-reminder'];

/**
 * Jobs run at once per queue, where the default (2) is too few: mail waits on the network (SMTP
 * round trips), so a burst of contact or order mails should not queue behind two connections. A
 * staff alert waits for its batch (up to STAFF_ALERT_BATCH_MS): every alert of a busy second must
 * be able to wait in the same message.
 */
export const QUEUE_CONCURRENCY: Partial<Record<QueueName, number>> = { [QueueName.Mail]: 5, [QueueName.Sms]: 4, [QueueName.Telegram]: 64 };

export interface JobDefinition {
  queue: QueueName;
  /** Carries a secret (one-time code): removed on completion, never listed with its payload. */
  sensitive: boolean;
}

export const JOB_DEFINITIONS: Readonly<Record<JobName, JobDefinition>> = {
  [JobName.MailContact]: { queue: QueueName.Mail, sensitive: false },
  [JobName.MailVerificationCode]: { queue: QueueName.Mail, sensitive: true },
  [JobName.SmsSend]: { queue: QueueName.Sms, sensitive: true },
  [JobName.InvoiceIssue]: { queue: QueueName.Invoice, sensitive: false },
  [JobName.InvoiceVoid]: { queue: QueueName.Invoice, sensitive: false },
  [JobName.InvoiceAllowance]: { queue: QueueName.Invoice, sensitive: false },
  [JobName.ShippingCreateTicket]: { queue: QueueName.Shipping, sensitive: false },
  [JobName.ShippingCancelTicket]: { queue: QueueName.Shipping, sensitive: false },
  [JobName.LogisticsSyncStatus]: { queue: QueueName.Shipping, sensitive: false },
  [JobName.SmsParcelAtStore]: { queue: QueueName.Sms, sensitive: false },
  [JobName.TelegramNotify]: { queue: QueueName.Telegram, sensitive: false },
  [JobName.PaymentsReconcile]: { queue: QueueName.Reconciliation, sensitive: false },
  [JobName.PaymentsCancelCode]: { queue: QueueName.Reconciliation, sensitive: false },
  [JobName.MailOrderConfirmation]: { queue: QueueName.Mail, sensitive: false },
  [JobName.MailOrderPaid]: { queue: QueueName.Mail, sensitive: false },
  [JobName.MailOrderNewCode]: { queue: QueueName.Mail, sensitive: false },
  [JobName.SmsOrderPaid]: { queue: QueueName.Sms, sensitive: false },
  [JobName.MailOrderRefunded]: { queue: QueueName.Mail, sensitive: false },
  [JobName.MailOrderNews]: { queue: QueueName.Mail, sensitive: false },
  [JobName.RefundsSettlePending]: { queue: QueueName.Reconciliation, sensitive: false },
  [JobName.OrdersComplete]: { queue: QueueName.Reconciliation, sensitive: false },
  [JobName.MaintenanceDemo]: { queue: QueueName.Maintenance, sensitive: false },
  [JobName.MemberNotice]: { queue: QueueName.Mail, sensitive: false },
  [JobName.PointsExpiry]: { queue: QueueName.Reconciliation, sensitive: false },
  [JobName.PointsBirthday]: { queue: QueueName.Reconciliation, sensitive: false },
  [JobName.TiersEvaluate]: { queue: QueueName.Reconciliation, sensitive: false },
  [JobName.RestockNotify]: { queue: QueueName.Mail, sensitive: false },
  [JobName.LinePush]: { queue: QueueName.Line, sensitive: false },
  [JobName.OrderNews]: { queue: QueueName.Mail, sensitive: false },
  [JobName.CartReminders]: { queue: QueueName.Reconciliation, sensitive: false },
  [JobName.SmsText]: { queue: QueueName.Sms, sensitive: false },
};

export function isJobName(name: string): name is JobName {
  return Object.prototype.hasOwnProperty.call(JOB_DEFINITIONS, name);
}

/** What a processor receives. */
export interface JobOf<N extends JobName = JobName> {
  id: string;
  name: N;
  queue: QueueName;
  data: JobPayloads[N];
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  maxAttempts: number;
}

/** A processor; it may run more than once for the same job and must be idempotent. */
export type JobHandlerFn<N extends JobName = JobName> = (job: JobOf<N>) => Promise<unknown> | unknown;
