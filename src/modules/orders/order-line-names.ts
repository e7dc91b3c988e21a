/** What a gift line and an add-on line are called where an order is shown as text (mails, e-invoice, gateways). */
export const LINE_KIND_LABEL: Readonly<Record<string, string>> = { gift: '贈品', addon: '加價購' };

/**
 * A line as text: `商品（規格）`, marked `【贈品】` (滿額贈, NT$ 0) or `【加價購】` when it came from a
 * promotion, so the buyer and the invoice tell them from what was bought.
 */
export function orderLineName(title: string, variantName: string, kind: string = 'item'): string {
  const name = variantName ? `${title}（${variantName}）` : title;
  const label = LINE_KIND_LABEL[kind];
  return label ? `【${label}】${name}` : name;
}
