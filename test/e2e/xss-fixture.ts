import Database from 'better-sqlite3';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { freePort } from '../helpers/processes';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { XSS_CORPUS } from '../../src/common/html/xss-corpus';

/**
 * The XSS browser test's own shop: a fresh SQLite file migrated and seeded by the real
 * seed CLI, every admin-authored field then overwritten with the XSS corpus (there is no
 * admin API yet), and only then the built server started on a free port — so its
 * in-memory ReadCache never saw the demo content.
 */

const root = join(__dirname, '../..');
const run = promisify(execFile);

/** Closes whatever a payload left open (attribute quote, raw-text element, comment…) so the next payload starts clean. */
const CLOSERS = `<!-- -->"'></script></style></textarea></title></xmp></noscript></template></iframe></noembed></noframes></select></svg></math></form></table>`;

/** Every payload in its own wrapper (marked by `title`: the sanitizer keeps only the content classes), in corpus order, between a start and an end marker. */
export function corpusField(field: string): string {
  const cases = XSS_CORPUS.map((c) => `<div title="xss-case">${c.html}${CLOSERS}</div>`).join('\n');
  return `<p>${startMarker(field)}</p>\n${cases}\n<p>${endMarker(field)}</p>`;
}

/** The payloads simply concatenated, as an admin might paste them (an early unclosed `<script>` swallows the rest). */
export function rawCorpusField(field: string): string {
  return `<p>${startMarker(field)}</p>\n${XSS_CORPUS.map((c) => c.html).join('\n')}`;
}

export const startMarker = (field: string) => `XSSFIELD-START:${field}`;
export const endMarker = (field: string) => `XSSFIELD-END:${field}`;

/** Hostile plain text: it must reach the page as these very characters, never as markup. */
export const XSS_TEXT = `<script>alert(1)</script><img src=x onerror=alert(1)>"'><svg onload=alert(1)>&amp;`;
export const textValue = (field: string) => `[${field}] ${XSS_TEXT}`;

/** The html content pages the client routes to (client/src/app/router.tsx CONTENT_PAGE_PATHS). */
export const HTML_PAGES = ['productreturns', 'privacypolicy', 'termsofservice', 'partnerinquiry', 'maskCare', 'skincareTips'] as const;

export interface Planted {
  /** Two listed products: [0] carries the hostile texts and the corpus in detail_html, raw paste in spec_html; [1] the corpus in both. */
  products: [number, number];
  /** Two active posters: [0] hostile title/description and the corpus, [1] the raw paste. */
  posters: [number, number];
  /** Every html field as `field name → layout`. */
  htmlFields: Record<string, 'corpus' | 'raw'>;
  /** Every plain-text field written with {@link textValue}. */
  textFields: string[];
}

/** Writes the corpus into every admin-authored field of a seeded database. */
export function plant(file: string): Planted {
  const db = new Database(file);
  try {
    const htmlFields: Planted['htmlFields'] = {};
    const textFields: string[] = [];
    const html = (field: string, layout: 'corpus' | 'raw' = 'corpus') => {
      htmlFields[field] = layout;
      return layout === 'corpus' ? corpusField(field) : rawCorpusField(field);
    };
    const text = (field: string) => {
      textFields.push(field);
      return textValue(field);
    };
    const one = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as T;
    const write = (sql: string, ...args: unknown[]) => {
      const { changes } = db.prepare(sql).run(...args);
      if (changes !== 1) throw new Error(`expected one row changed by: ${sql} ${JSON.stringify(args)}`);
    };

    const ids = db.transaction(() => {
      // Home blocks, about and the html pages.
      for (const type of ['home_001', 'home_002', 'txthtml001', ...HTML_PAGES]) {
        write('UPDATE html_pages SET detail_html = ? WHERE html_type = ?', html(type), type);
      }
      // Home: first banner, testimonial and certificate carry hostile text (and unsafe URLs).
      const banner = one<{ id: number }>('SELECT id FROM home_carousel_banners WHERE is_active = 1 ORDER BY sort_order, id LIMIT 1');
      write('UPDATE home_carousel_banners SET ctitle = ?, description = ?, link_url = ? WHERE id = ?', text('banner.ctitle'), text('banner.description'), 'javascript:alert(1)', banner.id);
      const review = one<{ id: number }>('SELECT id FROM home_user_testimonials WHERE is_active = 1 ORDER BY sort_order, id LIMIT 1');
      write('UPDATE home_user_testimonials SET review = ? WHERE id = ?', text('testimonial.review'), review.id);
      const cert = one<{ id: number }>('SELECT id FROM home_certificates WHERE is_active = 1 ORDER BY sort_order, id LIMIT 1');
      write('UPDATE home_certificates SET title = ?, description = ? WHERE id = ?', text('certificate.title'), text('certificate.description'), cert.id);

      // Posters.
      const posters = db.prepare('SELECT id FROM posters WHERE is_active = 1 ORDER BY id LIMIT 2').all() as { id: number }[];
      if (posters.length < 2) throw new Error('the demo seed has fewer than two active posters');
      write(
        'UPDATE posters SET title = ?, seo_description = ?, content = ?, cover_image = ? WHERE id = ?',
        text('poster.title'),
        text('poster.seo_description'),
        html('poster.content'),
        'javascript:alert(1)',
        posters[0].id,
      );
      write('UPDATE posters SET content = ? WHERE id = ?', html('poster2.content', 'raw'), posters[1].id);

      // Products: the two listed first (highest manager_rank), with a type and variants.
      const products = db
        .prepare(
          `SELECT p.id, p.product_type FROM products p WHERE p.is_active = 1 AND p.product_type IS NOT NULL
           AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.is_active = 1)
           ORDER BY p.manager_rank DESC, p.id ASC LIMIT 2`,
        )
        .all() as { id: number; product_type: number }[];
      if (products.length < 2) throw new Error('the demo seed has fewer than two listed products');
      const [a, b] = products;
      write(
        'UPDATE products SET title = ?, description = ?, seo_description = ?, detail_html = ?, spec_html = ? WHERE id = ?',
        text('product.title'),
        text('product.description'),
        text('product.seo_description'),
        html('product.detail_html'),
        html('product.spec_html', 'raw'),
        a.id,
      );
      const variant = one<{ id: number }>('SELECT id FROM product_variants WHERE product_id = ? AND is_active = 1 ORDER BY sort_order, id LIMIT 1', a.id);
      write('UPDATE product_variants SET variant_name = ? WHERE id = ?', text('variant.name'), variant.id);
      write('UPDATE product_types SET type_name = ? WHERE id = ?', text('type.name'), a.product_type);
      write('UPDATE products SET detail_html = ?, spec_html = ? WHERE id = ?', html('product2.detail_html'), html('product2.spec_html'), b.id);

      // The company name is in every title, the footer and the JSON-LD.
      write(`UPDATE settings SET s_value = ? WHERE s_key = 'COMPANY_NAME'`, text('company.name'));
      return { products: [a.id, b.id], posters: [posters[0].id, posters[1].id] } as Pick<Planted, 'products' | 'posters'>;
    })();
    return { ...ids, htmlFields, textFields };
  } finally {
    db.close();
  }
}

export interface XssShop {
  url: string;
  planted: Planted;
  stop(): Promise<void>;
}

/** Seeds, plants and serves a shop of its own; `stop()` ends the server and deletes its database. */
export async function startXssShop(): Promise<XssShop> {
  const port = await freePort();
  const file = join(root, `var/e2e-xss-${port}.sqlite`);
  // E2E_RESET (set for Playwright's own server) would make test/e2e/server.mjs delete the planted database.
  const env = { ...process.env, E2E_RESET: '0', DATABASE_URL: `sqlite:${file}`, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  const remove = () => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
  };
  remove();
  await run(process.execPath, [join(root, 'dist/database/seeds/seed-cli.js')], { cwd: root, env });
  const planted = plant(file);

  const child: ChildProcess = spawn(process.execPath, [join(root, 'test/e2e/server.mjs')], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    remove();
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the XSS test server exited (${child.exitCode}):\n${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the XSS test server did not answer within 60 s:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, planted, stop };
}
