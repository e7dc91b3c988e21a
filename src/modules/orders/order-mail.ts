import { ATM_BANKS, DELIVERY_SLOTS, HOME_SHIPPINGS } from '../../common/validation/checkout-rules';
import { adjustmentText } from '../../common/validation/order-discount-rules';
import { taipeiTimestamp } from '../../common/time/taipei-time';
import { headerSafe, type MailMessage } from '../../integrations/mail/mail-sender';
import { renderMail, type MailBrand, type MailDoc, type MailItemLine, type MailRow, type MailSection } from '../../integrations/mail/templates/mail-templates';
import type { OrderMailNewsKind } from '../../jobs/job-types';
import { LINE_KIND_LABEL } from './order-line-names';
import type { OrderAdjustment } from './entities/order-adjustment.entity';
import type { OrderItem } from './entities/order-item.entity';
import type { Order } from './entities/order.entity';
import { PAYMENT_STATE_CODE } from './order-lifecycle';

/**
 * The buyer's order messages (issue 10, beyond the spec; issue 22 §6): the e-mails of every order
 * event (成立, 付款完成, 已出貨, 已到店, 已送達/取貨, 已取消, the new payment code) in the shop's one
 * layout (src/integrations/mail/templates), and the paid SMS. Functions of the stored order; every
 * order value is buyer input and is HTML-escaped by the template. Each mail has a fixed Message-ID per order and
 * kind, so a job re-run in the crash window (the server accepted, the ledger row not yet written)
 * is folded by mail clients.
 */

/** The order fields the messages read. */
export type MailOrder = Pick<
  Order,
  | 'id'
  | 'mer_trade_no'
  | 'buy_name'
  | 'buy_email'
  | 'buy_phone'
  | 'name'
  | 'phone'
  | 'zip'
  | 'city'
  | 'district'
  | 'street'
  | 'store_id'
  | 'store_name'
  | 'store_addr'
  | 'shipping'
  | 'delivery_time_slot'
  | 'payment'
  | 'bank_code'
  | 'payment_code'
  | 'expire_date'
  | 'payment_status'
  | 'subtotal'
  | 'shipping_fee'
  | 'total_amount'
  | 'invoice_type'
  | 'carrier_type'
  | 'mobile_barcode'
  | 'citizen_barcode'
  | 'company_name'
  | 'tax_id'
  | 'donate_code'
  | 'invoice_no'
  | 'paid_at'
  | 'created_at'
> &
  Partial<Pick<Order, 'ship_trade_no' | 'order_status_msg' | 'cancelled_at' | 'delivered_at'>>;
/** A line as the mail shows it; `line_kind` marks 【贈品】 / 【加價購】 lines (absent = bought). */
export type MailOrderItem = Pick<OrderItem, 'title' | 'variant_name' | 'price' | 'quantity' | 'discount' | 'amount'> & Partial<Pick<OrderItem, 'id' | 'line_kind'>>;
/** An adjustment as the mail shows it (訂單折扣 −NT$ 100); one of a line (`order_item_id`) is shown under that line. */
export type MailAdjustment = Pick<OrderAdjustment, 'label' | 'amount'> & Partial<Pick<OrderAdjustment, 'order_item_id'>>;

export interface OrderMailContext {
  /** The shop's name, logo, colour and public origin (loadMailBrand: settings, else the brand defaults). */
  brand: MailBrand;
  /** The shipping method's name (shipping_methods.name). */
  shippingName: string;
  /** The payment method's label (payment_methods.method_label). */
  paymentLabel: string;
}

/** Fallback names when a method is no longer in the settings (switched off since the order). */
export const SHIPPING_NAMES: Readonly<Record<number, string>> = { 1: '7-11', 2: '全家', 3: '萊爾富', 4: '宅配', 5: '離島宅配' };
export const PAYMENT_LABELS: Readonly<Record<string, string>> = {
  atm: 'ATM 轉帳',
  cvs: '超商代碼繳費',
  credit: '信用卡',
  linepay: 'LINE Pay',
  cod: '貨到付款',
};

/** The order_messages kinds. */
export const ORDER_MESSAGE_KIND = {
  confirmation: 'mail.confirmation',
  paidMail: 'mail.paid',
  paidSms: 'sms.paid',
  shippedMail: 'mail.shipped',
  atStoreMail: 'mail.at-store',
  deliveredMail: 'mail.delivered',
  cancelledMail: 'mail.cancelled',
} as const;
export type OrderMessageKind = (typeof ORDER_MESSAGE_KIND)[keyof typeof ORDER_MESSAGE_KIND] | `mail.new-code:${string}`;

/** The ledger kind of each `mail.order-news` job. */
export const NEWS_MAIL_KIND: Readonly<Record<OrderMailNewsKind, OrderMessageKind>> = {
  shipped: ORDER_MESSAGE_KIND.shippedMail,
  'at-store': ORDER_MESSAGE_KIND.atStoreMail,
  delivered: ORDER_MESSAGE_KIND.deliveredMail,
  cancelled: ORDER_MESSAGE_KIND.cancelledMail,
};

export const ntd = (n: number): string => `NT$ ${n.toLocaleString('en-US')}`;

/** `https://shop/paymentSlip?MerTradeNo=…`. */
export function slipUrl(origin: string, merTradeNo: string): string {
  return `${origin.replace(/\/+$/, '')}/paymentSlip?MerTradeNo=${encodeURIComponent(merTradeNo)}`;
}

/** Stable per order and kind; the creation time keeps it unique across databases (a reset shop reuses ids). */
export function orderMessageId(order: Pick<Order, 'id' | 'created_at'>, kind: OrderMessageKind): string {
  return `<order-${order.id}-${kind.replace('.', '-')}-${order.created_at.getTime()}@skinshop.order>`;
}

/** A line: label and value, both plain text (escaped when rendered). */
type Row = [string, string];

function deadline(order: MailOrder): string {
  return order.expire_date ? `${taipeiTimestamp(order.expire_date)}（台北時間）` : '';
}

/** ATM `payment_code` is `<bank>-<account>`; older rows may hold the account alone with `bank_code`. */
export function splitAtmCode(order: Pick<Order, 'payment_code' | 'bank_code'>): { bankCode: string; account: string } {
  const i = order.payment_code.indexOf('-');
  if (i > 0) return { bankCode: order.payment_code.slice(0, i), account: order.payment_code.slice(i + 1) };
  return { bankCode: order.bank_code, account: order.payment_code };
}

/** The payment instructions of the confirmation, as rows plus a closing sentence. */
export function paymentInstructions(order: MailOrder): { rows: Row[]; note: string } {
  const total = ntd(order.total_amount);
  if (order.payment_status === PAYMENT_STATE_CODE.paid) return { rows: [], note: `已收到您的付款 ${total}，感謝您！` };
  switch (order.payment) {
    case 'atm': {
      const { bankCode, account } = splitAtmCode(order);
      const bank = ATM_BANKS.find((b) => b.code === bankCode);
      return {
        rows: [
          ['銀行代碼', bank ? `${bankCode}（${bank.name}）` : bankCode],
          ['虛擬帳號', account],
          ['轉帳金額', total],
          ['繳費期限', deadline(order)],
        ],
        note: '請於繳費期限內以 ATM 或網路銀行轉帳至上列虛擬帳號，逾期未付款訂單將自動取消。',
      };
    }
    case 'cvs':
      return {
        rows: [
          ['超商繳費代碼', order.payment_code],
          ['繳費金額', total],
          ['繳費期限', deadline(order)],
        ],
        note: '請於繳費期限內至 7-11、全家、萊爾富或 OK 超商的多媒體機台輸入繳費代碼，列印繳費單後至櫃檯付款，逾期未付款訂單將自動取消。',
      };
    case 'cod':
      return { rows: [], note: `貨到付款：請於收貨時支付 ${total}。` };
    default:
      // credit / linepay: the hosted page takes the payment right after checkout.
      return { rows: [], note: `請於付款頁面完成付款 ${total}；未完成付款的訂單將自動取消。付款完成後會再寄信通知您。` };
  }
}

/** Where the invoice goes, as the buyer chose at checkout (LINE Pay orders: the member carrier). */
export function invoiceNote(order: MailOrder): string {
  const no = order.invoice_no ? `（發票號碼 ${order.invoice_no}）` : '';
  switch (order.invoice_type) {
    case 'Company':
      return `三聯式發票，統一編號 ${order.tax_id}，抬頭「${order.company_name}」${no}。`;
    case 'Donate':
      return `捐贈發票，愛心碼 ${order.donate_code}${no}。`;
    default:
      if (order.carrier_type === '3J0002') return `電子發票存入手機條碼載具 ${order.mobile_barcode}${no}。`;
      if (order.carrier_type === 'CQ0001') return `電子發票存入自然人憑證載具 ${order.citizen_barcode}${no}。`;
      return `電子發票存入會員載具，開立通知將寄至 ${order.buy_email}${no}。`;
  }
}

function shippingRows(order: MailOrder, ctx: OrderMailContext): Row[] {
  const rows: Row[] = [['配送方式', ctx.shippingName]];
  rows.push(['收件人', `${order.name} ${order.phone}`.trim()]);
  if (HOME_SHIPPINGS.includes(order.shipping)) {
    rows.push(['收件地址', `${order.zip} ${order.city}${order.district}${order.street}`.trim()]);
    const slot = DELIVERY_SLOTS.find((s) => s.value === order.delivery_time_slot);
    if (slot) rows.push(['配送時段', slot.label]);
  } else {
    const store = order.store_id ? `${order.store_name}（${order.store_id}）` : order.store_name;
    rows.push(['取貨門市', store]);
    if (order.store_addr) rows.push(['門市地址', order.store_addr]);
  }
  return rows;
}


const rowsOf = (rows: readonly Row[]): MailRow[] => rows.map(([k, v]) => ({ k, v }));

function recipient(order: MailOrder): MailMessage['to'] {
  const name = headerSafe(order.buy_name, 50);
  return name ? { name, address: order.buy_email } : order.buy_email;
}

/** The adjustments given to one line (`order_item_id`), shown under it; the others are the order's. */
function splitAdjustments(items: readonly MailOrderItem[], adjustments: readonly MailAdjustment[]): { byLine: Map<number, MailAdjustment[]>; order: MailAdjustment[] } {
  const ids = new Set(items.map((i) => i.id).filter((id): id is number => typeof id === 'number'));
  const byLine = new Map<number, MailAdjustment[]>();
  const order: MailAdjustment[] = [];
  for (const a of adjustments) {
    if (a.order_item_id != null && ids.has(a.order_item_id)) byLine.set(a.order_item_id, [...(byLine.get(a.order_item_id) ?? []), a]);
    else order.push(a);
  }
  return { byLine, order };
}

/**
 * The money rows: 商品小計, each adjustment as stored, 運費, 訂單總額 (all stored numbers). With
 * `lineAdjustments` (shown under their lines in the item table), 商品小計 is what the table adds up
 * to (Σ price × quantity plus those) and only the order's own adjustments follow.
 */
export function totalRows(order: MailOrder, adjustments: readonly MailAdjustment[], lineAdjustments: readonly MailAdjustment[] = []): Row[] {
  const lines = lineAdjustments.reduce((sum, a) => sum + a.amount, 0);
  return [
    ['商品小計', ntd(order.subtotal + lines)],
    ...adjustments.map((a): Row => [a.label, adjustmentText(a.amount)]),
    ['運費', order.shipping_fee > 0 ? ntd(order.shipping_fee) : '免運費'],
    ['訂單總額', ntd(order.total_amount)],
  ];
}

/**
 * The item table: 商品, 數量, 單價, 小計 (price × quantity) in their own columns, each discount of a
 * line as its own row under it, then the totals (the last, 訂單總額, in bold).
 */
export function itemTable(order: MailOrder, items: readonly MailOrderItem[], adjustments: readonly MailAdjustment[]): NonNullable<MailDoc['items']> {
  const { byLine, order: own } = splitAdjustments(items, adjustments);
  const lines = items.map((it): MailItemLine => {
    const label = LINE_KIND_LABEL[it.line_kind ?? 'item'];
    return {
      name: label ? `【${label}】${it.title}` : it.title,
      variant: it.variant_name,
      quantity: String(it.quantity),
      price: ntd(it.price),
      amount: ntd(it.price * it.quantity),
      discounts: (it.id != null ? (byLine.get(it.id) ?? []) : []).map((a) => ({ label: a.label, amount: adjustmentText(a.amount) })),
    };
  });
  const rows = rowsOf(totalRows(order, own, [...byLine.values()].flat()));
  return { lines, totals: rows.slice(0, -1), total: rows[rows.length - 1] };
}

/** 訂單編號, 交易編號 (and, when given, more rows). */
function orderRows(order: MailOrder, ...more: Row[]): MailRow[] {
  return rowsOf([['訂單編號', `#${order.id}`], ['交易編號', order.mer_trade_no], ...more]);
}

/** The invoice section: where it goes, and its number once issued (付款完成通知, issue 22 §6). */
function invoiceSection(order: MailOrder): MailSection {
  return { title: '發票', rows: order.invoice_no ? rowsOf([['發票號碼', order.invoice_no]]) : [], notes: [invoiceNote(order)] };
}

function subjectOf(ctx: OrderMailContext, what: string, order: MailOrder): string {
  return headerSafe(`【${ctx.brand.name}】${what} #${order.id}`);
}

async function mailOf(order: MailOrder, kind: OrderMessageKind, doc: Omit<MailDoc, 'brand' | 'greeting'>, ctx: OrderMailContext): Promise<MailMessage> {
  const { html, text } = await renderMail({ brand: ctx.brand, greeting: `${order.buy_name} 您好：`, ...doc });
  return { to: recipient(order), subject: doc.subject, text, html, messageId: orderMessageId(order, kind) };
}

/** `mail.order-confirmation`: order number, items, totals, shipping, payment instructions, invoice, slip link. */
export function orderConfirmationMail(order: MailOrder, items: readonly MailOrderItem[], ctx: OrderMailContext, adjustments: readonly MailAdjustment[] = []): Promise<MailMessage> {
  const pay = paymentInstructions(order);
  const subject = subjectOf(ctx, '訂單成立通知', order);
  return mailOf(
    order,
    ORDER_MESSAGE_KIND.confirmation,
    {
      subject,
      preview: `訂單 #${order.id} 已成立，訂單總額 ${ntd(order.total_amount)}`,
      headline: '訂單成立通知',
      intro: [`感謝您在 ${ctx.brand.name} 訂購，我們已收到您的訂單。`],
      rows: orderRows(order, ['訂購時間', `${taipeiTimestamp(order.created_at)}（台北時間）`]),
      items: itemTable(order, items, adjustments),
      sections: [
        { title: '配送資訊', rows: rowsOf(shippingRows(order, ctx)), notes: [] },
        { title: '付款資訊', rows: rowsOf([['付款方式', ctx.paymentLabel], ...pay.rows]), notes: [pay.note] },
        invoiceSection(order),
      ],
      button: { url: slipUrl(ctx.brand.origin, order.mer_trade_no), label: '查看訂單與付款資訊' },
    },
    ctx,
  );
}

/**
 * `mail.order-new-code` (issue 19): staff lowered an unpaid order's amount (訂單折扣) and a new ATM
 * account / CVS code was issued for it. The money as stored, each adjustment, the new payment
 * instructions; the old account or code no longer pays the order.
 */
export function orderNewCodeMail(
  order: MailOrder,
  ctx: OrderMailContext,
  adjustments: readonly MailAdjustment[],
  attempt: string,
  reason: 'repriced' | 'switched' = 'repriced',
  items: readonly MailOrderItem[] = [],
): Promise<MailMessage> {
  const pay = paymentInstructions(order);
  const old = '先前的繳費帳號或代碼已失效，請勿再使用，改以下列新的繳費資訊付款。';
  // A switch of payment method (更換付款方式) keeps the amount: the mail only carries the new code.
  const lead =
    reason === 'switched'
      ? `您在 ${ctx.brand.name} 的訂單已更換付款方式為「${ctx.paymentLabel}」，請以下列繳費資訊於期限內付款 ${ntd(order.total_amount)}。`
      : `您在 ${ctx.brand.name} 的訂單金額已調整為 ${ntd(order.total_amount)}。${old}`;
  const what = reason === 'switched' ? '付款資訊通知' : '訂單金額調整通知';
  const table = itemTable(order, items, adjustments);
  return mailOf(
    order,
    newCodeKind(attempt),
    {
      subject: subjectOf(ctx, what, order),
      preview: lead,
      headline: what,
      intro: [lead],
      // With the lines: the item table; without them: the money rows under the order's.
      rows: items.length ? orderRows(order) : [...orderRows(order), ...table.totals, ...(table.total ? [table.total] : [])],
      items: items.length ? table : undefined,
      sections: [{ title: '付款資訊', rows: rowsOf([['付款方式', ctx.paymentLabel], ...pay.rows]), notes: [pay.note] }],
      button: { url: slipUrl(ctx.brand.origin, order.mer_trade_no), label: '查看訂單與付款資訊' },
    },
    ctx,
  );
}

/** The order_messages kind of the new-code mail of one attempt (one mail per issued code). */
export function newCodeKind(attempt: string): OrderMessageKind {
  return `mail.new-code:${attempt}`;
}

/** `mail.order-paid`: payment received, amount, time, the items, the invoice (its number once issued), slip link. */
export function orderPaidMail(order: MailOrder, ctx: OrderMailContext, items: readonly MailOrderItem[] = [], adjustments: readonly MailAdjustment[] = []): Promise<MailMessage> {
  const rows: Row[] = [
    ['付款方式', ctx.paymentLabel],
    ['付款金額', ntd(order.total_amount)],
    ...(order.paid_at ? ([['付款時間', `${taipeiTimestamp(order.paid_at)}（台北時間）`]] as Row[]) : []),
    ...(order.invoice_no ? ([['發票號碼', order.invoice_no]] as Row[]) : []),
  ];
  return mailOf(
    order,
    ORDER_MESSAGE_KIND.paidMail,
    {
      subject: subjectOf(ctx, '付款完成通知', order),
      preview: `已收到您的付款 ${ntd(order.total_amount)}`,
      headline: '付款完成通知',
      intro: ['我們已收到您的付款，將盡快為您安排出貨。'],
      rows: orderRows(order, ...rows),
      ...(items.length ? { items: itemTable(order, items, adjustments) } : {}),
      sections: [{ title: '發票', rows: [], notes: [invoiceNote(order)] }],
      button: { url: slipUrl(ctx.brand.origin, order.mer_trade_no), label: '查看訂單' },
    },
    ctx,
  );
}

/** What each parcel step and the cancel say (title bar, subject, first paragraph). */
const NEWS_TEXT: Readonly<Record<OrderMailNewsKind, { title: string; lead: (order: MailOrder, ctx: OrderMailContext) => string }>> = {
  shipped: { title: '訂單出貨通知', lead: () => '您的訂單已出貨，包裹已交由物流配送。' },
  'at-store': {
    title: '包裹到店通知',
    lead: (o) => `您的包裹已送達取貨門市${o.store_name ? `「${o.store_name}」` : ''}，請於 7 天內攜帶證件前往取貨${o.payment === 'cod' ? `，並於取貨時付款 ${ntd(o.total_amount)}` : ''}。`,
  },
  delivered: {
    title: '訂單送達通知',
    lead: (o) => (HOME_SHIPPINGS.includes(o.shipping) ? '您的包裹已送達，感謝您的訂購！' : '您的包裹已取貨完成，感謝您的訂購！'),
  },
  cancelled: {
    title: '訂單取消通知',
    lead: (o) => `您的訂單已取消${o.order_status_msg ? `（${o.order_status_msg}）` : ''}。`,
  },
};

/** What follows the lead: the 7-day 鑑賞期 after delivery; a cancelled order's money. */
function newsNotes(kind: OrderMailNewsKind, order: MailOrder): string[] {
  switch (kind) {
    case 'delivered':
      return ['商品享有收貨後 7 天鑑賞期，如需退貨，請於期限內在訂單頁面提出申請。'];
    case 'cancelled':
      return order.payment_status === PAYMENT_STATE_CODE.paid
        ? ['您已付款的金額將依原付款方式退還，退款完成後會再寄信通知您。']
        : ['此訂單未付款，不會向您收取任何費用；如已取得繳費代碼或帳號，請勿再繳費。'];
    default:
      return [];
  }
}

/**
 * `mail.order-news` (issue 22 §6): 訂單出貨通知, 包裹到店通知, 訂單送達通知, 訂單取消通知 — the order's
 * lines and money as stored (the record of what was shipped or cancelled), the shipping rows, the link.
 */
export function orderNewsMail(kind: OrderMailNewsKind, order: MailOrder, items: readonly MailOrderItem[], ctx: OrderMailContext, adjustments: readonly MailAdjustment[] = []): Promise<MailMessage> {
  const text = NEWS_TEXT[kind];
  const lead = text.lead(order, ctx);
  const extra: Row[] = [];
  if (kind !== 'cancelled' && order.ship_trade_no) extra.push(['物流編號', order.ship_trade_no]);
  if (kind === 'cancelled' && order.cancelled_at) extra.push(['取消時間', `${taipeiTimestamp(order.cancelled_at)}（台北時間）`]);
  if (kind === 'delivered' && order.delivered_at) extra.push([HOME_SHIPPINGS.includes(order.shipping) ? '送達時間' : '取貨時間', `${taipeiTimestamp(order.delivered_at)}（台北時間）`]);
  return mailOf(
    order,
    NEWS_MAIL_KIND[kind],
    {
      subject: subjectOf(ctx, text.title, order),
      preview: lead,
      headline: text.title,
      intro: [lead, ...newsNotes(kind, order)],
      rows: orderRows(order, ...extra),
      items: itemTable(order, items, adjustments),
      sections: kind === 'cancelled' ? [] : [{ title: '配送資訊', rows: rowsOf(shippingRows(order, ctx)), notes: [] }],
      button: { url: slipUrl(ctx.brand.origin, order.mer_trade_no), label: '查看訂單' },
    },
    ctx,
  );
}

/** `sms.order-paid`: short, no personal data beyond the order number and amount. */
export function orderPaidSms(order: Pick<Order, 'id' | 'total_amount'>, shopName: string): string {
  return `【${shopName}】您的訂單 #${order.id} 已收到付款 ${ntd(order.total_amount)}，我們將盡快出貨，謝謝！`;
}
