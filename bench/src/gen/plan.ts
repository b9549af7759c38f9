import type { Stage } from '../../../server/src/seed/demo-timeline';
import { createRng, type Rng } from '../../../server/src/seed/random';

/**
 * What share of a district's history is in which stage. A district centre closes nearly every
 * order within days, so about 3 % of all orders ever received are open at any time; refusals
 * and returns to the city are a few per cent; everything else is closed.
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
const OPEN_SHARE = 0.03;
const REFUSED_SHARE = 0.015;
const RETURNED_SHARE = 0.015;

export const STAGE_WEIGHTS: readonly (readonly [Stage, number])[] = (() => {
  const openTotal = OPEN.reduce((sum, [, w]) => sum + w, 0);
  const open = OPEN.map(([stage, w]) => [stage, (w / openTotal) * OPEN_SHARE] as const);
  const closed = 1 - OPEN_SHARE - REFUSED_SHARE - RETURNED_SHARE;
  return [
    ...open,
    ['refused', REFUSED_SHARE],
    ['returnedToCity', RETURNED_SHARE],
    ['closed', closed],
  ];
})();

/** Order `i`'s own generator: the same seed and index always give the same order. */
export function orderRng(seed: number, i: number): Rng {
  let h = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(i + 1, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  return createRng(h ^ (h >>> 15));
}

export function pickStage(rng: Rng): Stage {
  return rng.weighted(STAGE_WEIGHTS);
}
