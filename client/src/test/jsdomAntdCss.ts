/**
 * Keeps jsdom's getComputedStyle affordable under antd's CSS-in-JS.
 *
 * Testing Library calls getComputedStyle for every role query (is it hidden? its name?) and
 * user-event for every click (pointer-events), and jsdom 29 matches every rule of every sheet
 * for each element it asks about. antd injects ~300 KB of CSS; worse, it declares custom
 * properties as `inherit` (e.g. `--ant-button-only-icon-size: inherit`), which jsdom 29 resolves
 * in O(2^depth) (jsdom/jsdom#4330; fixed in jsdom 30, which needs Node 22). Deep antd screens
 * took seconds per query: one products test ran 51 s, 3 s with this.
 *
 * antd writes each <style> through `innerHTML`. There, keep only the rules a test can observe
 * (those that hide or disable: display, visibility, pointer-events), within their @media.
 */
const innerHTML = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
const OBSERVABLE = ['display', 'visibility', 'pointer-events'];
const kept = new Map<string, string>();

function observableRules(rules: CSSRuleList): string {
  let out = '';
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSStyleRule) {
      const decls = OBSERVABLE.map((p) => [p, rule.style.getPropertyValue(p), rule.style.getPropertyPriority(p)] as const)
        .filter(([, v]) => v)
        .map(([p, v, imp]) => `${p}:${v}${imp ? ' !important' : ''}`);
      if (decls.length) out += `${rule.selectorText}{${decls.join(';')}}`;
    } else if (rule instanceof CSSMediaRule) {
      const inner = observableRules(rule.cssRules);
      if (inner) out += `@media ${rule.media.mediaText}{${inner}}`;
    }
  }
  return out;
}

function keepObservable(css: string): string {
  let out = kept.get(css);
  if (out === undefined) {
    const sheet = new CSSStyleSheet();
    try {
      sheet.replaceSync(css);
      out = observableRules(sheet.cssRules);
    } catch {
      out = css;
    }
    kept.set(css, out);
  }
  return out;
}

Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
  configurable: true,
  get(this: HTMLStyleElement) {
    return innerHTML.get!.call(this) as string;
  },
  set(this: HTMLStyleElement, css: string) {
    innerHTML.set!.call(this, keepObservable(css));
  },
});
