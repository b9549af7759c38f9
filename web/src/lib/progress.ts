import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// Spec section 9: progress bar speeds 500 and 200.
NProgress.configure({ easing: 'ease', speed: 500, trickleSpeed: 200, showSpinner: false });

let enabled = true;

/** The theme setting showProgressBar switches the bar on and off. */
export function setProgressEnabled(on: boolean): void {
  enabled = on;
  if (!on) NProgress.done();
}

export function startProgress(): void {
  if (enabled) NProgress.start();
}

export function doneProgress(): void {
  NProgress.done();
}
