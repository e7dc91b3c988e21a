import type { Envelope } from './envelope';
import type { AdjustmentView, OrderItemView, OrderView } from './orders';

/**
 * Shapes of the back-office answers (spec 2 §7 admin calls, spec 3 §7 login and notifications,
 * and the calls beyond the spec: staff, audit, shipping tickets, refunds, returns, jobs). Written
 * once, imported by the server (src/modules/*) and the client (client/src/admin via @api).
 * Dates are ISO 8601 (UTC) unless a field says otherwise.
 */

/** owner: everything (staff, audit); staff: members, orders, shipping, refunds; editor: catalogue and content. */
export type AdminRole = 'owner' | 'staff' | 'editor';

// ---------------------------------------------------------------- sign-in (spec 3 §7)

/** POST /api/admin/login. `needOtp`: the account has two-factor on and no (or a wrong) code came. */
export type AdminLoginAnswer = Envelope<{
  isOut?: boolean;
  needOtp?: boolean;
  adminname?: string;
  role?: AdminRole;
  /** A fresh CSRF token bound to the new admin session. */
  csrfToken?: string;
}>;

/** GET /api/admin/checkLogin (also /api/admin/checklogin). */
export type AdminCheckAnswer = Envelope<{
  isLoggedIn: boolean;
  adminname?: string;
  role?: AdminRole;
  /** Production owners without two-factor may only set it up. */
  mustSetupTotp?: boolean;
  totpEnabled?: boolean;
}>;

export type TotpSetupAnswer = Envelope<{ secret: string; otpauthUrl: string; qrDataUrl: string }>;

/** GET /api/admin/csrf-token: the back office's own CSRF token (cookies `acsrf`/`avid`, bound to the admin session). */
export type AdminCsrfAnswer = Envelope<{ csrfToken: string }>;
/** POST /api/admin/logout (GET too): a fresh CSRF token for the signed-out browser. */
export type AdminLogoutAnswer = Envelope<{ csrfToken: string }>;

// ---------------------------------------------------------------- staff (owner)

export interface StaffView {
  id: number;
  username: string;
  display_name: string;
  role: AdminRole;
  is_active: number;
  totp_enabled: boolean;
  last_login_at: string | null;
  created_at: string;
}
export type StaffListAnswer = Envelope<{ staff: StaffView[] }>;
/** POST /api/admin/staff, PUT /api/admin/staff/:id, POST /api/admin/staff/:id/password. */
export type StaffAnswer = Envelope<{ staff: StaffView }>;

// ---------------------------------------------------------------- audit

export interface AuditEntryView {
  id: number;
  created_at: string;
  admin_id: number | null;
  admin_username: string;
  /** e.g. `order.update-receiver`, `order.refund`, `staff.create`, `admin.login`. */
  action: string;
  /** e.g. `order`, `staff`, `notification_setting`. */
  entity: string;
  entity_id: string;
  /** Changed fields only: field → [before, after]. */
  changes: Record<string, [unknown, unknown]>;
  /** The changes as sentences of labels (訂單狀態：待付款 → 已付款, 運費：60 → 80), what the screens show (the server always sends them). */
  lines?: string[];
  /** A short zh-TW text for the screen (e.g. 建立出貨單 7-11 C2C). */
  summary: string;
}
export type AuditLogsAnswer = Envelope<{ rows: AuditEntryView[]; total: number }>;

// ---------------------------------------------------------------- members (spec 2 §7)

export interface AdminMemberView {
  user_id: number;
  account: string | null;
  username: string;
  email: string;
  phone: string;
  gender: string;
  birthday: string;
  /** Which social logins are linked (never their ids' secrets). */
  logins: Array<'password' | 'google' | 'facebook' | 'line'>;
  is_active: number;
  /** Blocked by staff (停權): blocked_at is set. */
  blocked?: boolean;
  created_at: string;
  order_count: number;
}
export type AdminUsersAnswer = Envelope<{ users: AdminMemberView[]; total: number }>;

/** A staff note on a member (never shown to the member). */
export interface MemberNoteView {
  id: number;
  content: string;
  admin_name: string;
  created_at: string;
}

/** An order in the member detail (links to the admin order). */
export interface MemberOrderRow {
  id: number;
  MerTradeNo: string;
  created_at: string;
  total_amount: number;
  status_label: string;
  payment_status_label: string;
}

/**
 * `GET /api/admin/members/{id}` (issue 21 §6, 會員管理 → the member): profile, addresses, orders,
 * points and tier, reviews, staff notes, block state. Points history and reviews page through
 * their own calls (`/api/admin/members/{id}/points`, `/api/admin/reviews?user_id=`).
 */
export type AdminMemberDetailAnswer = Envelope<{
  member: AdminMemberView & {
    blocked_at: string | null;
    blocked_reason: string;
    last_login_at: string | null;
  };
  /** The address book: `address` is the home address or the pickup store (name, id, address); receiver_name / phone are the member's. */
  addresses: Array<{ id: number; shipping_type?: string; receiver_name: string; phone: string; address: string; is_default: number }>;
  orders: MemberOrderRow[];
  orders_total: number;
  points: { balance: number; pending: number; tier: string };
  reviews_count: number;
  notes: MemberNoteView[];
}>;
/** `POST /api/admin/members/{id}/notes` { content (1–500) } → notes. `PUT /api/admin/members/{id}/block` { blocked: boolean, reason (2–100 when blocking) } → message 已停權 / 已解除停權. */
export type AdminMemberNotesAnswer = Envelope<{ notes: MemberNoteView[] }>;

// ---------------------------------------------------------------- orders (spec 2 §7, spec 1 loadconifg)

export interface AdminConfigAnswerFields {
  payment_status_methods: Array<{ status_code: number; status_label: string; color: string }>;
  payment_methods: Array<{ method_code: string; method_label: string }>;
  shipping_methods: Array<{ id: number; name: string; icon_url: string }>;
  order_status_codes: Array<{ status_name: string; status_label: string; color: string }>;
}
export type AdminConfigAnswer = Envelope<AdminConfigAnswerFields>;

/** An order in the admin list and detail: the member's view plus what staff need. */
export interface AdminOrderView extends Omit<OrderView, 'cancellable'> {
  invoice_status: string;
  /** Refunded so far (NT$). */
  refunded_amount: number;
  /** The latest shipping ticket's status, '' when none. */
  ticket_status: string;
  /** What staff may do now (the server refuses the rest anyway). */
  can: { editReceiver: boolean; createTicket: boolean; markShipped: boolean; queryStatus: boolean; refund: boolean; startProcessing?: boolean; cancel?: boolean };
}

export type AdminOrdersAnswer = Envelope<{ orders: AdminOrderView[]; total: number; totalPaidAmount: number }>;

export interface ShippingTicketView {
  id: number;
  order_id: number;
  ship_trade_no: string;
  /** '1' store, '2' home. */
  ship_type: string;
  /** 'C2C' | 'HOME' | 'MANUAL' (全家 / 萊爾富 entered by hand). */
  lgs_type: string;
  goods_type: string;
  ship_date: string;
  delivery_date: string;
  spec: string;
  memo: string;
  /** 'pending' (job queued) | 'created' | 'failed' | 'duplicate'. */
  status: string;
  /** The failure text for staff ('' when fine). */
  message: string;
  /** Carrier and tracking number of a hand-entered shipment. */
  carrier: string;
  /** Printable label page, GET (same origin, admin session); '' when none. */
  label_url: string;
  /** Last known logistics status (PROVIDERS §3 ShipStatus) and its text. */
  ship_status: string;
  ship_status_desc: string;
  ship_status_time: string | null;
  created_by: string;
  created_at: string;
}

export interface RefundView {
  id: number;
  order_id: number;
  amount: number;
  /** 'credit-refund' | 'credit-void' | 'linepay' | 'bank-transfer' | 'cod' */
  method: string;
  /** 'pending' | 'done' | 'failed' | 'manual' (a bank transfer staff still must make). */
  status: string;
  reason: string;
  restock: boolean;
  /** Bank details of a manual refund (account masked except the last 5 digits). */
  bank: { bank_code: string; account: string; name: string } | null;
  message: string;
  created_by: string;
  created_at: string;
  /** Of `amount`, the shipping fee given back (the rest is on `items`, by line). */
  shipping_amount: number;
  /** What this refund took of each line (`quantity` 0 when an amount was spread over the lines). */
  items: { order_item_id: number; quantity: number; amount: number }[];
}

/**
 * Extra money received for an order that must go back (issue 19 §8, 待退款的額外付款): a payment after
 * the order was fully refunded, a second payment by another attempt, an old ATM / CVS amount after
 * re-pricing. Refunded on its own (`POST /api/admin/refundExtraPayment`), outside the order's refunds.
 */
export interface ExtraPaymentView {
  id: number;
  order_id: number;
  /** 'after-refund' | 'paid-twice' | 'old-amount' */
  source: string;
  /** zh-TW: why it is extra (退款後收到的付款 …). */
  source_label: string;
  /** Payment method code of the paid attempt (its refund path). */
  method: string;
  mer_trade_no: string;
  trade_no: string;
  amount: number;
  /** 'open' | 'pending' | 'refunded' */
  status: string;
  status_label: string;
  /** true: refunded by a bank transfer staff make (ATM, CVS): the form asks for the account. */
  manual: boolean;
  refund_method: string;
  refund_ref: string;
  message: string;
  refunded_by: string;
  refunded_at: string | null;
  created_at: string;
}
export type RefundExtraPaymentAnswer = Envelope<{ extraPayment: ExtraPaymentView }>;

/** A line of an order as the refund form sees it: what it cost and what may still be refunded. */
export interface RefundableLineView {
  order_item_id: number;
  /** 'item', 'gift' (滿額贈, NT$ 0) or 'addon' (加價購). */
  line_kind: string;
  title: string;
  variant_name: string;
  price: number;
  quantity: number;
  /** price × quantity − its share of discounts. */
  amount: number;
  refunded_quantity: number;
  refunded_amount: number;
  left_quantity: number;
  left_amount: number;
}

/** `GET /api/admin/refundable?order_id=`: the refund form's lines, the shipping fee left, the total refundable. */
export interface RefundableView {
  order_id: number;
  lines: RefundableLineView[];
  shipping_fee: number;
  shipping_left: number;
  refundable: number;
}

export interface ReturnRequestView {
  id: number;
  order_id: number;
  reason: string;
  /** 'requested' | 'approved' | 'refused' */
  status: string;
  staff_reason: string;
  created_at: string;
  handled_at: string | null;
}

export interface AdminOrderDetails {
  order: AdminOrderView;
  items: OrderItemView[];
  tickets: ShippingTicketView[];
  refunds: RefundView[];
  returnRequests: ReturnRequestView[];
  /** Extra money received that must go back (待退款的額外付款), oldest first. */
  extraPayments?: ExtraPaymentView[];
  /** This order's audit trail, newest first. */
  history: AuditEntryView[];
}
export type AdminOrderDetailsAnswer = Envelope<{ orderDetails: AdminOrderDetails }>;

/**
 * `POST /api/admin/addOrderDiscount {order_id, amount, reason}` (訂單折扣, owner and staff): the
 * order's money after the discount; `repriced` false when an ATM / CVS code could not be issued again.
 */
export type OrderDiscountAnswer = Envelope<{
  order_id: number;
  subtotal: number;
  discount_total: number;
  shipping_fee: number;
  total_amount: number;
  payment_code: string;
  repriced: boolean;
  adjustments: AdjustmentView[];
}>;

/** POST /api/admin/createShippingOrder. `result`: the ticket page HTML (spec); `pending`: the job is still running — poll getShippingTicket. */
export type CreateShippingOrderAnswer = Envelope<{ result?: string; ticket?: ShippingTicketView; pending?: boolean; pdfUrl?: string }>;
export type ShippingTicketAnswer = Envelope<{ ticket: ShippingTicketView; result?: string }>;

/** POST /api/admin/getShippingStatus (spec 2 §3 "Logistics status"). */
export interface LogisticsStatusView {
  ShipTradeNo: string;
  ShipStatus: string;
  ShipStatusDesc: string;
  ShipStatusTime: string;
  Consignee: string;
  ConsigneeMobile: string;
  LgsType: string;
  StoreName: string;
  StoreID: string;
  /** The order's status_name after applying the status. */
  orderStatusCode: string;
}
export type ShippingStatusAnswer = Envelope<{ result: LogisticsStatusView }>;

export type RefundAnswer = Envelope<{ refund: RefundView }>;
export type RefundableAnswer = Envelope<{ refundable: RefundableView }>;
/** POST /api/admin/handleReturnRequest {request_id, approve, reason}. */
export type ReturnRequestAnswer = Envelope<{ returnRequest: ReturnRequestView }>;
/** POST /api/admin/refundBankAccount {refund_id}: the full account of a manual refund, to make the transfer (audited). */
export type RefundBankAnswer = Envelope<{ bank: { bank_code: string; account: string; name: string } }>;
/** GET /api/admin/refundSettings (owner, staff); POST /api/admin/updateRefundSettings {staffRefundLimit} (owner). NT$. */
export type RefundSettingsAnswer = Envelope<{ staffRefundLimit: number }>;

// ---------------------------------------------------------------- notifications (spec 3 §7)

export interface NotificationSettingView {
  id: number;
  setting_type: string;
  setting_name: string;
  is_telegram: number;
}
export type NotificationSettingsAnswer = Envelope<{ notificationsSettings: NotificationSettingView[] }>;

// ---------------------------------------------------------------- operators' job view

export type JobStateName = 'waiting' | 'active' | 'delayed' | 'completed' | 'failed';
export interface QueueCountsView {
  name: string;
  counts: Record<JobStateName, number>;
}
export type JobsOverviewAnswer = Envelope<{ driver: 'bullmq' | 'in-process'; queues: QueueCountsView[]; boardUrl: string | null }>;
export interface JobView {
  id: string;
  name: string;
  queue: string;
  state: JobStateName;
  data: unknown;
  attemptsMade: number;
  maxAttempts: number;
  failedReason?: string;
  createdAt: string;
  finishedAt?: string;
}
export type JobsListAnswer = Envelope<{ jobs: JobView[] }>;
