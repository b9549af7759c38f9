import type { OrderSummary } from '@hotline/contract';

/**
 * Row rules of the lists: the live refusal-to-sign countdown and which rows stand out
 * (overdue, near the deadline). Pure: the caller passes the clock.
 */

const OPEN = new Set([0, 1, 11, 12]);
/** The spec's "8 hours ahead" overdue-warning variant marks a row as near its deadline. */
export const NEAR_DEADLINE_MS = 8 * 3600_000;

export type RowTone = 'overdue' | 'near' | null;

type Timed = Pick<OrderSummary, 'status' | 'deadline' | 'refuseDeadline'>;

function ms(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}

export function isOpen(order: Pick<OrderSummary, 'status'>): boolean {
  return OPEN.has(order.status);
}

/** Overdue: an open order past its deadline; near: due within 8 hours. */
export function rowTone(order: Timed, now: number): RowTone {
  const deadline = ms(order.deadline);
  if (deadline === null || !isOpen(order)) return null;
  if (deadline <= now) return 'overdue';
  if (deadline - now <= NEAR_DEADLINE_MS) return 'near';
  return null;
}

export type Countdown =
  { kind: 'none' } | { kind: 'expired' } | { kind: 'running'; text: string; urgent: boolean };

const pad = (n: number) => String(n).padStart(2, '0');

/** `ms` left as `HH:MM:SS`, with a day prefix (`2d 03:04:05`) beyond 24 hours. */
export function formatDuration(left: number): string {
  const total = Math.max(0, Math.floor(left / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const clock = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/**
 * The remaining refusal-to-sign time: counted only while the order is still unsigned
 * (status 0); urgent in its last hour; expired once the deadline passed.
 */
export function refuseCountdown(order: Timed, now: number): Countdown {
  const deadline = ms(order.refuseDeadline);
  if (deadline === null || order.status !== 0) return { kind: 'none' };
  const left = deadline - now;
  if (left <= 0) return { kind: 'expired' };
  return { kind: 'running', text: formatDuration(left), urgent: left <= 3600_000 };
}

/**
 * Tags of the tip column: escalated after a missed limit (issue 21; count = level), key appeal,
 * supervised (with count), second visit.
 */
export function tipTags(
  order: Pick<OrderSummary, 'isKeyAppeal' | 'isSupervised' | 'superviseCount' | 'isSecondVisit'> &
    Partial<Pick<OrderSummary, 'escalationLevel'>>,
): { key: 'escalated' | 'keyAppeal' | 'supervised' | 'secondVisit'; count?: number }[] {
  const out: { key: 'escalated' | 'keyAppeal' | 'supervised' | 'secondVisit'; count?: number }[] =
    [];
  if (order.escalationLevel) out.push({ key: 'escalated', count: order.escalationLevel });
  if (order.isKeyAppeal) out.push({ key: 'keyAppeal' });
  if (order.isSupervised) out.push({ key: 'supervised', count: order.superviseCount });
  if (order.isSecondVisit) out.push({ key: 'secondVisit' });
  return out;
}

/** The antd tag colour of a tip (tipTags): escalated red, key appeal magenta, the rest gold. */
export function tipColor(key: ReturnType<typeof tipTags>[number]['key']): string {
  return key === 'escalated' ? 'red' : key === 'keyAppeal' ? 'magenta' : 'gold';
}

/** Antd tag colours per order status and host status (readable at a glance). */
export function statusColor(status: number): string {
  if (status === 0) return 'orange';
  if (status === 1) return 'blue';
  if (status === 11 || status === 12) return 'purple';
  if (status === 71 || status === 72) return 'red';
  if (status === 91) return 'cyan';
  if (status === 92) return 'green';
  return 'default';
}

export function hostStatusColor(code: number): string {
  if (code === -1) return 'default';
  if (code === 0) return 'orange';
  if (code === 1) return 'blue';
  if (code === 11 || code === 12) return 'purple';
  if (code === 71) return 'red';
  if (code === 72) return 'green';
  return 'default';
}
