import {
  useCallback,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Grid, Table, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIST_SORTS, type OrderSummary } from '@hotline/contract';
import { columnByKey } from '../columns';
import { ColumnWindowStore } from '../column-window';
import { useNow } from '../hooks/use-now';
import { useScrollingFlag } from '../hooks/use-scrolling-flag';
import { rowTone } from '../row-rules';
import { colText } from '../labels';
import type { ListSort } from '../filter-url';
import type { TablePrefs } from '../table-prefs';
import { phoneColumns } from '../phone-columns';
import { renderCell } from './cells';
import { ListFailed } from './ListFailed';
import { lightSelectionCheckbox, useThemeClasses } from './light-antd';
import { ColumnWindowContext, VIRTUAL_COMPONENTS } from './VirtualRow';
import './order-table.css';

export interface OrderTableProps {
  rows: OrderSummary[];
  loading: boolean;
  prefs: TablePrefs;
  /** Hidden for street users whatever the preferences say (spec section 6). */
  isStreet: boolean;
  /** Row number offset of the page ((pageNo - 1) * pageSize). */
  offset: number;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onOpen: (order: OrderSummary) => void;
  /** Table body height (scroll.y); virtual rows need a fixed one. */
  height: number;
  /** The row the keyboard cursor is on (j/k, hooks/use-row-cursor.ts). */
  cursorId?: number | null;
  /** The page's request failed (its message was toasted): the body says so, with a retry. */
  onRetry?: (() => void) | undefined;
  /** The list's sort; the call, dispatch and deadline columns sort it from their headers. */
  sort: { sort: ListSort; sortOrder: 'asc' | 'desc' };
  onSort: (sort: ListSort, sortOrder: 'asc' | 'desc') => void;
}

const SORTABLE: readonly string[] = LIST_SORTS;
type Direction = 'descend' | 'ascend';
/**
 * A sortable header never turns unsorted: times start newest first, the deadline soonest first
 * (what a handler looks for), and a second click turns the order round.
 */
const directions = (key: string): Direction[] =>
  key === 'deadline' ? ['ascend', 'descend', 'ascend'] : ['descend', 'ascend', 'descend'];

/** Pages longer than this render virtual rows (only the visible ones are in the DOM). */
export const VIRTUAL_FROM = 50;

/**
 * The order table: columns from the user's preferences, overdue and near-deadline rows
 * highlighted (re-checked every 30 s), row selection for batch actions, virtual rows on long
 * pages so 150 rows × 40 columns scroll smoothly.
 */
export function OrderTable(props: OrderTableProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const { rows, prefs, isStreet, offset } = props;
  const now = useNow(30_000);
  const wrap = useRef<HTMLDivElement>(null);
  useScrollingFlag(wrap);
  // virtual rows render only the columns near the horizontal viewport (column-window.ts)
  const [columnWindow] = useState(() => new ColumnWindowStore(window.innerWidth));
  // tags and row checkboxes as plain markup with antd's classes (light-antd.tsx)
  const [theme, themeProbe] = useThemeClasses();
  // Handlers read the latest rows and callback through refs, so columns and row props stay
  // the same objects while the data refreshes (the virtual row skips unchanged rows).
  const latest = useRef({ rows, onOpen: props.onOpen });
  latest.current = { rows, onOpen: props.onOpen };
  const onOpen = useCallback((order: OrderSummary) => latest.current.onOpen(order), []);
  const onRowDoubleClick = useCallback((event: MouseEvent<HTMLElement>) => {
    const id = Number(event.currentTarget.dataset.orderId);
    const order = latest.current.rows.find((r) => r.id === id);
    if (order) latest.current.onOpen(order);
  }, []);
  const onRow = useCallback(
    (order: OrderSummary) =>
      ({
        'data-order-id': order.id,
        onDoubleClick: onRowDoubleClick,
      }) as HTMLAttributes<HTMLElement>,
    [onRowDoubleClick],
  );
  const rowClassName = useCallback(
    (order: OrderSummary, index: number) => {
      const tone = rowTone(order, now);
      const stripe = prefs.stripe && index % 2 === 1 ? ' hl-row-stripe' : '';
      const cursor = order.id === props.cursorId ? ' hl-row-cursor' : '';
      return `${tone ? `hl-row-${tone}` : ''}${stripe}${cursor}`;
    },
    [now, prefs.stripe, props.cursorId],
  );
  // below `sm` (a phone): the order number and title first (phone-columns.ts)
  const phone = Grid.useBreakpoint().sm === false;
  const { sort, sortOrder } = props.sort;
  const columns = useMemo<TableColumnsType<OrderSummary>>(() => {
    const shown = prefs.columns.filter((c) => c.visible && !(isStreet && c.key === 'lockUserName'));
    const keys = (phone ? phoneColumns(shown) : shown).map((c) => ({
      def: columnByKey(c.key),
      width: c.width,
    }));
    return keys.flatMap(({ def, width }) =>
      def
        ? [
            {
              key: def.key,
              dataIndex: def.field ?? def.key,
              title: t(colText(def.key)),
              width: width ?? def.width,
              ellipsis: def.kind !== 'tip' && def.kind !== 'labels',
              fixed: def.key === 'index' ? ('left' as const) : undefined,
              onCell: () => ({ 'data-col': def.key }) as HTMLAttributes<HTMLElement>,
              onHeaderCell: () => ({ 'data-col': def.key }) as HTMLAttributes<HTMLElement>,
              ...(SORTABLE.includes(def.key)
                ? {
                    sorter: true,
                    sortDirections: directions(def.key),
                    sortOrder:
                      def.key === sort ? (sortOrder === 'asc' ? 'ascend' : 'descend') : null,
                  }
                : {}),
              render: (_: unknown, order: OrderSummary, index: number) =>
                renderCell(def, order, { index: offset + index + 1, onOpen, t, en, theme }),
            },
          ]
        : [],
    );
  }, [prefs.columns, isStreet, phone, t, en, offset, onOpen, theme, sort, sortOrder]);
  const { onSort } = props;
  const onChange = useCallback<NonNullable<TableProps<OrderSummary>['onChange']>>(
    (_pagination, _filters, sorter) => {
      const chosen = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = String(chosen?.columnKey ?? '');
      if (!chosen?.order || !SORTABLE.includes(key)) return;
      onSort(key as ListSort, chosen.order === 'ascend' ? 'asc' : 'desc');
    },
    [onSort],
  );
  const scrollX = columns.reduce((sum, c) => sum + Number(c.width ?? 120), 0) + 48;
  const virtual = rows.length > VIRTUAL_FROM;
  const renderCheckbox = useMemo(
    () =>
      virtual && theme
        ? (_checked: boolean, _order: OrderSummary, _index: number, node: ReactNode) =>
            lightSelectionCheckbox(theme, node)
        : undefined,
    [virtual, theme],
  );
  return (
    <div ref={wrap} className="hl-order-table-wrap" data-virtual={virtual ? '1' : '0'}>
      <ColumnWindowContext value={columnWindow}>
        <Table<OrderSummary>
          className={`hl-order-table is-${prefs.lineHeight}`}
          rowKey="id"
          size={prefs.lineHeight}
          bordered={prefs.border}
          columns={columns}
          dataSource={rows}
          loading={props.loading}
          pagination={false}
          virtual={virtual}
          components={virtual ? VIRTUAL_COMPONENTS : undefined}
          rowHoverable={!virtual}
          scroll={{ x: scrollX, y: props.height }}
          locale={{
            emptyText: props.onRetry ? (
              <ListFailed onRetry={props.onRetry} />
            ) : (
              t('workOrders.empty')
            ),
          }}
          rowClassName={rowClassName}
          onRow={onRow}
          onChange={onChange}
          rowSelection={{
            selectedRowKeys: props.selected,
            onChange: (keys) => props.onSelect(keys.map(Number)),
            columnWidth: 48,
            renderCell: renderCheckbox,
            fixed: true,
          }}
        />
      </ColumnWindowContext>
      {themeProbe}
    </div>
  );
}
