import { AUTO_SUBMIT_JS } from '../../integrations/payuni/payuni-client';
import type { PayuniForm } from '../../integrations/payuni/payuni-gateway';

/** Texts of the shipping calls beyond the spec's (spec 2 §8 texts are ADMIN_MSG in @rules/admin). */
export const SHIPPING_MSG = {
  cancelledAfterRefund: '訂單已全額退款，出貨單已取消',
  cancelRefused: '訂單已全額退款，但物流單無法取消，請聯絡物流業者',
  created: '出貨單建立成功',
  pending: '出貨單建立中，請稍候查詢',
  notShippable: '此訂單目前的狀態無法建立出貨單',
  manualOnly: '全家、萊爾富訂單請登錄物流業者的單號出貨',
  notManual: '7-11 與宅配訂單請建立物流單',
  lgsTypeMismatch: '物流類型與訂單的配送方式不符',
  spec150Ambient: '150 公分規格僅限常溫商品',
  badDate: '出貨日或配達日不正確',
  ticketNotFound: '找不到出貨單',
  shipmentNotFound: '找不到此物流單',
  carrierRequired: '請輸入物流業者',
  trackingInvalid: '請輸入正確的物流單號（英數字 4–30 碼）',
  markedShipped: '已登錄出貨',
  alreadyShipped: '此訂單已出貨',
  manualNoStatus: '手動登錄的物流單無法查詢貨態，請至物流業者網站查詢',
  consigneeName: '收件人姓名須為 2–5 個中文字（或 4–10 個英文字母）才能寄送，請先修改收件人',
  consigneeMobile: '收件人手機須為 09 開頭的 10 碼才能寄送，請先修改收件人',
  invalidForCarrier: '物流資料不符規則',
} as const;

/** Where the label pages load their auto-submit script (same origin: the CSP allows no inline script). */
export const AUTO_SUBMIT_PATH = '/api/logistics/autosubmit.js';
export { AUTO_SUBMIT_JS };

const esc = (s: unknown) =>
  String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function shell(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title>
<style>body{font-family:system-ui,"Noto Sans TC","PingFang TC",sans-serif;margin:0;padding:16px;color:#111}main{max-width:640px;margin:0 auto}
h1{font-size:20px;margin:0 0 12px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #444;padding:8px;text-align:left;vertical-align:top}th{width:32%;background:#f3f4f6}
.code{font-size:28px;font-weight:700;letter-spacing:2px}.note{color:#555;font-size:13px;margin-top:12px}@media print{.note{display:none}}</style>${head}</head><body><main>${body}</main></body></html>`;
}

export interface StoreLabelData {
  merTradeNo: string;
  shipTradeNo: string;
  partnerId?: string;
  validationNo?: string;
  storeId: string;
  storeName: string;
  storeAddr: string;
  consignee: string;
  consigneeMobile: string;
  collectAmount: number;
  senderName: string;
  memo: string;
  labelMode: string;
}

/** Masks a mobile number for a printed label: 0912***678. */
export function maskMobile(m: string): string {
  return m.length >= 10 ? `${m.slice(0, 4)}***${m.slice(-3)}` : m;
}

/**
 * The printable 7-ELEVEN C2C shipping page (kept on the ticket): the drop-off code (寄件代碼) the
 * sender keys in at the store's ibon, the shipment number, the pickup store and the consignee.
 */
export function storeLabelHtml(d: StoreLabelData): string {
  const rows: [string, string][] = [
    ['寄件代碼', d.partnerId ?? ''],
    ['物流單號', d.shipTradeNo],
    ['訂單編號', d.merTradeNo],
    ['取件門市', `${d.storeName}（${d.storeId}）`],
    ['門市地址', d.storeAddr],
    ['收件人', `${d.consignee} ${maskMobile(d.consigneeMobile)}`],
    ['代收金額', d.collectAmount > 0 ? `NT$ ${d.collectAmount.toLocaleString('en-US')}` : '不代收'],
    ['寄件人', d.senderName],
  ];
  if (d.validationNo) rows.splice(2, 0, ['驗證碼', d.validationNo]);
  if (d.memo) rows.push(['備註', d.memo]);
  const table = rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td${k === '寄件代碼' ? ' class="code"' : ''}>${esc(v)}</td></tr>`).join('');
  return shell(
    `7-ELEVEN 交貨便 ${d.shipTradeNo}`,
    `<h1>7-ELEVEN 交貨便寄件單</h1><table>${table}</table><p class="note">請至 7-ELEVEN 門市 ibon 輸入寄件代碼列印寄件標籤，將包裹交給店員。${d.labelMode === '1' ? '（一頁多張）' : ''}</p>`,
  );
}

/** A page that posts the signed form at once (the T-cat label PDF at PAYUNi), with a button if scripts are off. */
export function autoSubmitPage(form: PayuniForm, title: string): string {
  const inputs = Object.entries(form.body)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(String(v))}">`)
    .join('');
  return shell(
    title,
    `<h1>${esc(title)}</h1><form data-autosubmit method="post" action="${esc(form.go_url)}">${inputs}<button type="submit">下載託運單</button></form><p class="note">正在開啟託運單…</p>`,
    `<script src="${AUTO_SUBMIT_PATH}" defer></script>`,
  );
}
