import { AppError } from '../errors/app-error';
import { assertHtmlBounds, HTML_LIMITS, HTML_MSG } from './html-bounds';
import { allowedEmbedSrc, safeUrl } from './safe-url';
import { sanitizeRichHtml } from './sanitize-html';
import { htmlProblems as problems } from './testing/html-problems';
import { XSS_CORPUS } from './xss-corpus';

describe('sanitizeRichHtml', () => {
  it.each(XSS_CORPUS.map((c) => [c.name, c.html]))('neutralises: %s', (_name, html) => {
    const out = sanitizeRichHtml(html);
    expect(problems(out)).toEqual([]);
    // Stable: sanitize-on-save and sanitize-on-read give the same markup.
    expect(sanitizeRichHtml(out)).toBe(out);
  });

  it('keeps the formatting admins use', () => {
    const html = [
      '<h2 style="text-align:center;color:#c06">標題</h2>',
      '<p class="lead" style="font-size:16px;line-height:1.8">保濕 <strong>精華</strong> <em>每日</em><br>第二行</p>',
      '<ul><li>一</li><li>二</li></ul><ol start="3"><li>三</li></ol>',
      '<table border="1"><thead><tr><th colspan="2">規格</th></tr></thead><tbody><tr><td>容量</td><td>30ml</td></tr></tbody></table>',
      '<figure><img src="https://cdn.example.com/a.webp" alt="產品" width="600" loading="lazy"><figcaption>說明</figcaption></figure>',
      '<img src="/media/demo/b.webp" alt="">',
      '<a href="https://example.com/x" target="_blank">外部</a> <a href="mailto:hi@example.com">信箱</a> <a href="tel:0212345678">電話</a> <a href="/products">商品</a>',
      '<div class="video"><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" allowfullscreen></iframe></div>',
      '<iframe src="https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fx%2Fvideos%2F1"></iframe>',
    ].join('');
    const out = sanitizeRichHtml(html);
    expect(out).toContain('<h2 style="text-align:center;color:#c06">標題</h2>');
    expect(out).toContain('<p class="lead" style="font-size:16px;line-height:1.8">保濕 <strong>精華</strong> <em>每日</em><br />第二行</p>');
    expect(out).toContain('<ol start="3"><li>三</li></ol>');
    expect(out).toContain('<th colspan="2">規格</th>');
    expect(out).toContain('<img src="https://cdn.example.com/a.webp" alt="產品" width="600" loading="lazy" />');
    expect(out).toContain('<img src="/media/demo/b.webp" alt="" />');
    expect(out).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">外部</a>');
    expect(out).toContain('<a href="mailto:hi@example.com">信箱</a>');
    expect(out).toContain('<a href="tel:0212345678">電話</a>');
    expect(out).toContain('<a href="/products">商品</a>');
    expect(out).toContain('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" allowfullscreen></iframe>');
    expect(out).toContain('<iframe src="https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fx%2Fvideos%2F1"></iframe>');
    expect(problems(out)).toEqual([]);
  });

  it('keeps raster data images but not SVG or other data URLs', () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    expect(sanitizeRichHtml(`<img src="${png}" alt="a">`)).toBe(`<img src="${png}" alt="a" />`);
    expect(sanitizeRichHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="a">')).toBe('<img alt="a" />');
    expect(sanitizeRichHtml('<img src="data:text/html;base64,PHNjcmlwdD4=" alt="a">')).toBe('<img alt="a" />');
  });

  it('drops disallowed tags but keeps their text, and drops script-like content entirely', () => {
    expect(sanitizeRichHtml('<font color="red">紅字</font><center>置中</center>')).toBe('紅字置中');
    expect(sanitizeRichHtml('<p>a<script>alert(1)</script>b<style>p{}</style>c</p>')).toBe('<p>abc</p>');
    expect(sanitizeRichHtml('<p>前<iframe src="https://evil.example/">後備文字</iframe>後</p>')).toBe('<p>前後</p>');
  });

  it('closes an allowed iframe that follows a refused one (nothing after it is swallowed)', () => {
    const yt = '<iframe src="https://www.youtube.com/embed/abc"></iframe>';
    expect(sanitizeRichHtml(`<iframe src="https://evil.example/"></iframe>${yt}<p>之後</p>`)).toBe(`${yt}<p>之後</p>`);
    expect(sanitizeRichHtml(`<div><iframe src="javascript:alert(1)"></iframe></div><div>${yt}</div><p>之後</p>`)).toBe(`<div></div><div>${yt}</div><p>之後</p>`);
    expect(sanitizeRichHtml('<p>a<iframe src="https://evil.example/">')).toBe('<p>a</p>');
  });

  it('filters inline styles per property', () => {
    expect(sanitizeRichHtml('<p style="color:red;position:absolute;background:url(x)">x</p>')).toBe('<p style="color:red">x</p>');
    expect(sanitizeRichHtml('<span style="font-family:微軟正黑體, sans-serif">字</span>')).toBe('<span style="font-family:微軟正黑體, sans-serif">字</span>');
  });

  it('keeps only the class names the content stylesheet styles (CONTENT_CLASSES)', () => {
    expect(sanitizeRichHtml('<p class="lead">引言</p>')).toBe('<p class="lead">引言</p>');
    expect(sanitizeRichHtml('<div class="video ss-admin-layout"><p class="ant-modal-mask lead ss-header">x</p></div>')).toBe(
      '<div class="video"><p class="lead">x</p></div>',
    );
    // A class attribute left empty is dropped with its value.
    expect(sanitizeRichHtml('<span class="ss-cart-badge" style="color:red">9</span>')).toBe('<span style="color:red">9</span>');
    expect(sanitizeRichHtml('<pre><code class="language-js">x</code></pre>')).toBe('<pre><code>x</code></pre>');
  });

  it('refuses markup past HTML_LIMITS before sanitizing: 300,000 unclosed <div> answer at once (issue 19 §8)', () => {
    const refusal = (html: string) => {
      try {
        sanitizeRichHtml(html);
      } catch (e) {
        if (e instanceof AppError) return [e.getStatus(), e.message];
        throw e;
      }
      return 'not refused';
    };
    const started = Date.now();
    expect(refusal('<div>'.repeat(300_000))).toEqual([413, HTML_MSG.tooComplex]);
    expect(Date.now() - started).toBeLessThan(2000); // the sanitizer took 20–40 s on it
    expect(refusal('<span>'.repeat(HTML_LIMITS.depth + 1))).toEqual([413, HTML_MSG.tooComplex]);
    expect(refusal('<br>'.repeat(HTML_LIMITS.elements + 1))).toEqual([413, HTML_MSG.tooComplex]);
    // At the bounds it is sanitized as before; implied closes (<p>a<p>b) and void elements do not deepen it.
    expect(sanitizeRichHtml('<span>'.repeat(HTML_LIMITS.depth))).toBe('<span>'.repeat(HTML_LIMITS.depth) + '</span>'.repeat(HTML_LIMITS.depth));
    expect(sanitizeRichHtml('<p>a'.repeat(5000))).toBe('<p>a</p>'.repeat(5000));
    expect(sanitizeRichHtml(`<div>${'<img src="/media/a.webp"><br>'.repeat(HTML_LIMITS.depth)}</div>`)).toContain('<br />');
    expect(() => assertHtmlBounds(`${'<div>'.repeat(10)}${'</div>'.repeat(10)}`.repeat(1000))).not.toThrow();
  });

  it('handles empty input', () => {
    expect(sanitizeRichHtml(null)).toBe('');
    expect(sanitizeRichHtml(undefined)).toBe('');
    expect(sanitizeRichHtml('')).toBe('');
  });
});

describe('safeUrl / allowedEmbedSrc', () => {
  it('accepts http(s), mailto, tel and relative links only', () => {
    expect(safeUrl('https://a.example/x')).toBe('https://a.example/x');
    expect(safeUrl('/products?x=1')).toBe('/products?x=1');
    expect(safeUrl('#top')).toBe('#top');
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    for (const bad of ['javascript:alert(1)', ' JaVa\tScRiPt:alert(1)', 'java\u0000script:x', 'data:text/html,x', '//evil.example', 'vbscript:x']) {
      expect(safeUrl(bad)).toBe('');
    }
    expect(safeUrl('mailto:a@b.c', 'image')).toBe('');
    expect(safeUrl(null)).toBe('');
  });

  it('allows only the YouTube embed and Facebook video players', () => {
    expect(allowedEmbedSrc('https://www.youtube-nocookie.com/embed/abc?rel=0')).toBe('https://www.youtube-nocookie.com/embed/abc?rel=0');
    for (const bad of [
      'https://www.youtube.com/watch?v=abc',
      'https://www.youtube.com/embed/../redirect?q=x',
      'https://www.youtube.com:8443/embed/abc',
      'https://user@www.youtube.com/embed/abc',
      'https://www.facebook.com/plugins/like.php',
      'http://www.youtube.com/embed/abc',
      'https://youtube.com/embed/abc',
      '/embed/abc',
    ]) {
      expect(allowedEmbedSrc(bad)).toBeUndefined();
    }
  });
});
