import { z } from 'zod';
import { envelope } from './common';
import { endpoint } from './endpoint';
import { validDateText } from './work-order-reads';

/**
 * The assessment board (`kanban`, spec section 7; WORKFLOW section 7). A period is either
 * `period` = 'YYYY-MM' (the 19th of that month 00:00 to the 19th of the next, China time) or
 * any `from`/`to` days (China-time dates, `to` inclusive). Neither: the current period.
 */
const dayText = z
  .string()
  .trim()
  .regex(/^(20\d\d|2100)-\d{2}-\d{2}$/, 'valid.day')
  .refine(validDateText, 'valid.day');

export const MAX_STATS_DAYS = 400;

export const kanbanBody = z
  .object({
    period: z
      .string()
      .trim()
      .regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, 'valid.month')
      .optional(),
    from: dayText.optional(),
    to: dayText.optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.from === undefined) !== (b.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'valid.fromToTogether' });
    }
    if (b.from !== undefined && b.to !== undefined && b.from > b.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'valid.fromAfterTo' });
    }
    if (b.period !== undefined && b.from !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: 'valid.periodOrRange' });
    }
  });
export type KanbanBody = z.output<typeof kanbanBody>;

const rate = z.number().nullable();

export const unitStats = z.object({
  id: z.number().int(),
  name: z.string(),
  group: z.enum(['street', 'department']),
  rank: z.number().int(),
  /** Orders dispatched to the unit as host in the period. */
  volume: z.number().int(),
  signedOnTime: z.number().int(),
  signRate: rate,
  replied: z.number().int(),
  repliedOnTime: z.number().int(),
  replyRate: rate,
  overdue: z.number().int(),
  /**
   * Escalations in the period of orders the unit held when they missed a limit (issue 21):
   * level 1 (unit leaders and dispatchers told), level 2 (the district leader told).
   */
  escalationsL1: z.number().int(),
  escalationsL2: z.number().int(),
  /** Valid return visits (reached, not excluded) in the period, and their tallies. */
  valid: z.number().int(),
  contacted: z.number().int(),
  resolved: z.number().int(),
  satisfied: z.number().int(),
  basic: z.number().int(),
  excluded: z.number().int(),
  responseRate: rate,
  resolutionRate: rate,
  satisfactionRate: rate,
  score: z.number().nullable(),
});
export type UnitStats = z.infer<typeof unitStats>;

export const kanbanData = z.object({
  period: z.object({ start: z.string(), end: z.string(), label: z.string() }),
  weights: z.object({ response: z.number(), resolution: z.number(), satisfaction: z.number() }),
  units: z.array(unitStats),
  excludedOrders: z.array(
    z.object({
      id: z.number().int(),
      orderNum: z.string(),
      title: z.string(),
      organizerName: z.string(),
      tichuType: z.string(),
      visitTime: z.string().nullable(),
    }),
  ),
  trendByDay: z.array(
    z.object({
      day: z.string(),
      received: z.number().int(),
      replied: z.number().int(),
      closed: z.number().int(),
    }),
  ),
  byCategory: z.array(z.object({ name: z.string(), count: z.number().int() })),
  totals: z.object({
    received: z.number().int(),
    dispatched: z.number().int(),
    replied: z.number().int(),
    closed: z.number().int(),
    overdue: z.number().int(),
    excluded: z.number().int(),
    /** Every escalation in the period, the district's own (not yet dispatched) included. */
    escalationsL1: z.number().int(),
    escalationsL2: z.number().int(),
  }),
});
export type KanbanData = z.infer<typeof kanbanData>;
export const kanbanResponse = envelope(kanbanData);

export const reportTokenBody = z.object({
  /** The template the token opens (report service path). */
  template: z.string().trim().min(1).max(40).optional(),
});
export const reportTokenResponse = envelope(
  z.object({ token: z.string(), expiresAt: z.string(), templates: z.array(z.string()) }),
);
export const reportTemplateParams = z.object({ name: z.string().max(40) });
export const reportTemplateQuery = z.object({ token: z.string().min(1).max(400) });

const tags = ['exports'];

/** The assessment board and the report service's templates (docs/api.md "Exports and reports"). */
export const statsEndpoints = {
  kanban: endpoint({
    method: 'POST',
    paths: ['/addons/jsjb/export/kanban'],
    summary: 'Assessment board: per host unit volumes, on-time rates, 10/50/40 score, two rankings',
    tags,
    access: 'user',
    body: kanbanBody,
    response: kanbanResponse,
  }),
  kanbanExcel: endpoint({
    method: 'POST',
    paths: ['/addons/jsjb/export/kanbanExcel'],
    summary: 'The assessment ranking table of kanban (same body) as XLSX',
    tags,
    access: 'user',
    body: kanbanBody,
    response: null,
  }),
  reportToken: endpoint({
    method: 'POST',
    paths: ['/report/gentoken'],
    summary: 'A 5-minute token for the report templates',
    tags,
    access: 'user',
    body: reportTokenBody,
    response: reportTokenResponse,
  }),
  reportTemplate: endpoint({
    method: 'GET',
    paths: ['/report/template/:name'],
    summary: 'A print or export template; `token` from report/gentoken',
    tags,
    access: 'public',
    params: reportTemplateParams,
    query: reportTemplateQuery,
    response: null,
  }),
};
