/** Spec section 4: after the "update complete" notice the page reloads 10 s later. */
export const RELOAD_DELAY_MS = 10_000;

export interface UpdateNotices {
  /** "new version detected, downloading". */
  downloading: () => void;
  /** "update complete, refresh in 10 s". */
  ready: () => void;
}

/**
 * Registers the service worker and follows its updates: a new worker installing says so, an
 * installed one (while an older one controls the page) says the update is complete and
 * reloads the page 10 s later.
 */
export async function registerServiceWorker(
  url: string,
  notices: UpdateNotices,
  reload: () => void = () => window.location.reload(),
): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.register(url);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    if (!worker || !navigator.serviceWorker.controller) return; // first install: nothing to say
    notices.downloading();
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installed') return;
      notices.ready();
      setTimeout(reload, RELOAD_DELAY_MS);
    });
  });
  return registration;
}
