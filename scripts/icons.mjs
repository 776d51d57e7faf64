// Renders www/public/icon.svg to the PNG sizes the web app manifest lists (192 and 512 pixels), with
// the headless Chromium the tests use. Run after changing the SVG: `node scripts/icons.mjs`; the
// PNGs are committed so a build needs no browser.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const dir = new URL('../www/public/', import.meta.url).pathname;
const svg = readFileSync(`${dir}icon.svg`, 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    await page.screenshot({ path: `${dir}icon-${size}.png`, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
