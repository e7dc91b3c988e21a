import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/**
 * The rule of the payment contract (issue 19 §2): no payment provider is named in src/modules
 * outside the registry. The modules reach PAYUNi and LINE Pay only through PaymentProvider
 * (payment-provider.ts) and PaymentProviderRegistry (payment-provider.registry.ts).
 *
 * Scanned: every .ts file under src/modules except tests (*.spec.ts), the registry, and the
 * logistics module — PAYUNi's *logistics* service (store map, shipping tickets, status notifies)
 * is a shipping provider with its own seam, not a payment gateway.
 *
 * Code is read token by token (TypeScript's scanner), so comments never count. Refused:
 * 1. importing anything from src/integrations/payuni or src/integrations/linepay;
 * 2. an identifier naming a gateway: Payuni… / payuni… / PAYUNI_… / LinePay… / linePay… / LINEPAY_…
 *    (its client, gateway token, errors, a `payuniCallback` method). The bare method code
 *    `linepay` as a property key stays allowed: method codes are data;
 * 3. a string naming the gateway `payuni` (a gateway name, a callback path);
 * 4. the method code 'linepay' compared with or assigned to a `…gateway…` (choosing a gateway by
 *    name): `gateway === 'linepay'`, `gateway: 'linepay'`.
 */

const ROOT = join(__dirname, '..');
const REGISTRY = join(__dirname, 'payment-provider.registry.ts');
const EXEMPT_DIRS = [join(ROOT, 'logistics')];

const IMPORT_PATH = /(^|\/)integrations\/(payuni|linepay)(\/|$)/;
const GATEWAY_STRING = /(^|[^a-z])payuni([^a-z]|$)/i;

export interface Violation {
  line: number;
  rule: 'import' | 'identifier' | 'string' | 'gateway-branch';
  text: string;
}

/** The violations of the rule in one file's source. */
export function providerNameViolations(source: string): Violation[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, /* skipTrivia */ true, ts.LanguageVariant.Standard, source);
  const out: Violation[] = [];
  const recent: { kind: ts.SyntaxKind; text: string }[] = [];
  /** Open `${` of template literals: the braces opened inside each. */
  const templates: number[] = [];
  /** After `'linepay' ===`: the member chain that follows (`row.gateway`). */
  let comparedChain: string[] | null = null;
  const lineOf = (pos: number) => source.slice(0, pos).split('\n').length;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.OpenBraceToken && templates.length > 0) templates[templates.length - 1] += 1;
    else if (kind === ts.SyntaxKind.CloseBraceToken && templates.length > 0) {
      if (templates[templates.length - 1] === 0) kind = scanner.reScanTemplateToken(false);
      else templates[templates.length - 1] -= 1;
    }
    if (kind === ts.SyntaxKind.TemplateHead) templates.push(0);
    else if (kind === ts.SyntaxKind.TemplateTail) templates.pop();

    const pos = scanner.getTokenStart();
    const value = scanner.getTokenValue();
    if (comparedChain) {
      if (kind === ts.SyntaxKind.Identifier || kind === ts.SyntaxKind.DotToken || kind === ts.SyntaxKind.QuestionDotToken) comparedChain.push(value);
      else {
        if (comparedChain.some((t) => /gateway/i.test(t))) out.push({ line: lineOf(pos), rule: 'gateway-branch', text: `'linepay' compared with ${comparedChain.join('')}` });
        comparedChain = null;
      }
    }
    if (kind === ts.SyntaxKind.Identifier) {
      if (namesGateway(value)) out.push({ line: lineOf(pos), rule: 'identifier', text: value });
    } else if (kind === ts.SyntaxKind.StringLiteral || (kind >= ts.SyntaxKind.NoSubstitutionTemplateLiteral && kind <= ts.SyntaxKind.TemplateTail)) {
      if (IMPORT_PATH.test(value)) out.push({ line: lineOf(pos), rule: 'import', text: value });
      else if (GATEWAY_STRING.test(value)) out.push({ line: lineOf(pos), rule: 'string', text: value });
      else if (value === 'linepay' && picksGateway(recent)) out.push({ line: lineOf(pos), rule: 'gateway-branch', text: `${recent.map((t) => t.text).join(' ')} 'linepay'` });
    } else if (isComparison({ kind }) && recent[recent.length - 1]?.text === "'linepay'") {
      comparedChain = [];
    }
    recent.push({ kind, text: kind === ts.SyntaxKind.StringLiteral ? `'${value}'` : scanner.getTokenText() });
    if (recent.length > 3) recent.shift();
  }
  return out;
}

/** Its words (camelCase, snake_case) name PAYUNi or LINE Pay; the bare method code `linepay` is data. */
function namesGateway(id: string): boolean {
  if (id === 'linepay') return false;
  const words = id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_$]+/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
  return words.some((w, i) => w === 'payuni' || w === 'linepay' || (w === 'line' && words[i + 1] === 'pay'));
}

function isComparison(t: { kind: ts.SyntaxKind } | undefined): boolean {
  return (
    t !== undefined &&
    [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(t.kind)
  );
}

/** `…gateway… === 'linepay'`, `…gateway…: 'linepay'`, `…gateway… = 'linepay'`. */
function picksGateway(recent: { kind: ts.SyntaxKind; text: string }[]): boolean {
  const op = recent[recent.length - 1];
  const name = recent[recent.length - 2];
  if (!op || !name || name.kind !== ts.SyntaxKind.Identifier || !/gateway/i.test(name.text)) return false;
  return isComparison(op) || op.kind === ts.SyntaxKind.ColonToken || op.kind === ts.SyntaxKind.EqualsToken;
}

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return EXEMPT_DIRS.includes(path) ? [] : moduleFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') && path !== REGISTRY ? [path] : [];
  });
}

describe('payment providers are named only in the registry (issue 19 §2)', () => {
  it('no file under src/modules (but the registry and logistics) names PAYUNi or LINE Pay as a gateway', () => {
    const found = moduleFiles(ROOT).flatMap((file) =>
      providerNameViolations(readFileSync(file, 'utf8')).map((v) => `${relative(join(ROOT, '..', '..'), file).split(sep).join('/')}:${v.line} [${v.rule}] ${v.text}`),
    );
    expect(found).toEqual([]);
  });

  it('the registry itself is where they are named (the scan would flag it)', () => {
    const v = providerNameViolations(readFileSync(REGISTRY, 'utf8'));
    expect(v.some((x) => x.rule === 'import')).toBe(true);
    expect(v.some((x) => x.rule === 'identifier')).toBe(true);
  });

  describe('what the rule refuses and allows', () => {
    const rules = (src: string) => providerNameViolations(src).map((v) => v.rule);

    it('refuses imports from the gateways’ integrations, static or dynamic', () => {
      expect(rules(`import { PayuniError } from '../../integrations/payuni/payuni-gateway';`)).toContain('import');
      expect(rules(`import type { X } from '../../integrations/linepay/linepay-gateway';`)).toContain('import');
      expect(rules(`const m = await import('../../integrations/linepay/linepay-client');`)).toEqual(['import']);
    });

    it('refuses identifiers naming a gateway: clients, tokens, errors, methods', () => {
      expect(rules('@Inject(PAYUNI_GATEWAY) private readonly gw: X')).toEqual(['identifier']);
      expect(rules('if (err instanceof LinePayError) return;')).toEqual(['identifier']);
      expect(rules('await this.payments.payuniCallback(form)')).toEqual(['identifier']);
      expect(rules('const c = new HttpPayuniGateway(cfg)')).toEqual(['identifier']);
      expect(rules('this.linePayConfirm(id)')).toEqual(['identifier']);
    });

    it("refuses the gateway name 'payuni' as a string, in paths and templates too", () => {
      expect(rules(`const g = 'payuni';`)).toEqual(['string']);
      expect(rules(`@Post('payuni/notify')`)).toEqual(['string']);
      expect(rules('const u = `${origin}/api/payments/payuni/return?x=${a}`;')).toEqual(['string']);
      expect(rules(`type G = 'payuni' | 'other';`)).toEqual(['string']);
    });

    it("refuses choosing a gateway by the code 'linepay'", () => {
      expect(rules(`if (attempt.gateway === 'linepay') {}`)).toEqual(['gateway-branch']);
      expect(rules(`if ('linepay' !== row.gateway) {}`)).toEqual(['gateway-branch']);
      expect(rules(`repo.findOne({ where: { gateway: 'linepay' } })`)).toEqual(['gateway-branch']);
    });

    it('allows method codes as data, display names and comments', () => {
      expect(rules(`export const PAYMENT_METHODS = ['atm', 'cvs', 'credit', 'linepay', 'cod'] as const;`)).toEqual([]);
      expect(rules(`const LABEL = { linepay: 'LINE Pay', cod: '貨到付款' };`)).toEqual([]);
      expect(rules(`...(payment === 'linepay' ? { invoiceType: 'personal' } : {})`)).toEqual([]);
      expect(rules(`// PAYUNi's NotifyURL: see payuni-gateway.ts\n/** LinePayGateway */ const a = 1;`)).toEqual([]);
      expect(rules('const provider = registry.for(order.payment); await provider.start(input);')).toEqual([]);
    });
  });
});
