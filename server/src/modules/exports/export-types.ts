import type { OrderExtras, PresentableOrder } from '../work-orders/order.presenter';

/** The shapes of an export's rows: what export-rows.ts reads and export-values.ts shows. */

/**
 * Names come from small lookup tables read once per export (units, categories), not from joins
 * per row: one chunk is one indexed range read of work_orders plus its lock.
 */
export interface Names {
  unit(id: number | null): string | null;
  categoryPath(id: number | null): string | null;
}

export interface VisitFact {
  attempt: number;
  /** Epoch milliseconds. */
  createdAt: number;
  reached: boolean;
  hostContacted: boolean | null;
  resolved: boolean | null;
  satisfaction: string | null;
  remark: string;
  visitorName: string | null;
}

export interface RequestFacts {
  extensionCount: number;
  extensionHours: number;
  lastExtensionReason: string | null;
  /** The latest exclusion request: 1 pending, 2 approved, 3 rejected. */
  exclusionStatus: number | null;
  exclusionReason: string | null;
}

export interface EventFacts {
  events: number;
  returns: number;
  rejects: number;
  notes: number;
}

/** The order's time columns (derived from the row type: every `Date` field). */
type TimeKey = {
  [K in keyof PresentableOrder]-?: Date extends PresentableOrder[K] ? K : never;
}[keyof PresentableOrder];

/**
 * An order as an export reads it: its instants stay epoch milliseconds (no Date object per
 * value — a dozen per row); the writers turn them into dates by the column's type.
 */
export type ExportOrder = Omit<PresentableOrder, TimeKey> & {
  [K in TimeKey]: null extends PresentableOrder[K] ? number | null : number;
};

export interface ExportRow {
  row: ExportOrder;
  extras: OrderExtras;
  visits: VisitFact[];
  requests: RequestFacts | undefined;
  events: EventFacts | undefined;
  attachments: number;
  mergedIn: number;
  mergedIntoNum: string | null;
}
