import { memo, type CSSProperties, type ReactElement, type ReactNode, type Ref } from 'react';

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
 */

interface CellElementProps {
  column?: unknown;
  record?: unknown;
  index?: number;
  renderIndex?: number;
  className?: string;
  style?: CSSProperties;
  rowInfo?: { fixedInfoList?: unknown };
}

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

const MemoRow = memo(function MemoRow({ rowRef, ...props }: RowProps & { rowRef?: unknown }) {
  return <div ref={rowRef as Ref<HTMLDivElement>} {...props} />;
}, sameRow);

/**
 * What antd renders: the ref moves to a plain prop, so the memo compares it like the rest
 * (a changed `ref` on the memo element itself would always force a render).
 */
export function VirtualRow({ ref, ...props }: RowProps & { ref?: Ref<HTMLDivElement> }) {
  return <MemoRow {...props} rowRef={ref} />;
}

export const VIRTUAL_COMPONENTS = { body: { row: VirtualRow } } as const;
