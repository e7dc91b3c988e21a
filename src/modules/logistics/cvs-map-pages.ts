import type { PickedStore } from '../../common/api/orders';

/**
 * The pages the store map's return route answers with (no inline script: the CSP allows only
 * same-origin script files). Desktop: a page in the map window that hands the store to its opener
 * (the checkout) with CVS_STORE_SCRIPT and closes; without an opener it says so and links to the
 * phone result page, which hands the store over the same way phones get it.
 */

/** The message type the checkout listens for (client: useCvsMap's CVS_STORE_MESSAGE). */
export const CVS_STORE_MESSAGE = 'skinshop:cvs-store';

/** Path of the script below (served by CvsMapController). */
export const CVS_STORE_SCRIPT_PATH = '/api/logistics/cvs-map/picked.js';

/** Posts the page's store to `window.opener` (same origin only), then closes the window. */
export const CVS_STORE_SCRIPT = `(function () {
  var el = document.getElementById('cvs-store');
  if (!el) return;
  var d = el.dataset;
  var opener = window.opener;
  if (!opener || opener.closed) return;
  try {
    opener.postMessage({ type: '${CVS_STORE_MESSAGE}', store_id: d.storeId, store_name: d.storeName, store_addr: d.storeAddr }, location.origin);
  } catch (e) {
    return;
  }
  var note = document.getElementById('cvs-note');
  if (note) note.textContent = '已將門市帶回結帳頁，視窗即將關閉。';
  window.close();
})();
`;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-Hant-TW"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Noto Sans TC","PingFang TC",sans-serif;background:#f5f5f5;color:#222}
main{max-width:420px;margin:0 auto;padding:24px 16px}
h1{font-size:20px;margin:0 0 12px}
.card{background:#fff;border-radius:8px;padding:12px 16px;margin:0 0 16px;line-height:1.6}
a.btn{display:block;text-align:center;background:#c0392b;color:#fff;text-decoration:none;border-radius:8px;padding:12px;font-size:16px}
</style></head><body>${body}</body></html>`;
}

/** The phone result page with the store in its query (spec 2 §2): `/checkoutCvsResult?store_id=&store_name=&store_addr=`. */
export function cvsResultUrl(store: PickedStore): string {
  const q = new URLSearchParams({ store_id: store.store_id, store_name: store.store_name, store_addr: store.store_addr });
  return `/checkoutCvsResult?${q.toString().replace(/\+/g, '%20')}`;
}

/** Desktop: the map window's last page. */
export function pickedStorePage(store: PickedStore): string {
  return page(
    '門市選擇完成',
    `<main id="cvs-store" data-store-id="${esc(store.store_id)}" data-store-name="${esc(store.store_name)}" data-store-addr="${esc(store.store_addr)}">
<h1>已選擇 7-11 門市</h1>
<div class="card"><b>${esc(store.store_name)}</b>（店號 ${esc(store.store_id)}）<br>${esc(store.store_addr)}</div>
<p id="cvs-note">若此視窗沒有自動關閉，請按下方按鈕回到結帳頁。</p>
<a class="btn" href="${esc(cvsResultUrl(store))}">返回結帳頁</a>
</main><script src="${CVS_STORE_SCRIPT_PATH}"></script>`,
  );
}

/** A refused map post (bad signature, another shop, no store). */
export function refusedPage(): string {
  return page(
    '無法取得門市資料',
    `<main><h1>無法取得門市資料</h1>
<div class="card">門市資料驗證失敗，請回到結帳頁重新選擇門市。</div>
<a class="btn" href="/checkout">返回結帳頁</a></main>`,
  );
}
