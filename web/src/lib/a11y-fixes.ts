/**
 * Two accessibility repairs of antd's table markup, applied to the page as it changes
 * (issue 20, found by axe-core):
 * - the hidden measure row (`tr.ant-table-measure-row`, aria-hidden) may hold focusable
 *   copies of header controls: it is made `inert`, so nothing in it takes focus;
 * - a table's scrolling box (`.ant-table-body`, `.ant-table-content`) must be reachable from
 *   the keyboard even when it holds nothing focusable: while it scrolls it gets tabindex=0
 *   (marked, so the mark is taken away again when it no longer scrolls).
 */
const MARK = 'data-hl-scroll-focus';
function repair(root: ParentNode): void {
  for (const row of root.querySelectorAll('tr.ant-table-measure-row:not([inert])')) {
    row.setAttribute('inert', '');
  }
  for (const box of root.querySelectorAll<HTMLElement>('.ant-table-body, .ant-table-content')) {
    const scrolls = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
    if (scrolls && !box.hasAttribute('tabindex')) {
      box.setAttribute('tabindex', '0');
      box.setAttribute(MARK, '');
    } else if (!scrolls && box.hasAttribute(MARK)) {
      box.removeAttribute('tabindex');
      box.removeAttribute(MARK);
    }
  }
}

export function startA11yFixes(): void {
  if (typeof MutationObserver === 'undefined') return;
  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    // once per frame, however many nodes a render added
    requestAnimationFrame(() => {
      queued = false;
      repair(document);
    });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  repair(document);
}
