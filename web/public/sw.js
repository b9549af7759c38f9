/* global self */
/* Service worker of the console. It caches nothing: it exists so that a new build is
   noticed (a changed sw.js installs as an update) and the page can announce it and reload.
   Vite copies this file as it is; the build stamps the version line below. */
const VERSION = '__BUILD_VERSION__';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event) => {
  if (event.data === 'version') event.source?.postMessage({ version: VERSION });
});
