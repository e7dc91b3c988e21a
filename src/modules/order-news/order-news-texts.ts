import type { OrderNewsKind } from '../../jobs/job-types';

/** What a piece of order news says about the order (no personal data beyond the pickup store's name). */
export interface OrderNewsFacts {
  merTradeNo: string;
  totalAmount: number;
  storeName: string;
}

export interface OrderNewsContext {
  shopName: string;
  origin: string;
  /** The 同意電子折讓 page of an allowance awaiting consent (kind allowance-consent). */
  allowanceToken?: string | null;
}

const ntd = (n: number) => `NT$ ${Math.round(n).toLocaleString('en-US')}`;

/** The order's page (the slip: status, items, payment), as the order mails link it. */
export function orderNewsLink(origin: string, merTradeNo: string): string {
  return `${origin.replace(/\/+$/, '')}/paymentSlip?MerTradeNo=${encodeURIComponent(merTradeNo)}`;
}

/**
 * The short zh-TW order news (LINE and SMS): the shop's name, the order number and a link. The
 * allowance consent links to /allowance/<token> (the refund mail's page).
 */
export function orderNewsText(kind: OrderNewsKind, o: OrderNewsFacts, ctx: OrderNewsContext): string {
  const head = `【${ctx.shopName}】訂單 ${o.merTradeNo}`;
  const link = orderNewsLink(ctx.origin, o.merTradeNo);
  switch (kind) {
    case 'placed':
      return `${head} 已成立，金額 ${ntd(o.totalAmount)}。訂單詳情：${link}`;
    case 'paid':
      return `${head} 已收到付款 ${ntd(o.totalAmount)}，我們將盡快出貨。訂單詳情：${link}`;
    case 'shipped':
      return `${head} 已出貨。訂單詳情：${link}`;
    case 'at-store':
      return `${head} 已送達${o.storeName ? ` ${o.storeName}` : '取貨門市'}，請於 7 天內攜帶證件取件。訂單詳情：${link}`;
    case 'delivered':
      return `${head} 已送達，謝謝您的購買！訂單詳情：${link}`;
    case 'cancelled':
      return `${head} 已取消。訂單詳情：${link}`;
    case 'refunded':
      return `${head} 已退款，款項將依原付款方式退回。訂單詳情：${link}`;
    case 'allowance-consent':
      return `${head} 的退款需要您同意電子發票折讓：${ctx.origin.replace(/\/+$/, '')}/allowance/${ctx.allowanceToken ?? ''}`;
  }
}
