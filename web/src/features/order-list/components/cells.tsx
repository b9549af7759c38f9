import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { MAIN_ORG_STATUS_NAMES, STATUS_NAMES, sevenFiveName, formatCst } from '@hotline/domain';
import type { OrderSummary } from '@hotline/contract';
import { useNow } from '../hooks/use-now';
import type { ColumnDef } from '../columns';
import { hostStatusColor, refuseCountdown, statusColor, tipColor, tipTags } from '../row-rules';
import { deadlineBadge } from '../deadline-state';
import { lightTag, type ThemeClasses } from './light-antd';

/**
 * Cells of the list table, one renderer per column kind. Plain functions given `t` (not
 * components with their own hooks), so a virtual-row scroll renders little; only the countdown
 * is a component, because it ticks on its own. Tags are plain spans with antd's classes once
 * the table knows its theme classes (light-antd.tsx).
 */

/** A list time to the minute, in China time whatever the browser's zone. */
export function formatTime(iso: string | null | undefined): string {
  return formatCst(iso, 'YYYY-MM-DD HH:mm');
}

/** The live refusal-to-sign countdown (re-renders itself every second). */
export function RefuseCountdown({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const c = refuseCountdown(order, now);
  if (c.kind === 'none') return null;
  if (c.kind === 'expired')
    return (
      <Tag color="red" className="hl-countdown is-expired">
        {t('workOrders.tag.expired')}
      </Tag>
    );
  return (
    <span
      className={`hl-countdown${c.urgent ? ' is-urgent' : ''}`}
      data-deadline={order.refuseDeadline}
    >
      {c.text}
    </span>
  );
}

function codeTag(
  names: Record<number, { zh: string; en: string }>,
  code: number,
  color: string,
  en: boolean,
  attr: 'data-status' | 'data-host-status',
  theme?: ThemeClasses | null,
) {
  const name = names[code]?.[en ? 'en' : 'zh'] ?? String(code);
  return lightTag(theme, color, name, { [attr]: code });
}

export function StatusTag({ code }: { code: number }) {
  const { i18n } = useTranslation();
  return codeTag(
    STATUS_NAMES,
    code,
    statusColor(code),
    i18n.language.startsWith('en'),
    'data-status',
  );
}

/** The host unit's own state of an order (待签收, 办理中 …). */
export function HostStatusTag({ code }: { code: number }) {
  const { i18n } = useTranslation();
  return codeTag(
    MAIN_ORG_STATUS_NAMES,
    code,
    hostStatusColor(code),
    i18n.language.startsWith('en'),
    'data-host-status',
  );
}

export interface CellContext {
  index: number;
  onOpen: (order: OrderSummary) => void;
  t: TFunction;
  en: boolean;
  /** antd's theme classes, for tags as plain spans (antd's Tag without them). */
  theme?: ThemeClasses | null;
}

/** Looked-up vocabulary words per translate function (a new one comes with each language). */
const words = new WeakMap<TFunction, Map<string, string>>();

/**
 * A vocabulary word (nature, urgency, visit result, subject) in the user's language; looked up
 * once per language (a 150-row page asks for the same few words thousands of times).
 */
function word(t: TFunction, prefix: string, value: string | null | undefined) {
  if (!value) return null;
  let known = words.get(t);
  if (!known) {
    known = new Map();
    words.set(t, known);
  }
  const key = `${prefix}.${value}`;
  let text = known.get(key);
  if (text === undefined) {
    text = String(t(key as never, { defaultValue: value }));
    known.set(key, text);
  }
  return text;
}

/** The content of one cell. */
export function renderCell(def: ColumnDef, order: OrderSummary, ctx: CellContext) {
  const { t, en } = ctx;
  const value = def.field ? order[def.field] : undefined;
  switch (def.kind) {
    case 'index':
      return ctx.index;
    case 'countdown':
      return <RefuseCountdown order={order} />;
    case 'tip':
      return tipTags(order).map((tip) =>
        lightTag(
          ctx.theme,
          tipColor(tip.key),
          <>
            {t(`workOrders.tag.${tip.key}`)}
            {tip.count && tip.count > 1 ? ` ×${tip.count}` : ''}
          </>,
          {},
          tip.key,
        ),
      );
    case 'nextDeadline': {
      const badge = deadlineBadge(order);
      if (!badge) return null;
      const limit = t(badge.limitKey);
      const time = formatTime(badge.at);
      return (
        <span
          className="hl-next-deadline"
          data-deadline-state={badge.state}
          title={t('workOrders.deadline.at', { limit, time })}
        >
          {lightTag(ctx.theme, badge.color, t(badge.stateKey))}
          <span className="hl-next-deadline-at">
            {limit} {time}
          </span>
        </span>
      );
    }
    case 'status':
      return codeTag(
        STATUS_NAMES,
        order.status,
        statusColor(order.status),
        en,
        'data-status',
        ctx.theme,
      );
    case 'hostStatus':
      return codeTag(
        MAIN_ORG_STATUS_NAMES,
        order.mainOrgStatus,
        hostStatusColor(order.mainOrgStatus),
        en,
        'data-host-status',
        ctx.theme,
      );
    case 'nature':
      return word(t, 'workOrders.nature', order.orderNature);
    case 'sevenFive':
      return sevenFiveName(order.sevenFiveCategory, en ? 'en' : 'zh');
    case 'urgency':
      return word(t, 'workOrders.urgency', order.urgency);
    case 'visitResult':
      return word(t, 'workOrders.visit', order.visitResult);
    case 'subject':
      return word(t, 'workOrders.subject', order.callerSubject);
    case 'time':
      return formatTime(value as string | null);
    case 'labels':
      return order.labels.map((l) => lightTag(ctx.theme, undefined, l, {}, l));
    case 'flag':
      return value ? t('workOrders.tag.yes') : null;
    case 'hours':
      return value === null || value === undefined
        ? null
        : t('workOrders.tag.hours', { n: value as number });
    case 'longText':
      return (
        <span className="hl-cell-long" title={(value as string | null) ?? ''}>
          {value as string}
        </span>
      );
    default:
      if (def.key === 'orderNum')
        return (
          <a className="hl-order-link" onClick={() => ctx.onOpen(order)}>
            {order.orderNum}
          </a>
        );
      return value === null || value === undefined ? '' : String(value);
  }
}
