import { z } from 'zod';
import { envelope, intField } from './common';
import { endpoint } from './endpoint';
import { READ_TAGS as tags } from './work-order-reads-endpoints';

/**
 * A caller's earlier orders (issue 22): typing the caller's phone at intake, and in the order
 * detail. Counted within the caller's row scope, like every list.
 */

export const callerHistoryBody = z.object({
  phone: z
    .string()
    .trim()
    .regex(/^[0-9+\- ()]{5,30}$/, 'callerHistory.phoneInvalid'),
  /** Leave this order out (the detail's own order). */
  excludeId: intField((n) => n.positive()).optional(),
});
export type CallerHistoryBody = z.output<typeof callerHistoryBody>;

export const callerHistoryOrder = z.object({
  id: z.number().int(),
  orderNum: z.string(),
  title: z.string(),
  status: z.number().int(),
  callTime: z.string(),
  /** The caller may open it (an intake agent is shown the district's, opens its own). */
  readable: z.boolean(),
});

export const callerHistory = z.object({
  /** Every order of this number the caller may read. */
  total: z.number().int(),
  /** Of them, those called in within the last 30 days. */
  last30Days: z.number().int(),
  /** `last30Days` reached the repeat-caller threshold (config `repeat_caller_threshold`). */
  repeat: z.boolean(),
  threshold: z.number().int(),
  /** The five latest. */
  recent: z.array(callerHistoryOrder),
});
export type CallerHistory = z.output<typeof callerHistory>;

export const callerHistoryEndpoints = {
  callerHistory: endpoint({
    method: 'POST',
    paths: ['/addons/jsjb/lists/callerHistory'],
    summary: "A caller's earlier orders: count, last 30 days, repeat-caller flag, the five latest",
    tags,
    access: 'user',
    body: callerHistoryBody,
    response: envelope(callerHistory),
  }),
};
