import { escapeHtml } from '../../common/html/escape-html';

/**
 * The page of LINE's simulators (LINE Pay's pay page, the Messaging API's chat list): LINE green
 * header naming the simulator, a narrow column that fits a phone, the shared base styles; each
 * simulator adds its own rules (`css`). `title` is escaped here; `content` is the caller's HTML
 * (escape what it interpolates).
 */
export function lineSimPage(opts: { title: string; simulator: string; content: string; css: string; width: number }): string {
  return `<!doctype html>
<html lang="zh-TW">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(opts.title)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Noto Sans TC","PingFang TC",sans-serif;background:#f2f4f5;color:#222}
header{background:#06c755;color:#fff;padding:14px 16px;font-weight:700;font-size:18px}
header small{display:block;font-weight:400;font-size:12px;opacity:.9}
main{max-width:${opts.width}px;margin:0 auto;padding:16px}
.note{background:#fff8e1;border:1px solid #f0d98c;border-radius:8px;padding:10px 12px;font-size:14px}
${opts.css}
</style>
</head>
<body>
<header>${escapeHtml(opts.title)}<small>${escapeHtml(opts.simulator)}</small></header>
<main>
${opts.content}
</main>
</body>
</html>`;
}
