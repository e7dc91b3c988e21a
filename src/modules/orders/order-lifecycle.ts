/**
 * The order's lifecycle, declared: read it top to bottom.
 *
 *   1. The machines and their states (with the labels shopper and staff read).
 *   2. Who may move them (actors; staff roles).
 *   3. The transition table: every allowed move, its guards, who makes it and what follows.
 *   4. `planMove`: the pure check of one move against an order's current row, and the conditional
 *      UPDATE it becomes. The runner (order-lifecycle.runner.ts) executes the plan in the caller's
 *      transaction and writes one `order_transitions` row per machine moved.
 *
 * Services never compare status strings to decide a move: they ask for a move by name
 * (OrderStateService does, for every module) and take its answer. An illegal move is refused with
 * 訂單狀態已變更，請重新整理 (409), unless the caller has a more specific message for that case.
 * No database, no Nest here: the table is unit-tested without starting the app.
 */
import { ONLINE_METHODS as PAYMENT_ONLINE_METHODS } from '../payments/payment-provider';

// ---------------------------------------------------------------------------------------------
// 1. Machines and states
// ---------------------------------------------------------------------------------------------

/** The machines an `order_transitions` row names. */
export type Machine = 'order' | 'payment' | 'return' | 'refund';

/** orders.status_name. */
export const ORDER_STATES = ['pending', 'paid', 'processing', 'shipped', 'delivered', 'completed', 'cancelled', 'returned'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/**
 * What each order state reads as (the order_status_codes reference rows say the same). `pending`
 * reads 待付款 for an unpaid online order (the shopper still has to pay) and 處理中 otherwise (cash on
 * delivery waiting to be prepared): see `orderStatusLabel`.
 */
export const ORDER_STATE_LABEL: Readonly<Record<OrderState, string>> = {
  pending: '處理中',
  paid: '已付款',
  processing: '備貨中',
  shipped: '已出貨',
  delivered: '已送達',
  completed: '已完成',
  cancelled: '已取消',
  returned: '已退貨',
};
/** `pending` of an online order not paid yet. */
export const AWAITING_PAYMENT_LABEL = '待付款';

/** orders.payment_status (the payment_status_codes rows). */
export const PAYMENT_STATES = ['unpaid', 'paid', 'failed', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_CODE: Readonly<Record<PaymentState, number>> = { unpaid: 0, paid: 1, failed: 2, refunded: 3 };
export const PAYMENT_STATE_LABEL: Readonly<Record<PaymentState, string>> = { unpaid: '未付款', paid: '已付款', failed: '付款失敗', refunded: '已退款' };

/** orders.return_status: the member's return request ('' = none). */
export const RETURN_STATES = ['', 'requested', 'approved', 'refused'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];
export const RETURN_STATE_LABEL: Readonly<Record<ReturnState, string>> = { '': '無', requested: '待審核', approved: '已同意', refused: '已拒絕' };

/** refunds.status, one refund of an order ('' = not made yet). */
export const REFUND_STATES = ['', 'pending', 'done', 'failed', 'manual'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const REFUND_STATE_LABEL: Readonly<Record<RefundState, string>> = { '': '無', pending: '處理中', done: '已退款', failed: '失敗', manual: '待轉帳' };

/** Payment methods paid at a gateway before shipping; `cod` is paid on delivery (the one list: payment-provider.ts). */
export const ONLINE_METHODS: readonly string[] = PAYMENT_ONLINE_METHODS;

export const MACHINE_LABEL: Readonly<Record<Machine, string>> = { order: '訂單狀態', payment: '付款狀態', return: '退貨狀態', refund: '退款狀態' };

export function paymentStateOf(code: number): PaymentState {
  return PAYMENT_STATES.find((s) => PAYMENT_STATE_CODE[s] === code) ?? 'unpaid';
}

/** The label of an order's status as shopper and staff read it (`codeLabel`: the order_status_codes row's, when loaded). */
export function orderStatusLabel(o: { status_name: string; payment_status: number; payment: string }, codeLabel?: string): string {
  if (o.status_name === 'pending' && ONLINE_METHODS.includes(o.payment) && o.payment_status !== PAYMENT_STATE_CODE.paid) return AWAITING_PAYMENT_LABEL;
  return codeLabel ?? ORDER_STATE_LABEL[o.status_name as OrderState] ?? o.status_name;
}

/** A state of `machine` as a label (`payment`: the order's method, for `pending`). */
export function stateLabel(machine: Machine, state: string, payment?: string): string {
  switch (machine) {
    case 'order':
      if (state === 'pending' && payment !== undefined) return ONLINE_METHODS.includes(payment) ? AWAITING_PAYMENT_LABEL : ORDER_STATE_LABEL.pending;
      return ORDER_STATE_LABEL[state as OrderState] ?? state;
    case 'payment':
      return PAYMENT_STATE_LABEL[state as PaymentState] ?? state;
    case 'return':
      return RETURN_STATE_LABEL[state as ReturnState] ?? state;
    case 'refund':
      return REFUND_STATE_LABEL[state as RefundState] ?? state;
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Actors
// ---------------------------------------------------------------------------------------------

/** Who makes a move: the member, back-office staff, a gateway's callback, a scheduled job, the app itself. */
export type ActorKind = 'shopper' | 'staff' | 'gateway' | 'job' | 'system';
export type StaffRole = 'owner' | 'staff' | 'editor';
export const ACTOR_LABEL: Readonly<Record<ActorKind, string>> = { shopper: '會員', staff: '管理員', gateway: '金流／物流通知', job: '排程', system: '系統' };

export interface Actor {
  kind: ActorKind;
  /** Member or staff id. */
  id?: number | null;
  /** Staff username, member name, or the job / gateway name. */
  name?: string;
  /** Staff role (owner passes every staff check). */
  role?: StaffRole;
}

export const JOB: Actor = { kind: 'job' };
export const GATEWAY: Actor = { kind: 'gateway' };
export const SYSTEM: Actor = { kind: 'system' };

// ---------------------------------------------------------------------------------------------
// 3. The transition table
// ---------------------------------------------------------------------------------------------

/** One allowed move: guards per machine (`from`), the new states (`to`; absent = stays), who, and what follows. */
export interface TransitionRule {
  /** The move's name (several rows may share one: the first that fits the order's state applies). */
  move: MoveName;
  /** What staff read in the history. */
  label: string;
  order?: { from: readonly OrderState[]; to?: OrderState };
  payment?: { from: readonly PaymentState[]; to?: PaymentState };
  return?: { from: readonly ReturnState[]; to?: ReturnState };
  /** Only orders paid this way. */
  method?: 'cod' | 'online';
  by: readonly ActorKind[];
  /** Staff roles allowed when `by` has staff (owner always). */
  roles?: readonly StaffRole[];
  /** What follows, done by OrderStateService in the same transaction (outbox jobs, events). */
  then: readonly string[];
}

export type MoveName =
  | 'pay'
  | 'payLate'
  | 'payAfterCancel'
  | 'payAfterRefund'
  | 'paymentFailed'
  | 'retryPayment'
  | 'discount'
  | 'startProcessing'
  | 'ship'
  | 'deliver'
  | 'collectCod'
  | 'complete'
  | 'returnToSender'
  | 'cancel'
  | 'staffCancel'
  | 'refundFull'
  | 'requestReturn'
  | 'approveReturn'
  | 'refuseReturn';

const UNPAID: readonly PaymentState[] = ['unpaid', 'failed'];
const PAID_TO_LATE: readonly OrderState[] = ['paid', 'processing', 'shipped', 'delivered', 'completed', 'returned'];
const STAFF: readonly StaffRole[] = ['owner', 'staff'];

export const TRANSITIONS: readonly TransitionRule[] = [
  // -- payment ---------------------------------------------------------------------------------
  {
    move: 'pay',
    label: '付款完成',
    order: { from: ['pending'], to: 'paid' },
    payment: { from: UNPAID, to: 'paid' },
    by: ['gateway', 'job'],
    then: ['outbox invoice.issue (not cod)', 'outbox mail.order-paid, sms.order-paid', 'event order.paid'],
  },
  {
    // A payment for an order already moving on unpaid (cash on delivery being prepared): recorded, the status kept.
    move: 'payLate',
    label: '付款完成',
    order: { from: PAID_TO_LATE },
    payment: { from: UNPAID, to: 'paid' },
    by: ['gateway', 'job'],
    then: ['outbox invoice.issue (not cod)', 'outbox mail.order-paid, sms.order-paid', 'event order.paid'],
  },
  {
    // Money for an order the shopper no longer has: the order stays cancelled, staff refund it.
    move: 'payAfterCancel',
    label: '取消後收到付款（待退款）',
    order: { from: ['cancelled'] },
    payment: { from: UNPAID, to: 'paid' },
    by: ['gateway', 'job'],
    then: ['outbox telegram.notify refund_required', 'event order.paid-after-cancel'],
  },
  {
    // A signed paid notify for a fully refunded order: the refund state is kept, the late payment recorded for staff.
    move: 'payAfterRefund',
    label: '退款後收到付款（待退款）',
    payment: { from: ['refunded'], to: 'refunded' },
    by: ['gateway', 'job'],
    then: ['outbox telegram.notify refund_required', 'event order.paid-after-refund'],
  },
  {
    move: 'paymentFailed',
    label: '付款失敗',
    order: { from: ['pending'] },
    payment: { from: ['unpaid'], to: 'failed' },
    method: 'online',
    by: ['gateway', 'job', 'shopper'],
    then: [],
  },
  {
    // 重新付款 / 更換付款方式 inside the payment window (issue 19 §6, order-payment-retry.service.ts): the
    // order is unpaid again, possibly by another method, while a new attempt starts at the gateway.
    move: 'retryPayment',
    label: '重新付款',
    order: { from: ['pending'] },
    payment: { from: UNPAID, to: 'unpaid' },
    method: 'online',
    by: ['shopper'],
    then: ['a new payment attempt under its own gateway number (<order>R<n>)'],
  },
  {
    // Staff 訂單折扣 (admin-order-discount.service.ts): the order's money may change only while it awaits
    // its payment; no state changes (the service writes the adjustment and re-prices under its own
    // conditional UPDATE). A card / LINE Pay page still open is the service's own refusal.
    move: 'discount',
    label: '訂單折扣',
    order: { from: ['pending'] },
    payment: { from: UNPAID },
    by: ['staff'],
    roles: STAFF,
    then: ['order_adjustments manual row, lines re-spread, total lowered', 'audit order.discount', 'a new ATM / CVS code (<order>R<n>) when one was issued'],
  },
  // -- fulfilment ------------------------------------------------------------------------------
  {
    move: 'startProcessing',
    label: '開始備貨',
    order: { from: ['paid'], to: 'processing' },
    payment: { from: ['paid'] },
    by: ['staff'],
    roles: STAFF,
    then: [],
  },
  {
    move: 'startProcessing',
    label: '開始備貨',
    order: { from: ['pending', 'paid'], to: 'processing' },
    payment: { from: ['unpaid', 'paid'] },
    method: 'cod',
    by: ['staff'],
    roles: STAFF,
    then: [],
  },
  {
    move: 'ship',
    label: '出貨',
    order: { from: ['paid', 'processing'], to: 'shipped' },
    payment: { from: ['paid'] },
    by: ['staff', 'job', 'gateway'],
    roles: STAFF,
    then: ['ship_trade_no set'],
  },
  {
    move: 'ship',
    label: '出貨',
    order: { from: ['pending', 'paid', 'processing'], to: 'shipped' },
    payment: { from: ['unpaid', 'paid'] },
    method: 'cod',
    by: ['staff', 'job', 'gateway'],
    roles: STAFF,
    then: ['ship_trade_no set', 'outbox invoice.issue (cod is invoiced when it ships)'],
  },
  {
    move: 'deliver',
    label: '已送達',
    order: { from: ['shipped'], to: 'delivered' },
    by: ['gateway', 'job', 'staff'],
    roles: STAFF,
    then: ['delivered_at set (the return window and the completion clock start)', 'collectCod'],
  },
  {
    move: 'collectCod',
    label: '貨到付款已收款',
    order: { from: ['delivered'] },
    payment: { from: ['unpaid'], to: 'paid' },
    method: 'cod',
    by: ['gateway', 'job', 'staff'],
    roles: STAFF,
    then: ['paid_at set', 'event order.paid'],
  },
  {
    // ORDER_COMPLETION_DAYS after delivery, unless a return request or a refund is open (the job's query).
    move: 'complete',
    label: '訂單完成',
    order: { from: ['delivered'], to: 'completed' },
    payment: { from: ['paid'] },
    return: { from: ['', 'refused'] },
    by: ['job'],
    then: ['completed_at set (the return window closes)'],
  },
  {
    move: 'returnToSender',
    label: '包裹退回',
    order: { from: ['shipped'], to: 'returned' },
    by: ['gateway', 'job'],
    then: ['order_status_msg set', 'outbox invoice.void (unpaid cod)'],
  },
  // -- cancel and refund -----------------------------------------------------------------------
  {
    move: 'cancel',
    label: '取消訂單',
    order: { from: ['pending'], to: 'cancelled' },
    payment: { from: UNPAID },
    by: ['shopper', 'gateway', 'job', 'system'],
    then: ['cancelled_at, order_status_msg set', 'stock released', 'outbox payments.cancel-code (cvs with a code)', 'event order.cancelled'],
  },
  {
    move: 'staffCancel',
    label: '管理員取消訂單',
    order: { from: ['pending', 'processing'], to: 'cancelled' },
    payment: { from: ['unpaid'] },
    method: 'cod',
    by: ['staff'],
    roles: STAFF,
    then: ['cancelled_at, order_status_msg set', 'stock released', 'audit order.cancel', 'event order.cancelled'],
  },
  {
    // A full refund before the goods left: the order is cancelled.
    move: 'refundFull',
    label: '全額退款',
    order: { from: ['pending', 'paid', 'processing', 'cancelled'], to: 'cancelled' },
    payment: { from: ['paid'], to: 'refunded' },
    by: ['staff', 'job', 'gateway', 'system'],
    roles: STAFF,
    then: ['cancelled_at, order_status_msg set'],
  },
  {
    // A full refund after the goods left: the order is returned.
    move: 'refundFull',
    label: '全額退款',
    order: { from: ['shipped', 'delivered', 'completed', 'returned'], to: 'returned' },
    payment: { from: ['paid'], to: 'refunded' },
    by: ['staff', 'job', 'gateway', 'system'],
    roles: STAFF,
    then: [],
  },
  // -- returns (鑑賞期) --------------------------------------------------------------------------
  {
    move: 'requestReturn',
    label: '申請退貨',
    order: { from: ['delivered'] },
    payment: { from: ['paid'] },
    return: { from: [''], to: 'requested' },
    by: ['shopper'],
    then: ['outbox telegram.notify refund_request'],
  },
  { move: 'approveReturn', label: '同意退貨', return: { from: ['requested'], to: 'approved' }, by: ['staff', 'system'], roles: STAFF, then: ['audit'] },
  { move: 'refuseReturn', label: '拒絕退貨', return: { from: ['requested'], to: 'refused' }, by: ['staff', 'system'], roles: STAFF, then: ['audit'] },
];

/** A refund row's moves (refunds.status; the refunds module writes them). */
export const REFUND_TRANSITIONS: ReadonlyArray<{ from: readonly RefundState[]; to: RefundState; by: readonly ActorKind[] }> = [
  { from: [''], to: 'pending', by: ['staff'] },
  { from: [''], to: 'done', by: ['staff'] },
  { from: [''], to: 'failed', by: ['staff'] },
  { from: [''], to: 'manual', by: ['staff'] },
  { from: ['pending'], to: 'done', by: ['job', 'gateway'] },
  { from: ['pending'], to: 'failed', by: ['job', 'gateway'] },
  { from: ['manual'], to: 'done', by: ['staff'] },
];

export function canMoveRefund(from: RefundState, to: RefundState, actor: ActorKind): boolean {
  return REFUND_TRANSITIONS.some((t) => t.from.includes(from) && t.to === to && t.by.includes(actor));
}

// ---------------------------------------------------------------------------------------------
// 4. Planning a move
// ---------------------------------------------------------------------------------------------

/** The columns of an order the machines read. */
export interface OrderStateRow {
  status_name: string;
  payment_status: number;
  return_status: string;
  payment: string;
}

export interface MoveTransition {
  machine: Machine;
  from: string;
  to: string;
}

export type MovePlan =
  | {
      ok: true;
      rule: TransitionRule;
      /** Columns the UPDATE sets (empty: nothing changes, a history row only). */
      set: Partial<Pick<OrderStateRow, 'status_name' | 'payment_status' | 'return_status'>>;
      /** The UPDATE's condition besides the id: the exact current states. */
      where: Partial<Pick<OrderStateRow, 'status_name' | 'payment_status' | 'return_status'>>;
      transitions: MoveTransition[];
    }
  | { ok: false; why: 'illegal' | 'forbidden' };

export const LIFECYCLE_MSG = {
  /** An illegal move (the order moved on meanwhile, or never could). */
  changed: '訂單狀態已變更，請重新整理',
} as const;

/** The rule's state guards (order, payment, return) fit the order. */
function fitsStates(rule: TransitionRule, row: OrderStateRow): boolean {
  if (rule.order && !rule.order.from.includes(row.status_name as OrderState)) return false;
  if (rule.payment && !rule.payment.from.includes(paymentStateOf(row.payment_status))) return false;
  if (rule.payment && !PAYMENT_STATES.some((s) => PAYMENT_STATE_CODE[s] === row.payment_status)) return false;
  if (rule.return && !rule.return.from.includes((row.return_status ?? '') as ReturnState)) return false;
  return true;
}

/** The rule's payment-method guard fits the order. */
function fitsMethod(rule: TransitionRule, row: OrderStateRow): boolean {
  if (rule.method === 'cod' && row.payment !== 'cod') return false;
  if (rule.method === 'online' && !ONLINE_METHODS.includes(row.payment)) return false;
  return true;
}

function fits(rule: TransitionRule, row: OrderStateRow): boolean {
  return fitsStates(rule, row) && fitsMethod(rule, row);
}

function allowed(rule: TransitionRule, actor: Actor): boolean {
  if (!rule.by.includes(actor.kind)) return false;
  if (actor.kind === 'staff' && rule.roles) return actor.role === 'owner' || (actor.role !== undefined && rule.roles.includes(actor.role));
  return true;
}

/** The rules of a move, in table order. */
export function rulesOf(move: MoveName): TransitionRule[] {
  return TRANSITIONS.filter((t) => t.move === move);
}

/**
 * Whether `actor` may make `move` on an order in state `row`, and the conditional UPDATE it is:
 * the first row of the move whose guards fit. 'forbidden': a row fits but not for this actor.
 */
export function planMove(move: MoveName, row: OrderStateRow, actor: Actor): MovePlan {
  const fitting = rulesOf(move).filter((r) => fits(r, row));
  if (fitting.length === 0) return { ok: false, why: 'illegal' };
  const rule = fitting.find((r) => allowed(r, actor));
  if (!rule) return { ok: false, why: 'forbidden' };
  const set: Partial<Pick<OrderStateRow, 'status_name' | 'payment_status' | 'return_status'>> = {};
  const where: Partial<Pick<OrderStateRow, 'status_name' | 'payment_status' | 'return_status'>> = {};
  const transitions: MoveTransition[] = [];
  if (rule.order) where.status_name = row.status_name;
  if (rule.payment) where.payment_status = row.payment_status;
  if (rule.return) where.return_status = row.return_status ?? '';
  if (rule.order?.to) {
    if (rule.order.to !== row.status_name) set.status_name = rule.order.to;
    transitions.push({ machine: 'order', from: row.status_name, to: rule.order.to });
  }
  if (rule.payment?.to) {
    const to = PAYMENT_STATE_CODE[rule.payment.to];
    if (to !== row.payment_status) set.payment_status = to;
    transitions.push({ machine: 'payment', from: paymentStateOf(row.payment_status), to: rule.payment.to });
  }
  if (rule.return?.to !== undefined) {
    if (rule.return.to !== (row.return_status ?? '')) set.return_status = rule.return.to;
    transitions.push({ machine: 'return', from: row.return_status ?? '', to: rule.return.to });
  }
  return { ok: true, rule, set, where, transitions };
}

/** Whether the move is allowed now (for buttons: `can.startProcessing` …). */
export function canMove(move: MoveName, row: OrderStateRow, actor: Actor): boolean {
  return planMove(move, row, actor).ok;
}

/**
 * Why `actor` may not make `move` now, for services that answer each case with its own message
 * (null: it may — exactly when `canMove` is true): 'state' — no row of the move fits the order's
 * states; 'method' — the states fit, not for this payment method; 'forbidden' — not for this actor.
 */
export function moveRefusal(move: MoveName, row: OrderStateRow, actor: Actor): 'state' | 'method' | 'forbidden' | null {
  const byStates = rulesOf(move).filter((r) => fitsStates(r, row));
  if (byStates.length === 0) return 'state';
  const fitting = byStates.filter((r) => fitsMethod(r, row));
  if (fitting.length === 0) return 'method';
  return fitting.some((r) => allowed(r, actor)) ? null : 'forbidden';
}

/** One transition as a sentence of labels: 訂單狀態：待付款 → 已付款. */
export function transitionSentence(t: { machine: string; from_state: string; to_state: string }, payment?: string): string {
  const m = t.machine as Machine;
  const name = MACHINE_LABEL[m] ?? t.machine;
  const label = (s: string) => (MACHINE_LABEL[m] ? stateLabel(m, s, payment) : s);
  if (t.from_state === t.to_state) return `${name}：${label(t.to_state)}`;
  return `${name}：${label(t.from_state)} → ${label(t.to_state)}`;
}
