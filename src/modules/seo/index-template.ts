import { readFileSync, statSync } from 'node:fs';
import type { RenderedPage } from './seo-head';

/** Used when the client has not been built (API tests, a server-only checkout). */
export const SHELL_HTML = `<!doctype html>
<html lang="zh-Hant-TW">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title></title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const TITLE = /<title>[\s\S]*?<\/title>/i;
/** The template's own site-wide description: replaced by each page's. */
const DESCRIPTION = /[ \t]*<meta\s+name=["']description["'][^>]*>[ \t]*(?:\r?\n)?/gi;
const HEAD_END = /<\/head>/i;
/** The empty mount point React's createRoot fills (client/index.html). */
const ROOT = /(<div\s+id=["']root["'][^>]*>)(\s*)(<\/div>)/i;

/** How often the file's mtime is checked (a rebuilt client is picked up within this). */
const CHECK_MS = 1000;

/**
 * index.html cut once into the parts between the injection points: the `<title>` (replaced),
 * the end of `<head>` (tags inserted before it) and the inside of the root element (the
 * crawlable fallback). A template missing a marker degrades: no title → it is inserted
 * with the head tags; no root element → no fallback body.
 */
export class Template {
  private readonly parts: string[];
  private readonly hasRoot: boolean;

  constructor(readonly html: string) {
    let rest = html.replace(DESCRIPTION, '');
    const headEnd = HEAD_END.exec(rest);
    if (!headEnd) {
      this.parts = [rest];
      this.hasRoot = false;
      return;
    }
    const title = TITLE.exec(rest.slice(0, headEnd.index));
    const beforeTitle = title ? rest.slice(0, title.index) : rest.slice(0, headEnd.index);
    const afterTitle = title ? rest.slice(title.index + title[0].length, headEnd.index) : '';
    rest = rest.slice(headEnd.index);
    const root = ROOT.exec(rest);
    this.hasRoot = Boolean(root);
    const beforeRoot = root ? rest.slice(0, root.index + root[1].length) : rest;
    const afterRoot = root ? rest.slice(root.index + root[1].length + root[2].length) : '';
    this.parts = [beforeTitle, afterTitle, beforeRoot, afterRoot];
  }

  render(page: RenderedPage): string {
    if (this.parts.length === 1) return this.parts[0];
    const [beforeTitle, afterTitle, beforeRoot, afterRoot] = this.parts;
    return `${beforeTitle}${page.titleTag}${afterTitle}  ${page.headTags}\n  ${beforeRoot}${this.hasRoot ? page.body : ''}${afterRoot}`;
  }
}

/** index.html read once and again whenever its modification time changes; the shell when it is missing. */
export class IndexTemplate {
  private template?: Template;
  private mtime = -1;
  private checkedAt = 0;

  constructor(private readonly path: string) {}

  get(): Template {
    const now = Date.now();
    if (this.template && now - this.checkedAt < CHECK_MS) return this.template;
    this.checkedAt = now;
    let mtime = 0;
    try {
      mtime = statSync(this.path).mtimeMs;
    } catch {
      mtime = 0;
    }
    if (!this.template || mtime !== this.mtime) {
      this.template = new Template(mtime ? this.read() : SHELL_HTML);
      this.mtime = mtime;
    }
    return this.template;
  }

  private read(): string {
    try {
      return readFileSync(this.path, 'utf8');
    } catch {
      return SHELL_HTML;
    }
  }
}
