import mjml2html from 'mjml';
import { LAYOUT_MJML } from './layout.mjml';

/**
 * The layout through MJML (strict validation): what layout.compiled.ts holds. Used by the
 * generator (test/mail-preview/compile-layout.cjs) and the drift test only — the server reads the
 * compiled file and never loads MJML (about a second of start-up on this machine).
 */
export async function compileLayoutWithMjml(): Promise<string> {
  const { html } = await mjml2html(LAYOUT_MJML, { validationLevel: 'strict', minify: false, beautify: false, keepComments: false });
  return html;
}
