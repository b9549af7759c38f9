import { isValidElement, type CSSProperties, type ReactElement, type ReactNode } from 'react';

/**
 * The cells of a virtual order-table row without antd's cell components.
 *
 * antd's virtual body renders each cell as VirtualCell → Cell: two components with a dozen hooks
 * (three table-context subscriptions, hover state, memoised render) per cell, on every row that
 * enters the view. The order table uses none of what they add there (no row or column spans,
 * no hover state — the virtual rows hover in CSS —, no expandable rows, no cell update rules),
 * so the virtual row renders each cell straight to the same element antd would: the same
 * classes (`ant-table-cell`, fixed-column and ellipsis classes, the column's class), the same
 * inline sticky offsets and width, the `onCell` attributes (`data-col`), the title of an
 * ellipsis cell and the column's `render` output. A cell using anything beyond that is left to
 * antd (the element the row was given is rendered as it is).
 */

/** What antd's virtual row hands its row component for each cell (`VirtualCell` props). */
export interface VirtualCellProps {
  column?: {
    width?: unknown;
    minWidth?: unknown;
    fixed?: unknown;
    className?: string;
    ellipsis?: unknown;
    align?: CSSProperties['textAlign'];
    dataIndex?: unknown;
    render?: (value: unknown, record: unknown, index: number) => ReactNode;
    onCell?: (record: unknown, index: number) => Record<string, unknown> | undefined;
    shouldCellUpdate?: unknown;
  };
  record?: unknown;
  index?: number;
  renderIndex?: number;
  colIndex?: number;
  indent?: number;
  inverse?: boolean;
  className?: string;
  style?: CSSProperties;
  rowInfo?: {
    prefixCls?: string;
    nestExpandable?: boolean;
    fixedInfoList?: (FixedInfo | undefined)[];
  };
}

interface FixedInfo {
  fixStart?: number | null;
  fixEnd?: number | null;
  fixedStartShadow?: boolean;
  fixedEndShadow?: boolean;
  offsetFixedStartShadow?: number;
  isSticky?: boolean;
  zIndex?: number;
  zIndexReverse?: number;
}

/** The width antd gives a virtual cell: the column's width or min-width, whichever is larger. */
export function cellWidth(column: VirtualCellProps['column']): number {
  return Math.max(Number(column?.width) || 0, Number(column?.minWidth) || 0);
}

/** The cell's value as antd reads it (`dataIndex` a key or a path). */
function valueOf(record: unknown, dataIndex: unknown): unknown {
  if (dataIndex === undefined || dataIndex === null || dataIndex === '') return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let current: unknown = record;
  for (const key of path) {
    if (current === null || current === undefined) return undefined;
    current = (current as Record<string | number, unknown>)[key as string];
  }
  return current;
}

/** antd's title of an ellipsis cell: its text, or the text of its only element. */
function titleOf(node: ReactNode): string | undefined {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (isValidElement<{ children?: unknown }>(node) && typeof node.props.children === 'string') {
    return node.props.children;
  }
  return undefined;
}

/**
 * The cell element for antd's `VirtualCell` element `cell`, or null when the cell needs antd's
 * own (spans, fixed-end columns, expandable rows, legacy render results). `startShadow`: the
 * body is scrolled horizontally, so the last fixed-start column shows its shadow.
 */
export function lightCell(
  cell: ReactElement<VirtualCellProps>,
  startShadow: boolean,
): ReactElement | null {
  const { column, record, rowInfo, inverse } = cell.props;
  const index = cell.props.index ?? 0;
  const colIndex = cell.props.colIndex ?? 0;
  if (!column || !rowInfo || inverse || rowInfo.nestExpandable || column.shouldCellUpdate) {
    return null;
  }
  const extra = column.onCell?.(record, index) ?? {};
  if ('rowSpan' in extra || 'colSpan' in extra) return null;
  const fixed = rowInfo.fixedInfoList?.[colIndex];
  if (typeof fixed?.fixEnd === 'number') return null;
  const renderIndex = cell.props.renderIndex ?? index;
  const value = valueOf(record, column.dataIndex);
  let content: ReactNode = column.render
    ? column.render(value, record, renderIndex)
    : (value as ReactNode);
  // antd reads `{ children, props }` from a render as cell props (legacy); not handled here
  if (
    content !== null &&
    typeof content === 'object' &&
    !Array.isArray(content) &&
    !isValidElement(content)
  ) {
    return null;
  }
  const prefix = `${rowInfo.prefixCls ?? 'ant-table'}-cell`;
  const isFixStart = typeof fixed?.fixStart === 'number';
  const shadow = Boolean(fixed?.fixedStartShadow);
  const ellipsis = Boolean(column.ellipsis);
  const showTitle =
    column.ellipsis === true ||
    (typeof column.ellipsis === 'object' &&
      Boolean((column.ellipsis as { showTitle?: boolean }).showTitle));
  let className = prefix;
  if (column.className) className += ` ${column.className}`;
  if (cell.props.className) className += ` ${cell.props.className}`;
  if (isFixStart) className += ` ${prefix}-fix ${prefix}-fix-start`;
  if (shadow) className += ` ${prefix}-fix-start-shadow`;
  if (shadow && startShadow && (fixed?.offsetFixedStartShadow ?? 0) === 0) {
    className += ` ${prefix}-fix-start-shadow-show`;
  }
  if (ellipsis) className += ` ${prefix}-ellipsis`;
  if (isFixStart && fixed?.isSticky) className += ` ${prefix}-fix-sticky`;
  if (typeof extra.className === 'string') className += ` ${extra.className}`;
  const width = cellWidth(column);
  const style: Record<string, unknown> = {};
  if (isFixStart) {
    style.insetInlineStart = fixed!.fixStart;
    style['--z-offset'] = fixed!.zIndex;
    style['--z-offset-reverse'] = fixed!.zIndexReverse;
  }
  if (column.align) style.textAlign = column.align;
  Object.assign(style, extra.style as CSSProperties | undefined, cell.props.style, {
    flex: `0 0 ${width}px`,
    width: `${width}px`,
  });
  const title = (extra.title as string | undefined) ?? (showTitle ? titleOf(content) : undefined);
  if (ellipsis && shadow) content = <span className={`${prefix}-content`}>{content}</span>;
  return (
    <div
      key={cell.key}
      {...extra}
      className={className}
      style={style as CSSProperties}
      title={title}
    >
      {content}
    </div>
  );
}
