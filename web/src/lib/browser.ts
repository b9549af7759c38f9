/** Internet Explorer (or a browser mode that says it is): the console asks to switch. */
export function isInternetExplorer(userAgent: string): boolean {
  return /MSIE |Trident\//.test(userAgent);
}

/** Full screen on and off; rejects when the browser refuses. */
export async function toggleFullscreen(): Promise<boolean> {
  if (document.fullscreenElement) {
    await document.exitFullscreen();
    return false;
  }
  if (!document.documentElement.requestFullscreen) throw new Error('fullscreen unsupported');
  await document.documentElement.requestFullscreen();
  return true;
}
