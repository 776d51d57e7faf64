// Vite serves index.html from the top level and bundles www/. The solver runs in a module worker,
// so workers are built as ES modules too. www/public (the manifest and icons) is copied as is, and
// the `offline` plugin writes the service worker that caches the built page (www/offline/).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defineConfig } from 'vite';

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name), base) : [relative(base, join(dir, e.name)).split('\\').join('/')],
  );
}

/**
 * Writes dist/sw.js once the build is on disk: the service worker template with the list of
 * files to cache (all of dist/ except the worker itself; `./` stands for index.html, which is how
 * the page is loaded) and a digest of their contents as the cache version.
 */
function offline() {
  let outDir = 'dist';
  return {
    name: 'solvescope-offline',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const files = filesUnder(outDir)
        .filter((f) => f !== 'sw.js')
        .sort();
      const hash = createHash('sha256');
      for (const f of files) hash.update(f).update(readFileSync(join(outDir, f)));
      const urls = files.map((f) => (f === 'index.html' ? './' : `./${f}`));
      const template = readFileSync(new URL('./www/offline/service-worker.js', import.meta.url), 'utf8');
      const sw = template
        .replace("'__SOLVESCOPE_VERSION__'", JSON.stringify(hash.digest('hex').slice(0, 16)))
        .replace('__SOLVESCOPE_FILES__', JSON.stringify(urls));
      writeFileSync(join(outDir, 'sw.js'), sw);
    },
  };
}

export default defineConfig({
  root: '.',
  base: './',
  publicDir: 'www/public',
  plugins: [offline()],
  build: {
    outDir: 'dist',
    target: 'es2022',
  },
  worker: {
    format: 'es',
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: false,
  },
  preview: {
    host: '127.0.0.1',
  },
});
