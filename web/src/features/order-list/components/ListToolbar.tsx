import type { ReactNode } from 'react';
import { Button, Segmented, Space, Typography } from 'antd';
import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { totalText, type ShownTotal } from '../list-total';
import type { ListView } from '../order-card';

export interface ListToolbarProps {
  total: ShownTotal | undefined;
  /** Asks for the exact figure of a capped total ("精确计数"). */
  onExactTotal?: () => void;
  /** The exact count is being asked for. */
  countingExact?: boolean;
  selectedCount: number;
  refreshing: boolean;
  onRefresh: () => void;
  onSettings: () => void;
  /** Shown only when the user may supervise (dispatchers, reviewers, leaders). */
  onBatchSupervise?: () => void;
  /** Export buttons (whole filter / selected rows); absent when export is not available. */
  onExport?: (selectedOnly: boolean) => void;
  extra?: ReactNode;
  /** On a phone: the list as cards or as the table (absent on wider screens). */
  view?: { value: ListView; onChange: (next: ListView) => void };
}

/** Above the table: total, refresh, export, batch actions on the selected rows, settings. */
export function ListToolbar(props: ListToolbarProps) {
  const { t } = useTranslation();
  const n = props.selectedCount;
  const total = props.total === undefined ? undefined : totalText(props.total);
  return (
    <div className="hl-list-toolbar">
      <Space wrap>
        {props.onBatchSupervise ? (
          <Button disabled={!n} onClick={props.onBatchSupervise} data-testid="batch-supervise">
            {t('workOrders.toolbar.batchSupervise', { n })}
          </Button>
        ) : null}
        {props.onExport ? (
          <>
            <Button onClick={() => props.onExport?.(false)} data-testid="export">
              {t('workOrders.toolbar.export')}
            </Button>
            <Button disabled={!n} onClick={() => props.onExport?.(true)} data-testid="batch-export">
              {t('workOrders.toolbar.batchExport', { n })}
            </Button>
          </>
        ) : null}
        {props.extra}
      </Space>
      <Space wrap>
        {props.view ? (
          <Segmented<ListView>
            size="small"
            value={props.view.value}
            onChange={props.view.onChange}
            options={[
              { value: 'cards', label: t('workOrders.cards.viewCards') },
              { value: 'table', label: t('workOrders.cards.viewTable') },
            ]}
            aria-label={t('workOrders.cards.view')}
            data-testid="list-view"
          />
        ) : null}
        {/* polite live region: the exact count, when it arrives, is read out */}
        <Typography.Text type="secondary" data-testid="list-total" aria-live="polite">
          {total === undefined ? '' : t(total.key, { n: total.n })}
        </Typography.Text>
        {(props.total?.capped || props.total?.estimated) && props.onExactTotal ? (
          <Button
            type="link"
            size="small"
            className="hl-exact-total"
            loading={props.countingExact}
            onClick={props.onExactTotal}
            title={t('workOrders.toolbar.exactTotalHint')}
            data-testid="exact-total"
          >
            {t('workOrders.toolbar.exactTotal')}
          </Button>
        ) : null}
        <Button
          icon={<ReloadOutlined spin={props.refreshing} />}
          onClick={props.onRefresh}
          aria-label={t('workOrders.toolbar.refresh')}
        />
        <Button
          icon={<SettingOutlined />}
          onClick={props.onSettings}
          aria-label={t('workOrders.toolbar.settings')}
          data-testid="table-settings"
        />
      </Space>
    </div>
  );
}
