import { CASE_SHEET_FIELDS } from '@hotline/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EVENT_NAMES, LOCK_EVENTS, formatCst } from '@hotline/domain';
import type { PrintData } from '../print-api';
import './print.css';

const time = (iso: string | null | undefined) => formatCst(iso);

type Order = PrintData['order'];

function value(order: Order, key: keyof Order): string {
  const v = order[key];
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' && /Time$|^deadline$/.test(String(key))) return time(v);
  return Array.isArray(v) ? v.join('、') : String(v);
}

type Visit = PrintData['visits'][number];

/** One attempt: number, visitor, then the result (satisfaction) or 未接通 with its reason. */
function visitText(v: Visit, t: TFunction): string {
  const result = v.reached
    ? [
        t('exports.print.reached'),
        v.satisfaction
          ? t(`orderDetail.values.satisfaction.${v.satisfaction as 'basic'}`, v.satisfaction)
          : '',
      ]
    : [t('exports.print.notReached')];
  return [t('exports.print.attempt', { n: v.attempt }), v.visitorName ?? '', ...result, v.remark]
    .filter((part) => part !== '')
    .join(' · ');
}

/** The A4 case sheet: fields, handling result, timeline (without lock records), return visits. */
export function PrintSheet({ data }: { data: PrintData }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const lang = en ? 'en' : 'zh';
  const o = data.order;
  return (
    <div className="hl-print-sheet" data-testid="print-sheet">
      <h1>{t('exports.print.title')}</h1>
      <table>
        <tbody>
          {CASE_SHEET_FIELDS.map(([key, zh, enLabel]) => (
            <tr key={key}>
              <th>{en ? enLabel : zh}</th>
              <td>{value(o, key)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('exports.print.result')}</h2>
      <table>
        <tbody>
          <tr>
            <th>{time(o.replyTime)}</th>
            <td>{o.replyContent ?? ''}</td>
          </tr>
        </tbody>
      </table>
      <h2>{t('exports.print.timeline')}</h2>
      <table>
        <thead>
          <tr>
            <th>{t('exports.print.time')}</th>
            <th>{t('exports.print.action')}</th>
            <th>{t('exports.print.actor')}</th>
            <th>{t('exports.print.unit')}</th>
            <th>{t('exports.print.comment')}</th>
          </tr>
        </thead>
        <tbody>
          {data.timeline
            .filter((e) => !LOCK_EVENTS.has(e.action))
            .map((e) => (
              <tr key={e.id} data-testid="print-event" data-action={e.action}>
                <td>{time(e.time)}</td>
                <td>{EVENT_NAMES[e.action]?.[lang] ?? e.action}</td>
                <td>{e.actorName ?? ''}</td>
                <td>{e.unitName ?? ''}</td>
                <td>{e.comment}</td>
              </tr>
            ))}
        </tbody>
      </table>
      {data.visits.length > 0 ? (
        <>
          <h2>{t('exports.print.visits')}</h2>
          <table>
            <tbody>
              {data.visits.map((v) => (
                <tr key={v.id} data-testid="print-visit">
                  <th>{time(v.createdAt)}</th>
                  <td>{visitText(v, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      <div className="hl-print-meta">
        {t('exports.print.printedAt')}: {time(data.printedAt)}
      </div>
    </div>
  );
}
