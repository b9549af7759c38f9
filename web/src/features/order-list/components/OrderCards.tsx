import { Checkbox, Empty, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '@hotline/contract';
import { useNow } from '../hooks/use-now';
import { deadlineBadge } from '../deadline-state';
import { colText } from '../labels';
import { cardMeta } from '../order-card';
import { rowTone, tipColor, tipTags } from '../row-rules';
import { formatTime, HostStatusTag, RefuseCountdown, StatusTag } from './cells';
import { ListFailed } from './ListFailed';
import './order-cards.css';

export interface OrderCardsProps {
  rows: OrderSummary[];
  loading: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onOpen: (order: OrderSummary) => void;
  /** The order the keyboard cursor is on. */
  cursorId?: number | null;
  /** The page's request failed: the list says so, with a retry. */
  onRetry?: (() => void) | undefined;
  /**
   * A host unit's queue: an order in handling shows the unit's own state (待签收, 办理中 …),
   * what its handler decides on, rather than the district's 办理中 for all of them.
   */
  hostView?: boolean;
}

/**
 * The order list on a phone: one card per order — number and status, the title in full, the
 * next deadline and the tips, then the unit, the address and the call time. The table's
 * columns need sideways scrolling at 390 px; a card shows what a street handler decides on
 * without it. Tapping the title opens the order; the checkbox selects it for the toolbar's
 * batch actions. Overdue and near-deadline cards carry a coloured edge beside the words.
 */
export function OrderCards(props: OrderCardsProps) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  const { rows, selected } = props;
  const chosen = new Set(selected);
  const all = rows.length > 0 && rows.every((r) => chosen.has(r.id));
  const some = !all && rows.some((r) => chosen.has(r.id));
  const toggle = (id: number, on: boolean) =>
    props.onSelect(on ? [...selected, id] : selected.filter((s) => s !== id));

  if (props.loading && rows.length === 0)
    return (
      <div className="hl-order-cards is-empty">
        <Spin />
      </div>
    );
  if (rows.length === 0)
    return (
      <div className="hl-order-cards is-empty" data-testid="order-cards">
        {props.onRetry ? (
          <ListFailed onRetry={props.onRetry} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workOrders.empty')} />
        )}
      </div>
    );
  return (
    <div className="hl-order-cards" data-testid="order-cards" aria-busy={props.loading}>
      <Checkbox
        className="hl-cards-all"
        checked={all}
        indeterminate={some}
        onChange={(e) => props.onSelect(e.target.checked ? rows.map((r) => r.id) : [])}
      >
        {t('workOrders.cards.selectAll')}
      </Checkbox>
      <ul className="hl-cards">
        {rows.map((order) => {
          const tone = rowTone(order, now);
          const badge = deadlineBadge(order);
          const tips = tipTags(order);
          return (
            <li
              key={order.id}
              className={`hl-card${tone ? ` is-${tone}` : ''}${order.id === props.cursorId ? ' is-cursor' : ''}${chosen.has(order.id) ? ' is-selected' : ''}`}
              data-order-id={order.id}
            >
              <div className="hl-card-head">
                <Checkbox
                  checked={chosen.has(order.id)}
                  onChange={(e) => toggle(order.id, e.target.checked)}
                  aria-label={t('workOrders.cards.select', { num: order.orderNum })}
                />
                <span className="hl-card-num">{order.orderNum}</span>
                {props.hostView && order.status === 1 ? (
                  <HostStatusTag code={order.mainOrgStatus} />
                ) : (
                  <StatusTag code={order.status} />
                )}
              </div>
              <button
                type="button"
                className="hl-card-open hl-order-link"
                onClick={() => props.onOpen(order)}
              >
                {order.title || order.orderNum}
              </button>
              {badge || tips.length > 0 || (order.status === 0 && order.refuseDeadline) ? (
                <div className="hl-card-tags">
                  {badge ? (
                    <span className="hl-next-deadline" data-deadline-state={badge.state}>
                      <Tag color={badge.color}>{t(badge.stateKey)}</Tag>
                      <span className="hl-next-deadline-at">
                        {t(badge.limitKey)} {formatTime(badge.at)}
                      </span>
                    </span>
                  ) : null}
                  {tips.map((tip) => (
                    <Tag key={tip.key} color={tipColor(tip.key)}>
                      {t(`workOrders.tag.${tip.key}`)}
                      {tip.count && tip.count > 1 ? ` ×${tip.count}` : ''}
                    </Tag>
                  ))}
                  {order.status === 0 && order.refuseDeadline ? (
                    <span className="hl-card-countdown">
                      {t(colText('refuseCountdown'))} <RefuseCountdown order={order} />
                    </span>
                  ) : null}
                </div>
              ) : null}
              <dl className="hl-card-meta">
                {cardMeta(order).map((m) => (
                  <div key={m.key} data-meta={m.key}>
                    <dt>{t(colText(m.key))}</dt>
                    <dd>{m.text}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
