import type { OrderSummary } from '@hotline/contract';

/**
 * An open order's next deadline as the lists and the detail head show it (issue 21): the
 * server tells the limit, its time and its state (the domain's `nextDeadline`); the console
 * gives each state a colour and words — colour is never the only sign. Closed orders carry
 * none and show nothing.
 */
export type NextDeadline = NonNullable<OrderSummary['nextDeadline']>;
export type DeadlineStateName = NextDeadline['state'];

/** Antd preset tag colours, readable with their text (axe contrast). */
export const DEADLINE_STATE_COLOR: Record<DeadlineStateName, string> = {
  onTime: 'green',
  dueSoon: 'orange',
  overdue: 'red',
  escalated: 'magenta',
};

export interface DeadlineBadge {
  state: DeadlineStateName;
  color: string;
  /** i18n key of the state's word. */
  stateKey: `workOrders.deadline.${DeadlineStateName}`;
  /** i18n key of the limit's name (签收 / 办理). */
  limitKey: `workOrders.deadline.${NextDeadline['limit']}`;
  at: string;
}

export function deadlineBadge(order: Pick<OrderSummary, 'nextDeadline'>): DeadlineBadge | null {
  const next = order.nextDeadline;
  if (!next) return null;
  return {
    state: next.state,
    color: DEADLINE_STATE_COLOR[next.state],
    stateKey: `workOrders.deadline.${next.state}`,
    limitKey: `workOrders.deadline.${next.limit}`,
    at: next.at,
  };
}
