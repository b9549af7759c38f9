import { z } from 'zod';
import { MILESTONES } from '@hotline/domain';
import { envelope } from './common';
import { endpoint } from './endpoint';

/**
 * The citizens' status lookup (`#/track`, no login): an order number and the last four digits
 * of the caller's phone → the order's public state, milestones and published reply. A wrong
 * pair answers exactly like an unknown order. Throttled per address (`lookup`) and per order
 * number (docs/api.md "Status lookup").
 */

export const trackBody = z.object({
  orderNum: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'track.orderNumInvalid')
    .transform((v) => v.toUpperCase()),
  phoneTail: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'track.phoneTailInvalid'),
});
export type TrackBody = z.output<typeof trackBody>;

export const trackedOrder = z.object({
  orderNum: z.string(),
  open: z.boolean(),
  /** open: being handled; answered: replied, the return visit to come; closed: finished. */
  stage: z.enum(['open', 'answered', 'closed']),
  /** The public state in the caller's language. */
  statusText: z.string(),
  categoryName: z.string().nullable(),
  milestones: z.array(z.object({ key: z.enum(MILESTONES), at: z.string().nullable() })),
  /** When the handling is due (null until dispatched, and once answered). */
  expectedAt: z.string().nullable(),
  /** The approved reply, once there is one. */
  reply: z.string().nullable(),
});
export type TrackedOrder = z.output<typeof trackedOrder>;

export const trackEndpoints = {
  track: endpoint({
    throttle: 'lookup',
    method: 'POST',
    paths: ['/public/track'],
    summary: "Citizens' status lookup: order number + last 4 digits of the caller's phone",
    tags: ['public'],
    access: 'public',
    body: trackBody,
    response: envelope(trackedOrder),
  }),
};
