import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_CLASSES } from './content-classes';

/** The content stylesheet and the sanitizer's class allowlist name the same classes. */
describe('CONTENT_CLASSES', () => {
  const css = readFileSync(join(__dirname, '../../../client/src/app/global.css'), 'utf8');
  const styled = new Set([...css.matchAll(/\.ss-html-content \.([a-z][\w-]*)/g)].map((m) => m[1]));

  it('lists exactly the classes global.css styles inside .ss-html-content', () => {
    expect([...CONTENT_CLASSES].sort()).toEqual([...styled].sort());
  });
});
