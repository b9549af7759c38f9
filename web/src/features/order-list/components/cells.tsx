import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAIN_ORG_STATUS_NAMES, STATUS_NAMES } from '@hotline/domain';
import type { OrderSummary } from '@hotline/contract';
import { useNow } from '../hooks/use-now';
import type { ColumnDef } from '../columns';
import { hostStatusColor, refuseCountdown, statusColor, tipTags } from '../row-rules';

/** Cells of the list table, one renderer per column kind. */

const lang = (language: string) => (language.startsWith('en') ? 'en' : 'zh');

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
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

export function StatusTag({ code }: { code: number }) {
  const { i18n } = useTranslation();
  const name = STATUS_NAMES[code]?.[lang(i18n.language)] ?? String(code);
  return (
    <Tag color={statusColor(code)} data-status={code}>
      {name}
    </Tag>
  );
}

export function HostStatusTag({ code }: { code: number }) {
  const { i18n } = useTranslation();
  const name = MAIN_ORG_STATUS_NAMES[code]?.[lang(i18n.language)] ?? String(code);
  return (
    <Tag color={hostStatusColor(code)} data-host-status={code}>
      {name}
    </Tag>
  );
}

function TipTags({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  return (
    <>
      {tipTags(order).map((tip) => (
        <Tag key={tip.key} color={tip.key === 'keyAppeal' ? 'magenta' : 'gold'}>
          {t(`workOrders.tag.${tip.key}`)}
          {tip.count && tip.count > 1 ? ` ×${tip.count}` : ''}
        </Tag>
      ))}
    </>
  );
}

function Words({ value, prefix }: { value: string | null | undefined; prefix: string }) {
  const { t } = useTranslation();
  if (!value) return null;
  return <>{t(`${prefix}.${value}`, { defaultValue: value })}</>;
}

export interface CellContext {
  index: number;
  onOpen: (order: OrderSummary) => void;
}

/** The content of one cell. */
export function renderCell(def: ColumnDef, order: OrderSummary, ctx: CellContext) {
  const value = def.field ? order[def.field] : undefined;
  switch (def.kind) {
    case 'index':
      return ctx.index;
    case 'countdown':
      return <RefuseCountdown order={order} />;
    case 'tip':
      return <TipTags order={order} />;
    case 'status':
      return <StatusTag code={order.status} />;
    case 'hostStatus':
      return <HostStatusTag code={order.mainOrgStatus} />;
    case 'nature':
      return <Words value={order.orderNature} prefix="workOrders.nature" />;
    case 'urgency':
      return <Words value={order.urgency} prefix="workOrders.urgency" />;
    case 'visitResult':
      return <Words value={order.visitResult} prefix="workOrders.visit" />;
    case 'subject':
      return <Words value={order.callerSubject} prefix="workOrders.subject" />;
    case 'time':
      return formatTime(value as string | null);
    case 'labels':
      return order.labels.map((l) => <Tag key={l}>{l}</Tag>);
    case 'flag':
      return value ? <FlagText on /> : null;
    case 'hours':
      return value === null || value === undefined ? null : <HoursText n={value as number} />;
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

function FlagText({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return <>{on ? t('workOrders.tag.yes') : t('workOrders.tag.no')}</>;
}

function HoursText({ n }: { n: number }) {
  const { t } = useTranslation();
  return <>{t('workOrders.tag.hours', { n })}</>;
}
