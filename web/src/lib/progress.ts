import i18n from 'i18next';

/**
 * The page-loading bar at the top of the window: a small accessible replacement of nprogress
 * (unmaintained, and its markup had no valid ARIA roles). One element, role=progressbar with
 * aria-valuenow, placed in the body while a page loads. Spec section 9: it trickles every
 * 200 ms and settles in 500 ms.
 */
const TRICKLE_MS = 200;
const SETTLE_MS = 500;

let enabled = true;
let bar: HTMLDivElement | null = null;
let value = 0;
let trickle: ReturnType<typeof setInterval> | undefined;
let removal: ReturnType<typeof setTimeout> | undefined;

function show(next: number): void {
  value = next;
  if (!bar) return;
  bar.style.transform = `scaleX(${value / 100})`;
  bar.setAttribute('aria-valuenow', String(Math.round(value)));
}

/** The theme setting showProgressBar switches the bar on and off. */
export function setProgressEnabled(on: boolean): void {
  enabled = on;
  if (!on) remove();
}

function remove(): void {
  clearInterval(trickle);
  clearTimeout(removal);
  trickle = undefined;
  bar?.remove();
  bar = null;
}

export function startProgress(): void {
  if (!enabled) return;
  if (!bar) {
    bar = document.createElement('div');
    bar.className = 'hl-progress';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-valuemin', '0');
    bar.setAttribute('aria-valuemax', '100');
    bar.setAttribute('aria-label', i18n.t('shell.loading'));
    document.body.appendChild(bar);
  }
  clearTimeout(removal);
  clearInterval(trickle);
  bar.classList.remove('is-done');
  show(8);
  // creeps towards 95 % and never reaches it before done()
  trickle = setInterval(() => show(value + (95 - value) * 0.08), TRICKLE_MS);
}

export function doneProgress(): void {
  if (!bar) return;
  clearInterval(trickle);
  show(100);
  bar.classList.add('is-done');
  removal = setTimeout(remove, SETTLE_MS);
}
