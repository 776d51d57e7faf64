// Takes screenshots of the built page in headless Chromium, for looking at the page and for the
// README. Usage: node scripts/screenshot.mjs OUT.png [#hash] [width] [height] [dark|light] [script.js]
// The optional script runs in the page first (e.g. to click Play); it is our own file, never input.
import { readFileSync } from 'node:fs';
import { startApp, openPage } from '../tests/e2e/harness.mjs';

const [out = 'screenshot.png', hash = '', width = '1200', height = '900', scheme = 'light', script] = process.argv.slice(2);
const app = await startApp();
try {
  const { page, problems } = await openPage(app, hash, { width: Number(width), height: Number(height) }, { colorScheme: scheme });
  await page.waitForTimeout(800);
  if (script) {
    await page.evaluate(readFileSync(script, 'utf8'));
    await page.waitForTimeout(1500);
  }
  await page.screenshot({ path: out, fullPage: true });
  for (const p of problems) console.error(p);
} finally {
  await app.close();
}
