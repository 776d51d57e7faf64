// Solvescope's service worker: the page, its scripts, the worker and every puzzle's wasm module
// (not only the one the first view used) are cached on the first visit, so later visits load and
// solve with no network at all, in any view.
//
// Written into dist/sw.js by the `offline` plugin in vite.config.js, which replaces the two
// placeholders below with the build's file list and a digest of their contents. A new build
// therefore means a new sw.js: the browser installs it in the background on the next visit and it
// takes over only once every Solvescope tab is closed (no skipWaiting), so a session never switches
// versions half-way, and the visit after that runs the new build.
//
// Nothing here runs anything from a puzzle or a link: it answers same-origin GET requests for the
// files it cached and passes everything else to the network.

const VERSION = '__SOLVESCOPE_VERSION__';
const FILES = __SOLVESCOPE_FILES__;
const CACHE = `solvescope-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener('activate', (event) => {
  // Older builds' caches go once this build is in charge.
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith('solvescope-') && n !== CACHE).map((n) => caches.delete(n)))),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  // A page load with any fragment or query is the app shell; everything else is looked up as is.
  const key = request.mode === 'navigate' ? './' : request;
  // ignoreVary: servers send `Vary: Origin`, and a module script's request carries an Origin header
  // that the install's plain requests did not, so without it nothing cached would ever match.
  const options = { ignoreSearch: request.mode === 'navigate', ignoreVary: true };
  event.respondWith(caches.open(CACHE).then(async (cache) => (await cache.match(key, options)) ?? fetch(request)));
});
