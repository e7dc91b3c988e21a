import { headerSafe, type MailMessage } from '../../integrations/mail/mail-sender';
import { renderMail, type MailBrand } from '../../integrations/mail/templates/mail-templates';
import type { OrderStateService } from '../orders/order-state.service';
import type { Refund } from './entities/refund.entity';

/** An order row as OrderStateService reads it (the orders module's entity stays its own). */
export type OrderRow = NonNullable<Awaited<ReturnType<OrderStateService['findById']>>>;

/** What the refund notice names besides the order and the refund. */
export interface RefundMailContext {
  /** The shop's name, look and public origin (loadMailBrand). */
  brand: MailBrand;
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

/**
 * `mail.order-refunded`: the amount, how it comes back, the order; with an allowance awaiting the
 * buyer's consent, the consent note, its amount and the 同意電子折讓 button (the allowance-consent
 * message of issue 22 §6). Every order value is buyer input and is escaped by the template.
 */
export async function refundMail(order: Pick<OrderRow, 'id' | 'mer_trade_no' | 'buy_name' | 'buy_email' | 'created_at'>, r: Refund, ctx: RefundMailContext): Promise<MailMessage> {
  const route = refundRoute(r);
  const origin = ctx.brand.origin.replace(/\/+$/, '');
  const orders = { url: `${origin}/orders`, label: '查看訂單' };
  const consent = ctx.allowance ? { url: allowanceLink(origin, ctx.allowance.token), label: '同意電子折讓' } : null;
  const subject = headerSafe(`【${ctx.brand.name}】退款通知 #${order.id}`);
  const { html, text } = await renderMail({
    brand: ctx.brand,
    subject,
    preview: `退款 ${ntd(r.amount)}（${route.label}）`,
    headline: '退款通知',
    greeting: `${order.buy_name} 您好：`,
    intro: ['我們已為您的訂單辦理退款。'],
    rows: [
      { k: '訂單編號', v: `#${order.id}` },
      { k: '交易編號', v: order.mer_trade_no },
      { k: '退款金額', v: ntd(r.amount) },
      { k: '退款方式', v: route.label },
    ],
    sections: [
      { title: '退款說明', rows: [], notes: [route.note] },
      ...(ctx.allowance ? [{ title: '電子發票折讓', rows: [{ k: '折讓金額', v: ntd(ctx.allowance.amount) }], notes: [ALLOWANCE_MAIL_NOTE] }] : []),
    ],
    // With an allowance the consent is the action; the orders link follows.
    button: consent ?? orders,
    links: consent ? [orders] : [],
  });
  const name = headerSafe(order.buy_name, 50);
  return {
    to: name ? { name, address: order.buy_email } : order.buy_email,
    subject,
    text,
    html,
    messageId: `<refund-${r.id}-${new Date(order.created_at).getTime()}@skinshop.order>`,
  };
}
