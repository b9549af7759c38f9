import { beforeEach, describe, expect, it } from 'vitest';
import { badgesFromMenu, useBadgeStore } from '../src/features/menu/badge-store';

const store = () => useBadgeStore.getState();

describe('badge store', () => {
  beforeEach(() => store().reset());

  it('is seeded from the menu data', () => {
    const menu = [
      {
        meta: { menuId: null, badge: null },
        children: [
          { meta: { menuId: 'qu_dqs', badge: 60 }, children: [] },
          { meta: { menuId: 'qu_ybj', badge: 1098 }, children: [] },
          { meta: { menuId: 'qu_x', badge: null }, children: [] },
        ],
      },
    ];
    store().seed(badgesFromMenu(menu));
    expect(store().counts).toEqual({ qu_dqs: 60, qu_ybj: 1098 });
  });

  it('setBadge sets, addBadge moves by a delta, never below 0', () => {
    store().setBadge('qu_dqs', 3);
    store().addBadge('qu_dqs', 1);
    expect(store().counts.qu_dqs).toBe(4);
    store().addBadge('qu_dqs', -10);
    expect(store().counts.qu_dqs).toBe(0);
    store().addBadge('qu_new', -1);
    expect(store().counts.qu_new).toBe(0);
    store().addBadge('qu_new', 2);
    expect(store().counts.qu_new).toBe(2);
    store().setBadge('qu_dqs', -5);
    expect(store().counts.qu_dqs).toBe(0);
  });
});
