/** Texts shared by the admin screens. */

/** An ISO timestamp as `YYYY-MM-DD HH:mm` in Asia/Taipei (UTC+8 all year); '' when missing or unreadable. */
export function taipeiDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const d = new Date(t + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** The server's message from an RTK Query error or a refusal envelope. */
export function messageOf(errOrAnswer: unknown): string | undefined {
  if (!errOrAnswer || typeof errOrAnswer !== 'object') return undefined;
  const data = 'data' in errOrAnswer ? (errOrAnswer as { data?: unknown }).data : errOrAnswer;
  if (data && typeof data === 'object' && 'message' in data) {
    const m = (data as { message?: unknown }).message;
    if (typeof m === 'string' && m) return m;
  }
  return undefined;
}

/** Table pagination texts: "共 N 筆". */
export const showTotal = (total: number) => `共 ${total.toLocaleString('zh-TW')} 筆`;

/** The link to an order in 訂單管理: found by its number over every date, its detail opened. */
export const adminOrderLink = (orderId: number, orderNo: string) => `/admin/orders?range=all&q=${encodeURIComponent(orderNo)}&open=${orderId}`;
