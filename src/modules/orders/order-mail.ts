import { ATM_BANKS, DELIVERY_SLOTS, HOME_SHIPPINGS } from '../../common/validation/checkout-rules';
import { adjustmentText } from '../../common/validation/order-discount-rules';
import { escapeHtml } from '../../common/html/escape-html';
import { taipeiTimestamp } from '../../common/time/taipei-time';
import { headerSafe, type MailMessage } from '../../integrations/mail/mail-sender';
import { orderLineName } from './order-line-names';
import type { OrderAdjustment } from './entities/order-adjustment.entity';
import type { OrderItem } from './entities/order-item.entity';
import type { Order } from './entities/order.entity';
import { PAYMENT_STATE_CODE } from './order-lifecycle';

/**
 * The buyer's order messages (issue 10, beyond the spec): the order confirmation e-mail, the
 * payment-received e-mail and SMS. Pure functions of the stored order; every order value is
 * buyer input and is HTML-escaped in the HTML body. Each mail has a fixed Message-ID per order and
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
>;
/** A line as the mail shows it; `line_kind` marks 【贈品】 / 【加價購】 lines (absent = bought). */
export type MailOrderItem = Pick<OrderItem, 'title' | 'variant_name' | 'price' | 'quantity' | 'discount' | 'amount'> & Partial<Pick<OrderItem, 'line_kind'>>;
/** An adjustment as the mail shows it (訂單折扣 −NT$ 100). */
export type MailAdjustment = Pick<OrderAdjustment, 'label' | 'amount'>;

export interface OrderMailContext {
  /** Shop name (settings COMPANY_NAME), as the other buyer mails. */
  shopName: string;
  /** Public origin for links, without a trailing slash (PUBLIC_URL, else the configured host and port). */
  origin: string;
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
} as const;
export type OrderMessageKind = (typeof ORDER_MESSAGE_KIND)[keyof typeof ORDER_MESSAGE_KIND] | `mail.new-code:${string}`;

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

function itemLine(it: MailOrderItem): { name: string; quantity: string; price: string; amount: string } {
  return {
    name: orderLineName(it.title, it.variant_name, it.line_kind),
    quantity: String(it.quantity),
    price: ntd(it.price),
    // As stored: price × quantity − the line's share of the discounts.
    amount: ntd(it.amount),
  };
}

const TH = 'align="left" style="padding:4px 12px 4px 0;white-space:nowrap;color:#555"';
const TD = 'style="padding:4px 0"';

function rowsHtml(rows: Row[]): string {
  return rows.map(([k, v]) => `<tr><th ${TH}>${escapeHtml(k)}</th><td ${TD}>${escapeHtml(v)}</td></tr>`).join('\n');
}

function rowsText(rows: Row[]): string[] {
  return rows.map(([k, v]) => `${k}：${v}`);
}

function recipient(order: MailOrder): MailMessage['to'] {
  const name = headerSafe(order.buy_name, 50);
  return name ? { name, address: order.buy_email } : order.buy_email;
}

/** The money rows: 商品小計, each adjustment as stored, 運費, 訂單總額 (all stored numbers). */
export function totalRows(order: MailOrder, adjustments: readonly MailAdjustment[]): Row[] {
  return [
    ['商品小計', ntd(order.subtotal)],
    ...adjustments.map((a): Row => [a.label, adjustmentText(a.amount)]),
    ['運費', order.shipping_fee > 0 ? ntd(order.shipping_fee) : '免運費'],
    ['訂單總額', ntd(order.total_amount)],
  ];
}

/** `mail.order-confirmation`: order number, items, totals, shipping, payment instructions, slip link. */
export function orderConfirmationMail(order: MailOrder, items: MailOrderItem[], ctx: OrderMailContext, adjustments: readonly MailAdjustment[] = []): MailMessage {
  const lines = items.map(itemLine);
  const head: Row[] = [
    ['訂單編號', `#${order.id}`],
    ['交易編號', order.mer_trade_no],
    ['訂購時間', `${taipeiTimestamp(order.created_at)}（台北時間）`],
  ];
  const totals = totalRows(order, adjustments);
  const pay = paymentInstructions(order);
  const payRows: Row[] = [['付款方式', ctx.paymentLabel], ...pay.rows];
  const link = slipUrl(ctx.origin, order.mer_trade_no);
  const invoice = invoiceNote(order);

  const text = [
    `${order.buy_name} 您好：`,
    '',
    `感謝您在 ${ctx.shopName} 訂購，我們已收到您的訂單。`,
    '',
    ...rowsText(head),
    '',
    '【商品明細】',
    ...lines.map((l) => `${l.name} × ${l.quantity}，單價 ${l.price}，小計 ${l.amount}`),
    '',
    ...rowsText(totals),
    '',
    '【配送資訊】',
    ...rowsText(shippingRows(order, ctx)),
    '',
    '【付款資訊】',
    ...rowsText(payRows),
    pay.note,
    '',
    `【發票】${invoice}`,
    '',
    `查看訂單與付款資訊：${link}`,
    '',
    ctx.shopName,
  ].join('\n');

  const html = [
    `<p>${escapeHtml(order.buy_name)} 您好：</p>`,
    `<p>感謝您在 ${escapeHtml(ctx.shopName)} 訂購，我們已收到您的訂單。</p>`,
    `<table cellpadding="0" cellspacing="0">${rowsHtml(head)}</table>`,
    '<h3>商品明細</h3>',
    '<table cellpadding="0" cellspacing="0" style="border-collapse:collapse">',
    `<tr><th ${TH}>商品</th><th ${TH}>數量</th><th ${TH}>單價</th><th ${TH}>小計</th></tr>`,
    ...lines.map(
      (l) => `<tr><td ${TD}>${escapeHtml(l.name)}</td><td ${TD}>${escapeHtml(l.quantity)}</td><td ${TD}>${escapeHtml(l.price)}</td><td ${TD}>${escapeHtml(l.amount)}</td></tr>`,
    ),
    '</table>',
    `<table cellpadding="0" cellspacing="0" style="margin-top:8px">${rowsHtml(totals)}</table>`,
    '<h3>配送資訊</h3>',
    `<table cellpadding="0" cellspacing="0">${rowsHtml(shippingRows(order, ctx))}</table>`,
    '<h3>付款資訊</h3>',
    `<table cellpadding="0" cellspacing="0">${rowsHtml(payRows)}</table>`,
    `<p>${escapeHtml(pay.note)}</p>`,
    '<h3>發票</h3>',
    `<p>${escapeHtml(invoice)}</p>`,
    `<p><a href="${escapeHtml(link)}">查看訂單與付款資訊</a></p>`,
    `<p>${escapeHtml(ctx.shopName)}</p>`,
  ].join('\n');

  return {
    to: recipient(order),
    subject: headerSafe(`【${ctx.shopName}】訂單成立通知 #${order.id}`),
    text,
    html,
    messageId: orderMessageId(order, ORDER_MESSAGE_KIND.confirmation),
  };
}

/**
 * `mail.order-new-code` (issue 19): staff lowered an unpaid order's amount (訂單折扣) and a new ATM
 * account / CVS code was issued for it. The money as stored, each adjustment, the new payment
 * instructions; the old account or code no longer pays the order.
 */
export function orderNewCodeMail(order: MailOrder, ctx: OrderMailContext, adjustments: readonly MailAdjustment[], attempt: string, reason: 'repriced' | 'switched' = 'repriced'): MailMessage {
  const head: Row[] = [
    ['訂單編號', `#${order.id}`],
    ['交易編號', order.mer_trade_no],
  ];
  const totals = totalRows(order, adjustments);
  const pay = paymentInstructions(order);
  const payRows: Row[] = [['付款方式', ctx.paymentLabel], ...pay.rows];
  const link = slipUrl(ctx.origin, order.mer_trade_no);
  const old = '先前的繳費帳號或代碼已失效，請勿再使用，改以下列新的繳費資訊付款。';
  // A switch of payment method (更換付款方式) keeps the amount: the mail only carries the new code.
  const lead =
    reason === 'switched'
      ? `您在 ${ctx.shopName} 的訂單已更換付款方式為「${ctx.paymentLabel}」，請以下列繳費資訊於期限內付款 ${ntd(order.total_amount)}。`
      : `您在 ${ctx.shopName} 的訂單金額已調整為 ${ntd(order.total_amount)}。${old}`;
  const text = [
    `${order.buy_name} 您好：`,
    '',
    lead,
    '',
    ...rowsText(head),
    '',
    ...rowsText(totals),
    '',
    '【付款資訊】',
    ...rowsText(payRows),
    pay.note,
    '',
    `查看訂單與付款資訊：${link}`,
    '',
    ctx.shopName,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(order.buy_name)} 您好：</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<table cellpadding="0" cellspacing="0">${rowsHtml(head)}</table>`,
    `<table cellpadding="0" cellspacing="0" style="margin-top:8px">${rowsHtml(totals)}</table>`,
    '<h3>付款資訊</h3>',
    `<table cellpadding="0" cellspacing="0">${rowsHtml(payRows)}</table>`,
    `<p>${escapeHtml(pay.note)}</p>`,
    `<p><a href="${escapeHtml(link)}">查看訂單與付款資訊</a></p>`,
    `<p>${escapeHtml(ctx.shopName)}</p>`,
  ].join('\n');
  return {
    to: recipient(order),
    subject: headerSafe(`【${ctx.shopName}】${reason === 'switched' ? '付款資訊通知' : '訂單金額調整通知'} #${order.id}`),
    text,
    html,
    messageId: orderMessageId(order, newCodeKind(attempt)),
  };
}

/** The order_messages kind of the new-code mail of one attempt (one mail per issued code). */
export function newCodeKind(attempt: string): OrderMessageKind {
  return `mail.new-code:${attempt}`;
}

/** `mail.order-paid`: payment received, amount, time, invoice note, slip link. */
export function orderPaidMail(order: MailOrder, ctx: OrderMailContext): MailMessage {
  const rows: Row[] = [
    ['訂單編號', `#${order.id}`],
    ['交易編號', order.mer_trade_no],
    ['付款方式', ctx.paymentLabel],
    ['付款金額', ntd(order.total_amount)],
    ...(order.paid_at ? ([['付款時間', `${taipeiTimestamp(order.paid_at)}（台北時間）`]] as Row[]) : []),
  ];
  const invoice = invoiceNote(order);
  const link = slipUrl(ctx.origin, order.mer_trade_no);
  const text = [
    `${order.buy_name} 您好：`,
    '',
    '我們已收到您的付款，將盡快為您安排出貨。',
    '',
    ...rowsText(rows),
    '',
    `【發票】${invoice}`,
    '',
    `查看訂單：${link}`,
    '',
    ctx.shopName,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(order.buy_name)} 您好：</p>`,
    '<p>我們已收到您的付款，將盡快為您安排出貨。</p>',
    `<table cellpadding="0" cellspacing="0">${rowsHtml(rows)}</table>`,
    '<h3>發票</h3>',
    `<p>${escapeHtml(invoice)}</p>`,
    `<p><a href="${escapeHtml(link)}">查看訂單</a></p>`,
    `<p>${escapeHtml(ctx.shopName)}</p>`,
  ].join('\n');
  return {
    to: recipient(order),
    subject: headerSafe(`【${ctx.shopName}】付款完成通知 #${order.id}`),
    text,
    html,
    messageId: orderMessageId(order, ORDER_MESSAGE_KIND.paidMail),
  };
}

/** `sms.order-paid`: short, no personal data beyond the order number and amount. */
export function orderPaidSms(order: Pick<Order, 'id' | 'total_amount'>, shopName: string): string {
  return `【${shopName}】您的訂單 #${order.id} 已收到付款 ${ntd(order.total_amount)}，我們將盡快出貨，謝謝！`;
}
