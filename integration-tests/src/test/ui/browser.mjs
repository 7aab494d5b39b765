// What the UI scripts share: their arguments, Debian's headless chromium (or MARS_CHROMIUM) and a page that records
// the page's own errors into result.pageErrors.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

/** The script's arguments by name, or its usage on stderr and exit 2 when one is missing. */
export function argumentsOf(script, names) {
  const values = process.argv.slice(2, 2 + names.length);
  if (values.length < names.length || values.some((v) => !v)) {
    console.error(`usage: node ${script} ${names.map((n) => `<${n}>`).join(' ')}`);
    process.exit(2);
  }
  return values;
}

/** Headless chromium, the screenshot directory made first. */
export async function launch(shots) {
  mkdirSync(shots, { recursive: true });
  const executablePath = process.env.MARS_CHROMIUM || '/usr/bin/chromium';
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
}

/** A 1280 x 800 page whose uncaught errors go to result.pageErrors. */
export async function newPage(browser, result) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => result.pageErrors.push(String(e)));
  return page;
}
