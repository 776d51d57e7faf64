// A minimal static file server over the repository, for loading the package and the web example
// the way another site would (no Vite, no Solvescope page): GET only, files under the root only.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, normalize, join } from 'node:path';
import { launchBrowser } from '../e2e/harness.mjs';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves `root` on a free localhost port; resolves to { url, close }. */
export function serve(root) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (req.method !== 'GET' || path.includes('..')) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(join(root, path));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

/** Serves `root`, opens tests/package/page.html (the package imported by a plain page) in headless
 *  Chromium once it is ready, runs `f(page)`, and closes both whatever happens. */
export async function withPackagePage(root, f) {
  const server = await serve(root);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}tests/package/page.html`);
    await page.waitForSelector('body[data-ready=yes]', { state: 'attached', timeout: 30_000 });
    return await f(page);
  } finally {
    await browser.close();
    await server.close();
  }
}
