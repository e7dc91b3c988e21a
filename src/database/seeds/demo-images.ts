/**
 * Demo images drawn locally as SVG (nothing is ever downloaded): soft gradient
 * backgrounds, a stylised bottle / jar / tube and the product name. Everything is
 * deterministic from its inputs, so re-seeding writes identical files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProductShape } from './demo-products';

/** URL prefix the server maps to `<mediaDir>/demo/`. */
export const DEMO_MEDIA_URL = '/media/demo';

const PALETTES: [string, string, string][] = [
  // background from, background to, accent
  ['#fde2e4', '#fad2e1', '#c9738a'],
  ['#e2ece9', '#bee1e6', '#4f8a8b'],
  ['#fff1e6', '#fde2e4', '#d0866b'],
  ['#dfe7fd', '#cddafd', '#5b6fb5'],
  ['#f0efeb', '#dfd3c3', '#8c7355'],
  ['#e9f5db', '#cfe1b9', '#6a8f4e'],
  ['#fef9ef', '#ffe5d9', '#c98b4a'],
  ['#eae4e9', '#d3c4e3', '#7d5ba6'],
];

const FONT = `'Noto Sans CJK TC','Noto Sans TC','PingFang TC','Microsoft JhengHei',sans-serif`;

export const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const palette = (seed: number) => PALETTES[((seed % PALETTES.length) + PALETTES.length) % PALETTES.length];

function svg(w: number, h: number, seed: number, body: string, angle = 135): string {
  const [from, to] = palette(seed);
  const rad = (angle * Math.PI) / 180;
  const [x2, y2] = [(0.5 + Math.cos(rad) / 2).toFixed(2), (0.5 + Math.sin(rad) / 2).toFixed(2)];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.95"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.55"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>${body}</svg>`
  );
}

/** Text centred at x, shrunk so it fits `maxWidth` (CJK glyphs are about 1 em wide). */
function text(x: number, y: number, s: string, size: number, color: string, maxWidth: number, weight = 500): string {
  const units = [...s].reduce((n, ch) => n + (ch.charCodeAt(0) < 0x100 ? 0.55 : 1), 0);
  const fs = Math.min(size, Math.floor(maxWidth / Math.max(units, 1)));
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${fs}" font-weight="${weight}" fill="${color}" text-anchor="middle">${escapeXml(s)}</text>`;
}

/** Background circles and leaves, placed from the seed. */
function decor(w: number, h: number, seed: number, accent: string): string {
  let out = '';
  for (let i = 0; i < 5; i++) {
    const x = ((seed * 37 + i * 211) % 100) / 100;
    const y = ((seed * 53 + i * 139) % 100) / 100;
    const r = 30 + ((seed + i * 17) % 60);
    out += `<circle cx="${Math.round(x * w)}" cy="${Math.round(y * h)}" r="${r}" fill="#ffffff" fill-opacity="${0.18 + (i % 3) * 0.08}"/>`;
  }
  const lx = Math.round(w * 0.82);
  const ly = Math.round(h * 0.22);
  out += `<path d="M${lx} ${ly} q 60 -70 120 -10 q -60 70 -120 10 z" fill="${accent}" fill-opacity="0.25"/>`;
  out += `<path d="M${lx - 40} ${ly + 60} q 50 -60 100 -5 q -50 60 -100 5 z" fill="${accent}" fill-opacity="0.18"/>`;
  return out;
}

/** A product container centred at (cx, cy) about `s` px tall. */
function container(shape: ProductShape, cx: number, cy: number, s: number, accent: string, label: string): string {
  const u = s / 100;
  const lab = (y: number, size = 9) => text(cx, cy + y * u, label, size * u, accent, 26 * u, 600);
  switch (shape) {
    case 'dropper':
      return (
        `<rect x="${cx - 20 * u}" y="${cy - 10 * u}" width="${40 * u}" height="${55 * u}" rx="${8 * u}" fill="url(#glass)" stroke="${accent}" stroke-opacity="0.35" stroke-width="${u}"/>` +
        `<rect x="${cx - 8 * u}" y="${cy - 22 * u}" width="${16 * u}" height="${13 * u}" fill="${accent}"/>` +
        `<ellipse cx="${cx}" cy="${cy - 30 * u}" rx="${7 * u}" ry="${10 * u}" fill="${accent}" fill-opacity="0.85"/>` +
        `<rect x="${cx - 2 * u}" y="${cy - 9 * u}" width="${4 * u}" height="${40 * u}" rx="${2 * u}" fill="${accent}" fill-opacity="0.25"/>` +
        lab(22)
      );
    case 'jar':
      return (
        `<rect x="${cx - 34 * u}" y="${cy - 12 * u}" width="${68 * u}" height="${42 * u}" rx="${10 * u}" fill="url(#glass)" stroke="${accent}" stroke-opacity="0.35" stroke-width="${u}"/>` +
        `<rect x="${cx - 36 * u}" y="${cy - 26 * u}" width="${72 * u}" height="${16 * u}" rx="${5 * u}" fill="${accent}"/>` +
        lab(14)
      );
    case 'tube':
      return (
        `<path d="M${cx - 22 * u} ${cy - 40 * u} h ${44 * u} l ${-6 * u} ${70 * u} h ${-32 * u} z" fill="url(#glass)" stroke="${accent}" stroke-opacity="0.35" stroke-width="${u}"/>` +
        `<rect x="${cx - 24 * u}" y="${cy - 46 * u}" width="${48 * u}" height="${7 * u}" rx="${2 * u}" fill="${accent}" fill-opacity="0.5"/>` +
        `<rect x="${cx - 12 * u}" y="${cy + 30 * u}" width="${24 * u}" height="${14 * u}" rx="${3 * u}" fill="${accent}"/>` +
        lab(0)
      );
    case 'pump':
      return (
        `<rect x="${cx - 24 * u}" y="${cy - 20 * u}" width="${48 * u}" height="${65 * u}" rx="${10 * u}" fill="url(#glass)" stroke="${accent}" stroke-opacity="0.35" stroke-width="${u}"/>` +
        `<rect x="${cx - 7 * u}" y="${cy - 34 * u}" width="${14 * u}" height="${14 * u}" fill="${accent}"/>` +
        `<path d="M${cx - 7 * u} ${cy - 40 * u} h ${28 * u} v ${6 * u} h ${-28 * u} z" fill="${accent}"/>` +
        lab(16)
      );
    case 'sachet':
      return (
        `<path d="M${cx - 32 * u} ${cy - 42 * u} h ${64 * u} l ${-2 * u} ${86 * u} h ${-60 * u} z" fill="url(#glass)" stroke="${accent}" stroke-opacity="0.35" stroke-width="${u}"/>` +
        `<path d="M${cx - 32 * u} ${cy - 42 * u} h ${64 * u} v ${8 * u} h ${-64 * u} z" fill="${accent}" fill-opacity="0.6"/>` +
        `<circle cx="${cx}" cy="${cy - 8 * u}" r="${14 * u}" fill="${accent}" fill-opacity="0.18"/>` +
        lab(20)
      );
    case 'box':
      return (
        `<rect x="${cx - 40 * u}" y="${cy - 22 * u}" width="${80 * u}" height="${58 * u}" rx="${3 * u}" fill="url(#glass)" stroke="${accent}" stroke-opacity="0.35" stroke-width="${u}"/>` +
        `<rect x="${cx - 43 * u}" y="${cy - 32 * u}" width="${86 * u}" height="${14 * u}" rx="${2 * u}" fill="${accent}"/>` +
        `<rect x="${cx - 5 * u}" y="${cy - 32 * u}" width="${10 * u}" height="${68 * u}" fill="${accent}" fill-opacity="0.55"/>` +
        `<path d="M${cx} ${cy - 32 * u} c ${-14 * u} ${-16 * u} ${-26 * u} ${-4 * u} ${-10 * u} 0 M${cx} ${cy - 32 * u} c ${14 * u} ${-16 * u} ${26 * u} ${-4 * u} ${10 * u} 0" fill="none" stroke="${accent}" stroke-width="${3 * u}"/>` +
        lab(14)
      );
    default:
      return (
        `<rect x="${cx - 22 * u}" y="${cy - 26 * u}" width="${44 * u}" height="${72 * u}" rx="${9 * u}" fill="url(#glass)" stroke="${accent}" stroke-opacity="0.35" stroke-width="${u}"/>` +
        `<rect x="${cx - 10 * u}" y="${cy - 44 * u}" width="${20 * u}" height="${18 * u}" rx="${3 * u}" fill="${accent}"/>` +
        lab(14)
      );
  }
}

/** Product image `view`: 1 the pack shot, 2 a texture swatch, 3 ingredients still life. */
export function productSvg(id: number, title: string, shape: ProductShape, view: 1 | 2 | 3): string {
  const seed = id * 7 + view;
  const [, , accent] = palette(id);
  const W = 1000;
  let body = decor(W, W, seed, accent);
  if (view === 1) {
    body += `<ellipse cx="500" cy="800" rx="230" ry="26" fill="${accent}" fill-opacity="0.12"/>`;
    body += container(shape, 500, 520, 560, accent, '肌研舍');
  } else if (view === 2) {
    body += `<path d="M260 560 C 320 380, 560 330, 700 430 C 820 520, 700 700, 520 690 C 380 690, 230 680, 260 560 Z" fill="#ffffff" fill-opacity="0.85"/>`;
    body += `<path d="M360 520 C 440 450, 560 450, 620 520" fill="none" stroke="${accent}" stroke-opacity="0.35" stroke-width="10" stroke-linecap="round"/>`;
    body += text(500, 260, '質地', 64, accent, 600, 600);
  } else {
    for (let i = 0; i < 3; i++) {
      const x = 300 + i * 200;
      body += `<circle cx="${x}" cy="520" r="80" fill="#ffffff" fill-opacity="0.8"/><circle cx="${x}" cy="520" r="40" fill="${accent}" fill-opacity="${0.2 + i * 0.2}"/>`;
    }
    body += text(500, 300, '嚴選成分', 64, accent, 600, 600);
  }
  body += text(500, 920, title, 60, '#4a4a4a', 880, 600);
  return svg(W, W, id, body);
}

/** Wide or tall banner with a headline, a subline and a product group. */
export function bannerSvg(w: number, h: number, seed: number, title: string, subtitle: string): string {
  const [, , accent] = palette(seed);
  const wide = w > h;
  let body = decor(w, h, seed, accent);
  const tx = wide ? w * 0.32 : w / 2;
  const ty = wide ? h * 0.45 : h * 0.25;
  body += text(tx, ty, title, wide ? 72 : 78, '#3d3d3d', wide ? w * 0.5 : w * 0.86, 700);
  body += text(tx, ty + (wide ? 70 : 90), subtitle, wide ? 34 : 40, accent, wide ? w * 0.5 : w * 0.86, 500);
  const [cx, cy, s] = wide ? [w * 0.75, h * 0.55, h * 0.75] : [w / 2, h * 0.62, w * 0.55];
  body += container('dropper', cx - s * 0.45, cy, s, accent, '肌研舍');
  body += container('jar', cx + s * 0.1, cy + s * 0.12, s * 0.7, accent, '');
  body += container('tube', cx + s * 0.6, cy, s * 0.9, accent, '');
  return svg(w, h, seed, body, 90);
}

/** Square portrait card: a stylised person, a name and a line of text. */
export function portraitSvg(size: number, seed: number, name: string, line: string, stars = 0): string {
  const [, , accent] = palette(seed);
  const c = size / 2;
  let body = decor(size, size, seed, accent);
  body += `<circle cx="${c}" cy="${size * 0.36}" r="${size * 0.2}" fill="#ffffff" fill-opacity="0.9"/>`;
  body += `<circle cx="${c}" cy="${size * 0.32}" r="${size * 0.08}" fill="${accent}" fill-opacity="0.55"/>`;
  body += `<path d="M${c - size * 0.14} ${size * 0.5} q ${size * 0.14} ${-size * 0.14} ${size * 0.28} 0" fill="${accent}" fill-opacity="0.55"/>`;
  body += text(c, size * 0.66, name, size * 0.06, '#3d3d3d', size * 0.8, 700);
  if (stars) body += text(c, size * 0.74, '★'.repeat(stars) + '☆'.repeat(5 - stars), size * 0.05, '#e0a100', size * 0.6);
  body += text(c, size * (stars ? 0.84 : 0.76), line, size * 0.045, accent, size * 0.86);
  return svg(size, size, seed, body);
}

/** Portrait certificate card (390×550). */
export function certificateSvg(seed: number, title: string, issuer: string): string {
  const [w, h] = [390, 550];
  const [, , accent] = palette(seed);
  let body = `<rect x="24" y="24" width="${w - 48}" height="${h - 48}" rx="8" fill="#ffffff" fill-opacity="0.92" stroke="${accent}" stroke-width="3"/>`;
  body += `<rect x="36" y="36" width="${w - 72}" height="${h - 72}" rx="4" fill="none" stroke="${accent}" stroke-opacity="0.4" stroke-dasharray="6 4"/>`;
  body += text(w / 2, 120, '證 書', 40, accent, 300, 700);
  body += text(w / 2, 210, title, 30, '#3d3d3d', 300, 700);
  body += text(w / 2, 260, issuer, 18, '#666666', 300);
  body += `<circle cx="${w / 2}" cy="390" r="58" fill="${accent}" fill-opacity="0.15" stroke="${accent}" stroke-width="4"/>`;
  body += text(w / 2, 402, '認證', 30, accent, 100, 700);
  return svg(w, h, seed, body);
}

/** Small square badge for a shipping method. */
export function shippingIconSvg(label: string, color: string, glyph: 'store' | 'truck' | 'boat'): string {
  const s = 120;
  const g =
    glyph === 'store'
      ? `<path d="M30 52 h60 v36 h-60 z" fill="#fff"/><path d="M26 40 h68 l-6 14 h-56 z" fill="#fff" fill-opacity="0.85"/><rect x="52" y="66" width="16" height="22" fill="${color}"/>`
      : glyph === 'truck'
        ? `<rect x="22" y="44" width="48" height="32" rx="3" fill="#fff"/><path d="M70 54 h16 l10 12 v10 h-26 z" fill="#fff" fill-opacity="0.85"/><circle cx="38" cy="80" r="7" fill="#fff" stroke="${color}" stroke-width="3"/><circle cx="82" cy="80" r="7" fill="#fff" stroke="${color}" stroke-width="3"/>`
        : `<path d="M24 70 h72 l-12 16 h-48 z" fill="#fff"/><path d="M58 30 v38 M58 32 l22 30 h-22 z" stroke="#fff" stroke-width="4" fill="#fff" fill-opacity="0.85"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">` +
    `<rect width="${s}" height="${s}" rx="24" fill="${color}"/>${g}` +
    text(60, 110, label, 16, '#ffffff', 104, 700).replace('<text', '<text opacity="0.95"') +
    `</svg>`
  );
}

/** A scene for content pages and poster covers. */
export function sceneSvg(w: number, h: number, seed: number, title: string): string {
  const [, , accent] = palette(seed);
  let body = decor(w, h, seed, accent);
  const s = Math.min(w, h) * 0.55;
  body += container('bottle', w * 0.35, h * 0.5, s, accent, '肌研舍');
  body += container('jar', w * 0.62, h * 0.58, s * 0.7, accent, '');
  body += text(w / 2, h * 0.9, title, Math.min(w, h) * 0.07, '#3d3d3d', w * 0.85, 700);
  return svg(w, h, seed, body, 45);
}

/** Writes `files` (name → SVG) into `<mediaDir>/demo/` and returns how many were written. */
export function writeDemoMedia(mediaDir: string, files: Map<string, string>): number {
  const dir = join(mediaDir, 'demo');
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of files) writeFileSync(join(dir, name), content);
  return files.size;
}
