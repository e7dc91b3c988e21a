import { taipeiToday } from '@rules/taiwan';

/** The file name the server's Content-Disposition gives, else skinshop-my-data-YYYYMMDD.json. */
export function exportFileName(disposition: string | null, today = taipeiToday()): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain ? plain[1].trim() : `skinshop-my-data-${today.replaceAll('-', '')}.json`;
}

/**
 * 下載我的資料 (issue 22 §4): GET /api/member/export, saved as a file. Throws when the server
 * refuses or cannot be reached (the page says 資料匯出失敗，請稍後再試).
 */
export async function downloadMyData(): Promise<string> {
  const res = await fetch('/api/member/export', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`export failed: ${res.status}`);
  const blob = await res.blob();
  const name = exportFileName(res.headers.get('Content-Disposition'));
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser the time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
