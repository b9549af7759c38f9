import type { Stage } from '../../../server/src/seed/demo-timeline';
import { createRng, type Rng } from '../../../server/src/seed/random';

/**
 * What share of a district's history is in which stage. A district centre closes nearly every
 * order within days, so the open orders are about the inflow of the last weeks (a district of
 * ~1M orders a year has some 20–40 thousand open); refusals and returns to the city are a few
 * per cent; everything else is closed. `openShare` turns the open part up or down.
 */
const OPEN: readonly (readonly [Stage, number])[] = [
  ['unsigned', 0.03],
  ['signed', 0.025],
  ['hostPending', 0.045],
  ['handling', 0.075],
  ['rejectedBack', 0.035],
  ['returnApproved', 0.015],
  ['replyReview', 0.04],
  ['returnReview', 0.03],
  ['replied', 0.085],
];
const REFUSED_SHARE = 0.015;
const RETURNED_SHARE = 0.015;

/**
 * The share of all orders that is open when open orders are the last `weeks` weeks of inflow
 * over `years` of history. History grows toward the present (the builder puts more orders in
 * recent years), so the last weeks hold a little more than an even share: 1.5×.
 */
export function openShareOfWeeks(weeks: number, years: number): number {
  return Math.min(0.5, ((weeks * 7) / (years * 365)) * 1.5);
}

export function stageWeights(openShare: number): readonly (readonly [Stage, number])[] {
  const openTotal = OPEN.reduce((sum, [, w]) => sum + w, 0);
  const open = OPEN.map(([stage, w]) => [stage, (w / openTotal) * openShare] as const);
  const closed = 1 - openShare - REFUSED_SHARE - RETURNED_SHARE;
  return [
    ...open,
    ['refused', REFUSED_SHARE],
    ['returnedToCity', RETURNED_SHARE],
    ['closed', closed],
  ];
}

/** Order `i`'s own generator: the same seed and index always give the same order. */
export function orderRng(seed: number, i: number): Rng {
  let h = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(i + 1, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  return createRng(h ^ (h >>> 15));
}

export function pickStage(rng: Rng, weights: readonly (readonly [Stage, number])[]): Stage {
  return rng.weighted(weights);
}
