import Handlebars from 'handlebars';
import { LAYOUT_HTML } from './layout.compiled';
import { THEME_PLACEHOLDER, TINT_PLACEHOLDER } from './layout.mjml';

/**
 * The shop's e-mail templates (issue 22 §6): one MJML layout (`layout.mjml.ts`), compiled to e-mail
 * HTML at build time (`layout.compiled.ts`, by test/mail-preview/compile-layout.cjs; a unit test
 * fails while it is stale), made a Handlebars template once per process (`compileMailLayout`, at
 * boot by `MailTemplatesWarmup`), filled per message with HTML escaping of every value. A message is described by a `MailDoc`
 * (plain text only: no markup ever comes in), which gives both the HTML part and the plain-text
 * part, so the two always say the same.
 */

/** The shop's look: name, logo and colour (settings, else the brand defaults). */
export interface MailBrand {
  /** COMPANY_NAME (or the short name), shown in the header when there is no logo and in the footer. */
  name: string;
  /** The header's wordmark when there is no logo (COMPANY_NAMEN, else the name). */
  wordmark: string;
  /** Public origin, without a trailing slash: the header links to it. */
  origin: string;
  /** Absolute https URL of a logo image (PNG/JPEG; '' = the name as a wordmark). */
  logoUrl: string;
  /** `#rrggbb`; anything else falls back to the brand colour. */
  color: string;
  /** Customer service e-mail and phone for the footer ('' = left out). */
  email: string;
  phone: string;
}

/** The brand defaults (client/src/app/theme.ts: the darker rose keeps white text readable). */
export const BRAND_COLOR = '#9a5461';
export const BRAND_TINT = '#f6e7e5';

/** A label and a value, both plain text. */
export interface MailRow {
  k: string;
  v: string;
}

export interface MailItemLine {
  name: string;
  /** Variant (規格), shown under the name. */
  variant: string;
  quantity: string;
  price: string;
  /** price × quantity, before the discounts below it. */
  amount: string;
  /** The line's own discounts, each its own row (label, −NT$ n). */
  discounts: Array<{ label: string; amount: string }>;
}

export interface MailItems {
  lines: MailItemLine[];
  /** 商品小計, each adjustment, 運費 … */
  totals: MailRow[];
  /** The last, bold row (訂單總額). */
  total?: MailRow;
}

export interface MailSection {
  title: string;
  rows: MailRow[];
  notes: string[];
}

/** Everything one e-mail says; every string is plain text (escaped when rendered as HTML). */
export interface MailDoc {
  brand: MailBrand;
  subject: string;
  /** The inbox preview line (hidden in the body). */
  preview: string;
  /** The coloured title bar. */
  headline: string;
  /** 王小明 您好： */
  greeting?: string;
  intro?: string[];
  /** A one-time code shown large. */
  code?: string;
  rows?: MailRow[];
  items?: MailItems;
  sections?: MailSection[];
  /** The main action, a full-width button. */
  button?: { url: string; label: string };
  /** Further links, centred under the button. */
  links?: Array<{ url: string; label: string }>;
  outro?: string[];
  /** A small line above the shop's contact line (此為系統通知，請勿直接回覆。). */
  footer?: string;
  /** Marketing messages: the one-click unsubscribe page. */
  unsubscribeUrl?: string;
}

export interface RenderedMail {
  html: string;
  text: string;
}

const HEX = /^#[0-9a-f]{6}$/i;
const HTTP_URL = /^https?:\/\/[^\s<>"']+$/i;

/** A brand with every value checked: a colour that is not `#rrggbb` and a logo that is not an http(s) URL fall back. */
export function normalBrand(b: Partial<MailBrand> & Pick<MailBrand, 'name' | 'origin'>): MailBrand {
  const color = (b.color ?? '').trim();
  const logo = (b.logoUrl ?? '').trim();
  const name = b.name.trim() || 'skinshop';
  return {
    name,
    wordmark: (b.wordmark ?? '').trim() || name,
    origin: b.origin.replace(/\/+$/, ''),
    logoUrl: HTTP_URL.test(logo) ? logo : '',
    color: HEX.test(color) ? color.toLowerCase() : BRAND_COLOR,
    email: (b.email ?? '').trim(),
    phone: (b.phone ?? '').trim(),
  };
}

/** A light tint of the theme colour (88 % white), for the table head and the code box. */
export function tintOf(color: string): string {
  if (color === BRAND_COLOR) return BRAND_TINT;
  const n = parseInt(color.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * 0.88);
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

type Fill = (data: object) => string;

let compiled: Fill | null = null;

/**
 * The layout as a template, made once: the colour placeholders turned into fields, then a
 * Handlebars template in its own environment (only `if` / `each`; nothing anyone else registers).
 */
export function compileMailLayout(): Fill {
  if (compiled) return compiled;
  const withFields = LAYOUT_HTML.split(THEME_PLACEHOLDER).join('{{brand.color}}').split(TINT_PLACEHOLDER).join('{{tint}}');
  const template = Handlebars.create().compile(withFields, { strict: false, noEscape: false, knownHelpersOnly: true, knownHelpers: { if: true, each: true } });
  // Handlebars also escapes `=` (for unquoted attributes); every attribute here is quoted, so it
  // stays readable in links (?MerTradeNo=…). An escaped `&` before it never forms `&#x3D;`.
  compiled = (data: object) => template(data).replace(/&#x3D;/g, '=');
  return compiled;
}

/** The plain-text part: the same content, in reading order. */
export function mailText(doc: MailDoc): string {
  const out: string[] = [];
  const rows = (rs: readonly MailRow[]) => rs.map((r) => `${r.k}：${r.v}`);
  const para = (p: string) => out.push(p, '');
  if (doc.greeting) para(doc.greeting);
  for (const p of doc.intro ?? []) para(p);
  // The code stands alone unless a paragraph already says it (您的驗證碼為 123456).
  if (doc.code && !(doc.intro ?? []).some((p) => p.includes(doc.code ?? ''))) para(doc.code);
  if (doc.rows?.length) out.push(...rows(doc.rows), '');
  if (doc.items) {
    out.push('【商品明細】');
    for (const l of doc.items.lines) {
      const name = l.variant ? `${l.name}（${l.variant}）` : l.name;
      out.push(`${name} × ${l.quantity}，單價 ${l.price}，小計 ${l.amount}`);
      for (const d of l.discounts) out.push(`\u3000${d.label} ${d.amount}`);
    }
    out.push('', ...rows(doc.items.totals), ...(doc.items.total ? rows([doc.items.total]) : []), '');
  }
  for (const s of doc.sections ?? []) {
    // A section of one note reads as one line: 【發票】… (as the mails said before the templates).
    if (s.rows.length === 0 && s.notes.length === 1) {
      para(`【${s.title}】${s.notes[0]}`);
      continue;
    }
    out.push(`【${s.title}】`, ...rows(s.rows), ...s.notes, '');
  }
  if (doc.button) para(`${doc.button.label}：${doc.button.url}`);
  for (const l of doc.links ?? []) para(`${l.label}：${l.url}`);
  for (const p of doc.outro ?? []) para(p);
  out.push(doc.brand.name);
  if (doc.footer) out.push(doc.footer);
  if (doc.unsubscribeUrl) out.push(`取消訂閱：${doc.unsubscribeUrl}`);
  return out.join('\n');
}

/** The HTML and plain-text parts of one e-mail. */
export async function renderMail(doc: MailDoc): Promise<RenderedMail> {
  const fill = compileMailLayout();
  const brand = normalBrand(doc.brand);
  const data = {
    ...doc,
    brand,
    tint: tintOf(brand.color),
    preview: doc.preview || doc.headline,
    intro: doc.intro ?? [],
    rows: doc.rows ?? [],
    sections: doc.sections ?? [],
    links: doc.links ?? [],
    outro: doc.outro ?? [],
  };
  return { html: fill(data), text: mailText({ ...doc, brand }) };
}

/** What `renderNoticeMail` takes: a short notice (member notices, cart reminders, order news). */
export interface NoticeMailInput {
  shop: MailBrand;
  headline: string;
  /** One or more paragraphs (plain text; a blank line splits paragraphs). */
  body: string;
  link: string;
  /** The button's words (查看詳情). */
  linkLabel?: string;
  /** Marketing only: the one-click unsubscribe page (`${origin}/unsubscribe/<token>`). */
  unsubscribeUrl?: string;
}

/**
 * A short notice in the shop's layout (for src/modules/member-notices and the cart reminder):
 * the headline as the title bar, the body, one button, the system-notice footer and, for
 * marketing, the unsubscribe link. The subject stays the caller's (【shop】headline).
 */
export function renderNoticeMail(input: NoticeMailInput): Promise<RenderedMail> {
  const paragraphs = input.body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return renderMail({
    brand: input.shop,
    subject: `【${input.shop.name}】${input.headline}`,
    preview: paragraphs[0] ?? input.headline,
    headline: input.headline,
    intro: paragraphs,
    button: { url: input.link, label: input.linkLabel ?? '查看詳情' },
    footer: `此為 ${input.shop.name} 系統通知，請勿直接回覆。`,
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
