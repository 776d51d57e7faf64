// Registers the service worker (www/offline/service-worker.js, written into the build as sw.js) so
// the page works offline after the first visit. Only in a production build: the dev server has no
// sw.js and must always serve fresh files. A browser that refuses (private mode, file://, blocked
// storage) simply runs online; that is not an error worth a message.

export function registerOffline(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch(() => {
      // See above: online only.
    });
  });
}
