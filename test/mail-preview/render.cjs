#!/usr/bin/env node
/*
 * Renders every shop e-mail of src/integrations/mail/templates/testing/mail-samples.ts into var/mail-preview/<name>.html
 * (and <name>.txt, the plain-text part), then, unless --no-shots, screenshots each at phone width
 * (390 px) with playwright-core and the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium)
 * into var/mail-preview/<name>.png.
 *
 *   node test/mail-preview/render.cjs [--no-shots]
 */
require('../helpers/ts-hook.cjs');
const fs = require('node:fs');
const path = require('node:path');

const OUT = path.resolve(__dirname, '../../var/mail-preview');

async function main() {
  const { renderSamples } = require('../../src/integrations/mail/templates/testing/mail-samples.ts');
  fs.mkdirSync(OUT, { recursive: true });
  const samples = await renderSamples();
  for (const { name, mail } of samples) {
    fs.writeFileSync(path.join(OUT, `${name}.html`), mail.html ?? '');
    fs.writeFileSync(path.join(OUT, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}\n`);
  }
  console.log(`${samples.length} e-mails → ${OUT}`);
  if (process.argv.includes('--no-shots')) return;
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    for (const { name } of samples) {
      await page.goto(`file://${path.join(OUT, `${name}.html`)}`);
      await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
    }
  } finally {
    await browser.close();
  }
  console.log(`${samples.length} screenshots at 390 px → ${OUT}/*.png`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
