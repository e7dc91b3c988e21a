import { escapeHtml } from '../../common/html/escape-html';
import { headerSafe, type MailMessage } from '../../integrations/mail/mail-sender';
import type { OrderStateService } from '../orders/order-state.service';
import type { Refund } from './entities/refund.entity';

/** An order row as OrderStateService reads it (the orders module's entity stays its own). */
export type OrderRow = NonNullable<Awaited<ReturnType<OrderStateService['findById']>>>;

/** What the refund notice names besides the order and the refund. */
export interface RefundMailContext {
  shopName: string;
  /** Public origin for the link to the member's orders, without a trailing slash. */
  origin: string;
  /** An e-invoice allowance of this refund awaiting the buyer's consent: its token (the link) and amount. */
  allowance?: { token: string; amount: number } | null;
}

/** The consent page of an allowance (client route /allowance/:token). */
export function allowanceLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/allowance/${encodeURIComponent(token)}`;
}

/** What the refund notice says when an allowance (折讓) needs the buyer's consent. */
export const ALLOWANCE_MAIL_NOTE = '本次退款須開立電子發票折讓單。請點選下方連結，確認折讓內容後按「同意電子折讓」，我們即為您開立。';

const ntd = (n: number) => `NT$ ${n.toLocaleString('en-US')}`;

/** How the money comes back, in the buyer's words. */
export function refundRoute(r: Pick<Refund, 'method' | 'bank_code' | 'bank_account'>): { label: string; note: string } {
  switch (r.method) {
    case 'credit-void':
      return { label: '取消信用卡授權', note: '您的信用卡授權已取消，這筆款項不會向您請款；帳單上的暫時授權將依發卡銀行作業消失。' };
    case 'credit-refund':
      return { label: '信用卡退刷', note: '款項將退回您付款的信用卡，實際入帳時間依發卡銀行作業為準（約 7 至 14 個工作天）。' };
    case 'linepay':
      return { label: 'LINE Pay 退款', note: '款項將退回您的 LINE Pay 原付款方式。' };
    default:
      return {
        label: '銀行轉帳退款',
        note: `我們將以銀行轉帳將款項匯入您提供的帳戶（銀行代碼 ${r.bank_code}，帳號末五碼 ${r.bank_account.slice(-5)}），約需 3 至 5 個工作天。`,
      };
  }
}

/** `mail.order-refunded`: the amount, how it comes back, the order; every order value is buyer input and is escaped in HTML. */
export function refundMail(order: Pick<OrderRow, 'id' | 'mer_trade_no' | 'buy_name' | 'buy_email' | 'created_at'>, r: Refund, ctx: RefundMailContext): MailMessage {
  const route = refundRoute(r);
  const rows: [string, string][] = [
    ['訂單編號', `#${order.id}`],
    ['交易編號', order.mer_trade_no],
    ['退款金額', ntd(r.amount)],
    ['退款方式', route.label],
  ];
  const link = `${ctx.origin.replace(/\/+$/, '')}/orders`;
  const consent = ctx.allowance ? allowanceLink(ctx.origin, ctx.allowance.token) : null;
  const consentText = consent ? [ALLOWANCE_MAIL_NOTE, `折讓金額：${ntd(ctx.allowance!.amount)}`, `同意電子折讓：${consent}`, ''] : [];
  const text = [`${order.buy_name} 您好：`, '', '我們已為您的訂單辦理退款。', '', ...rows.map(([k, v]) => `${k}：${v}`), '', route.note, '', ...consentText, `查看訂單：${link}`, '', ctx.shopName].join('\n');
  const html = [
    `<p>${escapeHtml(order.buy_name)} 您好：</p>`,
    '<p>我們已為您的訂單辦理退款。</p>',
    `<table cellpadding="0" cellspacing="0">${rows.map(([k, v]) => `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    `<p>${escapeHtml(route.note)}</p>`,
    ...(consent
      ? [
          `<p>${escapeHtml(ALLOWANCE_MAIL_NOTE)}（折讓金額 ${escapeHtml(ntd(ctx.allowance!.amount))}）</p>`,
          `<p><a href="${escapeHtml(consent)}" style="display:inline-block;padding:10px 18px;background:#1f6f5c;color:#fff;border-radius:6px;text-decoration:none">同意電子折讓</a></p>`,
        ]
      : []),
    `<p><a href="${escapeHtml(link)}">查看訂單</a></p>`,
    `<p>${escapeHtml(ctx.shopName)}</p>`,
  ].join('\n');
  const name = headerSafe(order.buy_name, 50);
  return {
    to: name ? { name, address: order.buy_email } : order.buy_email,
    subject: headerSafe(`【${ctx.shopName}】退款通知 #${order.id}`),
    text,
    html,
    messageId: `<refund-${r.id}-${new Date(order.created_at).getTime()}@skinshop.order>`,
  };
}
