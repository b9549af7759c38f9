import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Alert, App, Button, Grid, Pagination } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isHostQueue, QUEUE_FILTERS, queueStatuses, type ListSources } from '@hotline/domain';
import { LIST_PAGE_SIZES, type OrderSummary } from '@hotline/contract';
import { openOrder } from '../../../lib/order-bus';
import { useQueueChanges } from '../../../lib/queue-changes';
import {
  categoryTreeQuery,
  EXACT_TOTAL_ROOT,
  exactTotalQuery,
  hostTreeQuery,
  listQuery,
  type BatchResult,
} from '../api';
import {
  filterSearch,
  filterToQuery,
  listRequest,
  parseFilter,
  sortOf,
  sortPatch,
  type ListFilter,
  type ListSort,
} from '../filter-url';
import { refreshListsAndCounts, useListSync } from '../hooks/use-list-sync';
import { pagerTotal, shownTotal } from '../list-total';
import { useTableHeight } from '../hooks/use-table-height';
import { useTablePrefs } from '../hooks/use-table-prefs';
import { useRowCursor } from '../hooks/use-row-cursor';
import { useListView } from '../hooks/use-list-view';
import { ShortcutHelp } from '../../shortcuts';
import { categoryOptions, hostUnitOptions } from '../tree-options';
import { BatchSupervision } from './BatchSupervision';
import { FilterBar } from './FilterBar';
import { ListToolbar } from './ListToolbar';
import { OrderCards } from './OrderCards';
import { OrderTable } from './OrderTable';
import { SavedViews } from './SavedViews';
import { SortSelect } from './SortSelect';
import '../order-list.css';

/** The table settings load when first opened (drag and drop comes with them). */
const ColumnSettings = lazy(() =>
  import('./ColumnSettings').then((m) => ({ default: m.ColumnSettings })),
);

export interface ExportSlotProps {
  open: boolean;
  onClose: () => void;
  filter: Record<string, unknown>;
  menuId?: string;
  selectedIds?: number[];
}

export interface OrderListViewProps {
  menuId: string | undefined;
  /** The route's query: the filter lives there. */
  query: Record<string, string>;
  /** Replace the route's query string (`?a=1` or ''). */
  onQuery: (search: string) => void;
  username: string;
  isStreet: boolean;
  defaultPageSize: number;
  /** The list's order sources (`listSources`): its default and what may be asked for. */
  sources: ListSources;
  canSupervise: boolean;
  /** The export dialog (another feature), mounted by the page when available. */
  renderExport?: (props: ExportSlotProps) => ReactNode;
}

/** One list page for every queue: filter bar, toolbar, table, pager, settings, batch actions. */
export function OrderListView(props: OrderListViewProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { menuId, defaultPageSize, onQuery } = props;
  const filter = useMemo(
    () => parseFilter(props.query, defaultPageSize),
    [props.query, defaultPageSize],
  );
  const list = useQuery(listQuery(menuId, filter));
  // The exact figure of a capped total, counted only when asked for this very filter.
  const exactQuery = exactTotalQuery(menuId, filter);
  const exactKey = JSON.stringify(exactQuery.queryKey);
  const [exactFor, setExactFor] = useState<string | null>(null);
  const exact = useQuery({ ...exactQuery, enabled: exactFor === exactKey });
  const total = shownTotal(list.data, exact.data);
  const hosts = useQuery(hostTreeQuery);
  const categories = useQuery(categoryTreeQuery);
  const { prefs, setPrefs, reset } = useTablePrefs(props.username, menuId, props.isStreet);
  const [selected, setSelected] = useState<number[]>([]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // mounted from the first opening on, so the drawer can animate closed
  const [settingsShown, setSettingsShown] = useState(false);
  if (settingsOpen && !settingsShown) setSettingsShown(true);
  const [superviseOpen, setSuperviseOpen] = useState(false);
  const [exportMode, setExportMode] = useState<'all' | 'selected' | null>(null);
  const height = useTableHeight();
  // below `sm` (a phone) the list is a column of cards unless the user chose the table
  const phone = Grid.useBreakpoint().sm === false;
  const [view, setView] = useListView(props.username);
  const cards = phone && view === 'cards';
  useListSync();

  const rows = useMemo(() => list.data?.list ?? [], [list.data]);
  const isQueue = menuId !== undefined && Object.hasOwn(QUEUE_FILTERS, menuId);
  // Pushed changes to this queue since its list was read: a hint offers to read it again.
  const changed = useQueueChanges((s) => (menuId ? (s.changes[menuId] ?? 0) : 0));
  const clearChanges = useQueueChanges((s) => s.clear);
  useEffect(() => {
    if (menuId && list.dataUpdatedAt > 0) clearChanges(menuId);
  }, [menuId, list.dataUpdatedAt, clearChanges]);
  const { refetch } = list;
  const current = filterSearch(filter, defaultPageSize);
  const go = useCallback(
    (next: ListFilter) => {
      setSelected([]);
      const search = filterSearch(next, defaultPageSize);
      // 查询 with the filter already shown reads the list again (the route would not change)
      if (search === current) void refetch();
      else onQuery(search);
    },
    [onQuery, defaultPageSize, current, refetch],
  );
  const sort = useMemo(() => sortOf(filter), [filter]);
  // what a saved view keeps: the filter and sort, not the page
  const savedQuery = useMemo(
    () => filterToQuery({ ...filter, pageNo: 1 }, defaultPageSize),
    [filter, defaultPageSize],
  );
  const onSort = useCallback(
    (field: ListSort, order: 'asc' | 'desc') =>
      go({ ...filter, ...sortPatch(field, order), pageNo: 1 }),
    [go, filter],
  );
  const onOpen = useCallback(
    (order: OrderSummary) =>
      openOrder({
        id: order.id,
        orderNum: order.orderNum,
        menuId,
        siblings: rows.map((r) => r.id),
      }),
    [menuId, rows],
  );
  const rootRef = useRef<HTMLDivElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const cursor = useRowCursor(rootRef, rows, onOpen, () => setHelpOpen(true));
  const numbers = useMemo(() => Object.fromEntries(rows.map((r) => [r.id, r.orderNum])), [rows]);
  const onSupervised = (result: BatchResult) => {
    const ok = result.succeeded.length;
    const bad = result.refused.length;
    if (bad) void message.warning(t('workOrders.batch.partly', { ok, bad }));
    else void message.success(t('workOrders.batch.done', { ok }));
    setSelected((ids) => ids.filter((id) => result.refused.some((r) => r.id === id)));
    void refreshListsAndCounts(queryClient);
  };
  const exportFilter = useMemo(() => {
    // the list's own body (queue, filters, keyword) without paging
    const { pageNo: _p, pageSize: _s, isAmount: _a, ...body } = listRequest(menuId, filter).body;
    return body;
  }, [menuId, filter]);

  return (
    <div ref={rootRef} className="hl-order-list" data-menu-id={menuId ?? ''}>
      <FilterBar
        filter={filter}
        sources={props.sources}
        statuses={isQueue ? queueStatuses(menuId) : null}
        hostUnits={hosts.data ? hostUnitOptions(hosts.data.list) : []}
        categories={categories.data ? categoryOptions(categories.data.list, false) : []}
        onSearch={(patch) => go({ ...filter, ...patch, pageNo: 1 })}
        onReset={() => go({ pageNo: 1, pageSize: filter.pageSize })}
        extra={
          <SavedViews
            listKey={menuId ?? 'orders'}
            current={savedQuery}
            onApply={(query) => go(parseFilter(query, defaultPageSize))}
          />
        }
      />
      <ListToolbar
        total={total}
        onExactTotal={() => (exactFor === exactKey ? void exact.refetch() : setExactFor(exactKey))}
        countingExact={exact.isFetching}
        selectedCount={selected.length}
        refreshing={list.isFetching}
        onRefresh={() => {
          void refreshListsAndCounts(queryClient);
          void queryClient.invalidateQueries({ queryKey: EXACT_TOTAL_ROOT });
        }}
        onSettings={() => setSettingsOpen(true)}
        onBatchSupervise={props.canSupervise ? () => setSuperviseOpen(true) : undefined}
        onExport={
          props.renderExport ? (only) => setExportMode(only ? 'selected' : 'all') : undefined
        }
        view={phone ? { value: view, onChange: setView } : undefined}
      />
      {changed > 0 ? (
        <Alert
          className="hl-list-changed"
          data-testid="list-changed"
          type="info"
          showIcon
          banner
          title={t('workOrders.toolbar.changed', { n: changed })}
          action={
            <Button size="small" type="link" onClick={() => void refetch()}>
              {t('workOrders.toolbar.refresh')}
            </Button>
          }
        />
      ) : null}
      {cards ? <SortSelect value={sort} onChange={onSort} /> : null}
      {cards ? (
        <OrderCards
          rows={rows}
          loading={list.isLoading}
          selected={selected}
          onSelect={setSelected}
          onOpen={onOpen}
          cursorId={cursor.cursorId}
          onRetry={list.isError ? () => void refetch() : undefined}
          hostView={isQueue && isHostQueue(menuId)}
        />
      ) : (
        <OrderTable
          rows={rows}
          loading={list.isLoading}
          prefs={prefs}
          isStreet={props.isStreet}
          offset={(filter.pageNo - 1) * filter.pageSize}
          selected={selected}
          onSelect={setSelected}
          onOpen={onOpen}
          height={height}
          cursorId={cursor.cursorId}
          onRetry={list.isError ? () => void refetch() : undefined}
          sort={sort}
          onSort={onSort}
        />
      )}
      <Pagination
        className="hl-list-pager"
        current={filter.pageNo}
        pageSize={filter.pageSize}
        total={pagerTotal({
          total,
          pageNo: filter.pageNo,
          pageSize: filter.pageSize,
          rows: rows.length,
          hasMore: list.data?.hasMore ?? false,
        })}
        pageSizeOptions={LIST_PAGE_SIZES.map(String)}
        showSizeChanger
        showQuickJumper
        onChange={(pageNo, pageSize) =>
          go({ ...filter, pageNo: pageSize === filter.pageSize ? pageNo : 1, pageSize })
        }
      />
      {settingsShown ? (
        <Suspense fallback={null}>
          <ColumnSettings
            open={settingsOpen}
            onClose={() => setSettingsOpen(false)}
            prefs={prefs}
            onChange={setPrefs}
            onReset={reset}
          />
        </Suspense>
      ) : null}
      {props.canSupervise ? (
        <BatchSupervision
          open={superviseOpen}
          ids={selected}
          numbers={numbers}
          onClose={() => setSuperviseOpen(false)}
          onDone={onSupervised}
        />
      ) : null}
      {props.renderExport?.({
        open: exportMode !== null,
        onClose: () => setExportMode(null),
        filter: exportFilter,
        menuId,
        selectedIds: exportMode === 'selected' ? selected : undefined,
      })}
      <ShortcutHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
