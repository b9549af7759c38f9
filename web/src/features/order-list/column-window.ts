/**
 * Horizontal windowing of the virtual order table: which columns of a row are worth rendering.
 *
 * A 150-row page with all 41 columns is about 5,700 px wide while the table shows about
 * 1,350 px of it; rendering only the columns near the horizontal viewport cuts the cells that
 * every row entering the view on a scroll frame mounts to roughly a third. Columns outside the
 * window become one spacer each side, so the row keeps its width and every kept cell its place.
 */

/** A horizontal pixel range of the table's content, [left, right). */
export interface PixelWindow {
  left: number;
  right: number;
}

/** Pixels rendered beyond each edge of the viewport. */
export const OVERSCAN_PX = 240;

/**
 * The window to render for a viewport at `offset` (the content's horizontal scroll position)
 * `width` pixels wide. The current window is kept while it still covers the whole viewport,
 * so a horizontal scroll re-renders the rows only when it crosses the window's edge, not on
 * every pixel.
 */
export function nextWindow(
  current: PixelWindow,
  offset: number,
  width: number,
  overscan = OVERSCAN_PX,
): PixelWindow {
  const left = Math.max(0, offset);
  const right = left + Math.max(0, width);
  if (current.left <= left && current.right >= right) return current;
  return { left: Math.max(0, left - overscan), right: right + overscan };
}

/** One column of a row as the windowing sees it. */
export interface WindowColumn {
  width: number;
  /** Fixed (sticky) columns are always rendered. */
  fixed: boolean;
}

/** A run of consecutive columns left out of the row, drawn as one spacer of their total width. */
export interface ColumnGap {
  /** Index of the first column left out. */
  from: number;
  /** Total width of the columns left out. */
  width: number;
}

/**
 * Which columns to render for a pixel window: `keep[i]` for each column, and the runs of left-out
 * columns (each becomes one spacer). A column is kept when it is fixed or overlaps the window.
 */
export function columnsInWindow(
  columns: readonly WindowColumn[],
  window: PixelWindow,
): { keep: boolean[]; gaps: ColumnGap[] } {
  const keep: boolean[] = [];
  const gaps: ColumnGap[] = [];
  let x = 0;
  let gap: ColumnGap | null = null;
  for (let i = 0; i < columns.length; i++) {
    const { width, fixed } = columns[i]!;
    const kept = fixed || (x < window.right && x + width > window.left);
    keep.push(kept);
    if (kept) {
      gap = null;
    } else if (gap) {
      gap.width += width;
    } else {
      gap = { from: i, width };
      gaps.push(gap);
    }
    x += width;
  }
  return { keep, gaps };
}

/** What the rows of one table render from: the window, and whether the body is scrolled. */
export interface ColumnWindowState {
  window: PixelWindow;
  /** Scrolled right at all: the last fixed-start column shows its shadow. */
  scrolled: boolean;
}

/**
 * The shared window of one table: the body publishes its scroll offset and width, the rows
 * subscribe and re-render only when the window moves or the body starts or stops being
 * scrolled right.
 */
export class ColumnWindowStore {
  private state: ColumnWindowState;
  private readonly listeners = new Set<() => void>();
  private offset = 0;
  private width: number;

  constructor(
    initialWidth: number,
    private readonly overscan = OVERSCAN_PX,
  ) {
    this.width = initialWidth;
    this.state = {
      window: nextWindow({ left: 0, right: 0 }, 0, initialWidth, overscan),
      scrolled: false,
    };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): ColumnWindowState => this.state;

  /** The body's horizontal scroll offset and/or viewport width changed. */
  update(offset: number | undefined, width: number | undefined): void {
    if (offset !== undefined) this.offset = offset;
    if (width !== undefined) this.width = width;
    const window = nextWindow(this.state.window, this.offset, this.width, this.overscan);
    const scrolled = this.offset >= 1;
    if (window === this.state.window && scrolled === this.state.scrolled) return;
    this.state = { window, scrolled };
    for (const listener of this.listeners) listener();
  }
}
