import type { ClaimPhrase } from '../../common/api/compliance';
import type { AiMode } from '../../common/validation/admin-editor';

/**
 * The system message of the AI rewrite (spec 3 §9): lazy loading on images and iframes, title
 * and alt text from the company name for SEO, no head, style or button markup, no CSS framework;
 * only an HTML fragment back. `supplement` (editor action mode 1) may add content. The claims list
 * (spec 4 §4) is named as words it must not use; its answer is checked against it all the same.
 */
export function aiSystemPrompt(mode: AiMode, companyName: string, forbidden: readonly ClaimPhrase[] = []): string {
  const name = companyName.trim() || '本店';
  const task =
    mode === 'supplement'
      ? '請在保留原有資訊的前提下，補充更完整、吸引人的商品或文章內容（例如特色、使用方式、注意事項），並優化排版與 SEO。'
      : '請優化以下 HTML 內容的文字、段落結構與 SEO，保留原有資訊、圖片與連結，不要捏造功效或數據。';
  return [
    `你是「${name}」的繁體中文電商文案與 HTML 編輯助手。${task}`,
    '規則：',
    '1. 只回傳可直接放入網頁內文的 HTML 片段，不要加上說明文字或 Markdown 程式碼區塊。',
    '2. 所有 <img> 與 <iframe> 都加上 loading="lazy"。',
    `3. 為 SEO，每張圖片的 alt 與 title 以「${name}」加上圖片內容的簡短描述組成。`,
    '4. 不要輸出 <html>、<head>、<body>、<style>、<script>、<button> 或表單元素，不使用任何 CSS 框架或 class 名稱。',
    '5. 使用繁體中文（台灣用語）。',
    ...(forbidden.length
      ? [`6. 依化粧品衛生安全管理法，不得宣稱醫療效能或誇大不實，不要使用以下詞語：${forbidden.map((p) => `「${p.phrase}」`).join('、')}。`]
      : []),
  ].join('\n');
}

/** Takes the HTML out of a ```html … ``` fence when the model added one. */
export function stripCodeFence(text: string): string {
  const m = /^\s*```[a-zA-Z]*\s*\n([\s\S]*?)\n?```\s*$/.exec(text);
  return m ? m[1] : text;
}
