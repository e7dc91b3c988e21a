import { escapeHtml } from '../../common/html/escape-html';
import type { MailMessage } from '../../integrations/mail/mail-sender';
import type { MemberNoticeKind } from '../../jobs/job-types';

/*
 * The texts of member notices (issue 21 §7): short zh-TW, with the shop's name and a link. All of
 * them are TRANSACTIONAL (about the member's own points, review or request), so they go without a
 * marketing consent — except MARKETING_NOTICE_KINDS (cart-reminder, issue 22): the processor sends
 * those only with consent (MemberReach.marketingRoute), with the unsubscribe link (marketingLine /
 * marketingMail).
 *
 * What each sender passes as `data` to `MemberNotices.enqueue(kind, userId, ref, data)`:
 *
 *   kind             data                                   link        ref (dedupes: one notice per ref)
 *   points-earned    { points }                             /points     the order id (or ledger entry id)
 *   points-expiring  { points, date: 'YYYY-MM-DD' }         /points     `<userId>:<YYYY-MM-DD>` of the expiry
 *   points-birthday  { points }                             /points     `<userId>:<YYYY>`
 *   tier-upgrade     { tier }  (the new tier's name)        /points     `<userId>:<tierId>:<YYYY-MM-DD>`
 *   review-reply     { title } (the product's title)        /reviews    the review id
 *   restock          { title, productId, variantName? }     /product/id the restock request id
 *
 * `points` is a whole number; names are plain text (escaped in the HTML part).
 */

export interface NoticeContext {
  shopName: string;
  /** The shop's public origin (messageOrigin), without a trailing slash. */
  origin: string;
}

export type NoticeData = Record<string, string | number>;

/** What a notice says: the one-line headline, a short body and the link (absolute). */
export interface NoticeText {
  headline: string;
  body: string;
  link: string;
}

/** A notice whose data lacks what its text needs (a sender's bug: logged, not sent, not retried). */
export class NoticeDataError extends Error {}

const str = (d: NoticeData, key: string): string => {
  const v = d[key];
  if (v === undefined || v === null || String(v).trim() === '') throw new NoticeDataError(`missing data.${key}`);
  return String(v).trim();
};
const int = (d: NoticeData, key: string): number => {
  const n = Number(d[key]);
  if (!Number.isSafeInteger(n) || n < 0) throw new NoticeDataError(`data.${key} is not a whole number`);
  return n;
};
const points = (n: number) => n.toLocaleString('en-US');
/** 2026-12-31 → 2026/12/31 (what a Taiwanese reader expects). */
const day = (iso: string) => (/^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10).replace(/-/g, '/') : iso);

/** The headline, body and link of a notice (throws NoticeDataError when `data` lacks a field). */
export function noticeText(kind: MemberNoticeKind, data: NoticeData, ctx: NoticeContext): NoticeText {
  const at = (path: string) => `${ctx.origin}${path}`;
  switch (kind) {
    case 'points-earned': {
      const n = points(int(data, 'points'));
      return { headline: `您獲得 ${n} 點購物金`, body: `訂單已完成，您獲得的 ${n} 點購物金已入帳，下次購物即可折抵。`, link: at('/points') };
    }
    case 'points-expiring': {
      const n = points(int(data, 'points'));
      const date = day(str(data, 'date'));
      return { headline: `${n} 點購物金即將到期`, body: `您有 ${n} 點購物金將於 ${date} 到期，請於到期前使用。`, link: at('/points') };
    }
    case 'points-birthday': {
      const n = points(int(data, 'points'));
      return { headline: '生日快樂！生日購物金已送達', body: `生日快樂！送您 ${n} 點生日購物金，祝您有美好的一年。`, link: at('/points') };
    }
    case 'tier-upgrade': {
      const tier = str(data, 'tier');
      return { headline: `恭喜升級為${tier}`, body: `恭喜您升級為${tier}，享有更多會員禮遇。`, link: at('/points') };
    }
    case 'review-reply': {
      const title = str(data, 'title');
      return { headline: '您的評價已收到回覆', body: `您對「${title}」的評價已收到店家回覆。`, link: at('/reviews') };
    }
    case 'restock': {
      const title = str(data, 'title');
      const productId = int(data, 'productId');
      const variant = data.variantName ? String(data.variantName).trim() : '';
      const name = variant ? `${title}（${variant}）` : title;
      return { headline: '貨到通知', body: `您關注的「${name}」已到貨。`, link: at(`/product/${productId}`) };
    }
    case 'cart-reminder': {
      // The items' names, joined (`items`: 「A」、「B」 等 n 件); issue 22 §3.
      const items = str(data, 'items');
      return { headline: '購物車提醒', body: `您的購物車還有 ${items} 等您結帳。`, link: at('/cart') };
    }
  }
}

/** The SMS: 【shop】body link (plain text, one message). */
export function noticeSms(t: NoticeText, ctx: NoticeContext): string {
  return `【${ctx.shopName}】${t.body} ${t.link}`;
}

/** A fixed Message-ID per notice (kind + ref), so a retried job's copy is folded by mail clients. */
export function noticeMessageId(kind: MemberNoticeKind, ref: string): string {
  return `<notice-${kind}-${ref.replace(/[^A-Za-z0-9._-]/g, '-')}@skinshop.notice>`;
}

/** The e-mail: subject 【shop】headline, the body, the link, and a note that it is a notice. */
export function noticeMail(to: string, kind: MemberNoticeKind, ref: string, t: NoticeText, ctx: NoticeContext): MailMessage {
  const footer = `此為 ${ctx.shopName} 系統通知，請勿直接回覆。`;
  return {
    to,
    subject: `【${ctx.shopName}】${t.headline}`,
    text: `${t.body}\n\n查看詳情：${t.link}\n\n${footer}\n`,
    html: [
      `<p>${escapeHtml(t.body)}</p>`,
      `<p><a href="${escapeHtml(t.link)}">查看詳情</a></p>`,
      `<p style="color:#888;font-size:12px">${escapeHtml(footer)}</p>`,
    ].join('\n'),
    messageId: noticeMessageId(kind, ref),
  };
}

/** A LINE message: the shop's name, the body and the link (plain text). */
export function noticeLine(t: NoticeText, ctx: NoticeContext): string {
  return `【${ctx.shopName}】${t.headline}\n${t.body}\n${t.link}`;
}

/** The unsubscribe link of a marketing message (issue 22 §1): the shop page, and the API for one-click. */
export interface Unsubscribe {
  /** `${origin}/unsubscribe/<token>` (the shop page). */
  pageUrl: string;
  /** `${origin}/api/unsubscribe/<token>` (List-Unsubscribe, RFC 8058 one-click POST). */
  apiUrl: string;
}

/** A marketing LINE message: the text and its 取消訂閱 link. */
export function marketingLine(t: NoticeText, ctx: NoticeContext, u: Unsubscribe): string {
  return `${noticeLine(t, ctx)}\n\n不想再收到優惠通知？取消訂閱：${u.pageUrl}`;
}

/** A marketing e-mail: the notice mail with the 取消訂閱 link in both parts and the List-Unsubscribe headers. */
export function marketingMail(mail: MailMessage, u: Unsubscribe): MailMessage {
  return {
    ...mail,
    text: `${mail.text}\n不想再收到優惠通知？取消訂閱：${u.pageUrl}\n`,
    html: `${mail.html ?? ''}\n<p style="color:#888;font-size:12px">不想再收到優惠通知？<a href="${escapeHtml(u.pageUrl)}">取消訂閱</a></p>`,
    headers: { ...(mail.headers ?? {}), 'List-Unsubscribe': `<${u.apiUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
