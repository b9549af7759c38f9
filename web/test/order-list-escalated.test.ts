import { describe, expect, it } from 'vitest';
import { tipTags } from '../src/features/order-list/row-rules';

/** Escalated orders (issue 21) carry a tag in the tip column, first, with their level. */
describe('tipTags: escalation', () => {
  const base = { isKeyAppeal: true, isSupervised: false, superviseCount: 0, isSecondVisit: false };
  it.each([
    [0, [{ key: 'keyAppeal' }]],
    [1, [{ key: 'escalated', count: 1 }, { key: 'keyAppeal' }]],
    [2, [{ key: 'escalated', count: 2 }, { key: 'keyAppeal' }]],
  ])('level %i', (escalationLevel, tags) => {
    expect(tipTags({ ...base, escalationLevel })).toEqual(tags);
  });
});
