import {
  createContext,
  isValidElement,
  memo,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type CSSProperties,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { columnsInWindow, type ColumnWindowState, type ColumnWindowStore } from '../column-window';
import { cellWidth, lightCell, type VirtualCellProps } from './light-cell';

/**
 * The row of the virtual order table (antd `components.body.row` when rows are virtual).
 *
 * Why: on every scroll frame the virtual list hands each visible row a fresh `style` object and
 * a fresh ref callback, so antd re-renders every visible row and all of its ~40 cells (three
 * context subscriptions each) although only the one or two rows entering the view are new. This
 * row skips that work when nothing it shows has changed: same class, data attributes and style
 * values, and per cell the same column definition and record. Cells still update on their own
 * through antd's context listeners (hover, fixed-column shadows, column offsets).
 *
 * Event handlers are not compared: antd wraps `onClick` anew on every render, and the table's
 * own `onRow` handlers are stable (they read the latest rows through a ref). The ref callback
 * is not re-attached on a skipped render; the first one keeps measuring the same element.
 *
 * The row also renders only the cells near the horizontal viewport (see column-window.ts): the
 * other cells of a run become one spacer of the same width. The window comes from the table's
 * ColumnWindowStore, which the body wrapper below keeps up to date with the horizontal scroll.
 */

type CellElementProps = VirtualCellProps;

type RowProps = Record<string, unknown> & { children?: ReactNode; style?: CSSProperties };

function sameStyle(a: CSSProperties | undefined, b: CSSProperties | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keysA = Object.keys(a) as (keyof CSSProperties)[];
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((k) => a[k] === b[k]);
}

function sameCells(a: ReactNode, b: ReactNode): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return a === b;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as ReactElement<CellElementProps> | null;
    const y = b[i] as ReactElement<CellElementProps> | null;
    if (x === y) continue;
    if (!x || !y || x.type !== y.type || x.key !== y.key) return false;
    const p = x.props;
    const q = y.props;
    if (
      p.column !== q.column ||
      p.record !== q.record ||
      p.index !== q.index ||
      p.renderIndex !== q.renderIndex ||
      p.className !== q.className ||
      p.rowInfo?.fixedInfoList !== q.rowInfo?.fixedInfoList ||
      !sameStyle(p.style, q.style)
    ) {
      return false;
    }
  }
  return true;
}

/** Row props equal for display: handlers and the ref callback left out (see above). */
export function sameRow(prev: RowProps, next: RowProps): boolean {
  const keys = Object.keys(next);
  if (keys.length !== Object.keys(prev).length) return false;
  for (const key of keys) {
    if (key === 'children' || key === 'rowRef') continue;
    const a = prev[key];
    const b = next[key];
    if (a === b) continue;
    if (key === 'style') {
      if (!sameStyle(a as CSSProperties, b as CSSProperties)) return false;
    } else if (!(key.startsWith('on') && typeof a === 'function' && typeof b === 'function')) {
      return false;
    }
  }
  return sameCells(prev.children, next.children);
}

/** The table's column window; none (every cell rendered) outside an OrderTable. */
export const ColumnWindowContext = createContext<ColumnWindowStore | null>(null);

const EVERYTHING: ColumnWindowState = {
  window: { left: 0, right: Number.POSITIVE_INFINITY },
  scrolled: false,
};
const noSubscribe = () => () => undefined;
const everything = () => EVERYTHING;

/**
 * The row's cells: those inside the window as light cells (light-cell.tsx, antd's own element
 * where a cell needs it), each run of the others replaced by one spacer of their width.
 */
export function rowCells(children: ReactNode, state: ColumnWindowState): ReactNode {
  if (!Array.isArray(children)) return children;
  const cells = children as (ReactElement<CellElementProps> | null)[];
  const columns = cells.map((cell) => ({
    width: cellWidth(cell?.props.column),
    fixed: Boolean(cell?.props.column?.fixed),
  }));
  // antd drops the fixed-column styling when every column is fixed: leave that case to it
  if (columns.every((c) => c.fixed)) return children;
  const { keep, gaps } = columnsInWindow(columns, state.window);
  const out: ReactNode[] = [];
  let g = 0;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (keep[i]) {
      out.push(cell ? (lightCell(cell, state.scrolled) ?? cell) : null);
    } else if (gaps[g]?.from === i) {
      const gap = gaps[g++]!;
      out.push(
        <div
          key={`gap-${gap.from}`}
          className="hl-col-gap"
          aria-hidden
          style={{ flex: `0 0 ${gap.width}px` }}
        />,
      );
    }
  }
  return out;
}

const MemoRow = memo(function MemoRow({
  rowRef,
  children,
  ...props
}: RowProps & { rowRef?: unknown }) {
  const store = useContext(ColumnWindowContext);
  const state = useSyncExternalStore(
    store ? store.subscribe : noSubscribe,
    store ? store.getState : everything,
  );
  return (
    <div ref={rowRef as Ref<HTMLDivElement>} {...props}>
      {rowCells(children, state)}
    </div>
  );
}, sameRow);

/**
 * What antd renders: the ref moves to a plain prop, so the memo compares it like the rest
 * (a changed `ref` on the memo element itself would always force a render).
 */
export function VirtualRow({ ref, ...props }: RowProps & { ref?: Ref<HTMLDivElement> }) {
  return <MemoRow {...props} rowRef={ref} />;
}

/**
 * The virtual body's scroll holder (antd `components.body.wrapper`): tells the column window
 * the body's horizontal offset (the filler's `offsetX`, which the virtual list moves on a
 * horizontal scroll) and its width, before the browser paints.
 */
export function VirtualBody({
  ref,
  children,
  ...props
}: HTMLAttributes<HTMLDivElement> & { ref?: Ref<HTMLDivElement> }) {
  const store = useContext(ColumnWindowContext);
  const offsetX = isValidElement<{ offsetX?: number }>(children)
    ? children.props.offsetX
    : undefined;
  useLayoutEffect(() => {
    store?.update(offsetX ?? 0, undefined);
  }, [store, offsetX]);
  const element = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const holder = element.current;
    if (!store || !holder) return;
    store.update(undefined, holder.clientWidth);
    const observer = new ResizeObserver(() => store.update(undefined, holder.clientWidth));
    observer.observe(holder);
    return () => observer.disconnect();
  }, [store]);
  const setRef = useCallback(
    (node: HTMLDivElement | null) => {
      element.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  return (
    <div ref={setRef} {...props}>
      {children}
    </div>
  );
}

export const VIRTUAL_COMPONENTS = { body: { row: VirtualRow, wrapper: VirtualBody } } as const;
