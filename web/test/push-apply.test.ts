import { beforeEach, describe, expect, it } from 'vitest';
import type { PushMessage, PushNotice } from '@hotline/contract';
import { applyPushMessage, type PushEffects } from '../src/features/push/apply-message';
import { useBadgeStore } from '../src/features/menu/badge-store';
import { noticeDots, useNoticesStore } from '../src/features/notices/notices-store';

const notice: PushNotice = {
  msg: '您有新的待签收工单',
  orderNum: 'ZJ1',
  assignId: 7,
  menuId: 'jd_dqs',
};

function effects() {
  const alerts: string[] = [];
  let resyncs = 0;
  const fx: PushEffects = {
    addBadge: (m, d) => useBadgeStore.getState().addBadge(m, d),
    addNotice: (n) => useNoticesStore.getState().add(n),
    alert: (m) => alerts.push(m),
    resync: () => {
      resyncs += 1;
    },
  };
  return { fx, alerts, resyncs: () => resyncs };
}

const apply = (m: PushMessage, fx: PushEffects) => applyPushMessage(m, fx);

describe('applying push messages (spec section 4)', () => {
  beforeEach(() => {
    useBadgeStore.getState().reset();
    useNoticesStore.getState().clear();
  });

  it('add increments the badge, adds the notice (dot) and sounds the alert', () => {
    const { fx, alerts } = effects();
    useBadgeStore.getState().setBadge('jd_dqs', 4);
    apply({ type: 'count', menuId: 'jd_dqs', action: 'add', num: 1, notice }, fx);
    expect(useBadgeStore.getState().counts.jd_dqs).toBe(5);
    expect(useNoticesStore.getState().items).toEqual([notice]);
    expect(noticeDots(useNoticesStore.getState().items).has('jd_dqs')).toBe(true);
    expect(alerts).toEqual(['jd_dqs']);
  });

  it('a decrement lowers the badge, never below 0, silently', () => {
    const { fx, alerts } = effects();
    useBadgeStore.getState().setBadge('qu_dfp', 1);
    apply({ type: 'count', menuId: 'qu_dfp', action: 'sub', num: 1 }, fx);
    apply({ type: 'count', menuId: 'qu_dfp', action: 'sub', num: 1 }, fx);
    expect(useBadgeStore.getState().counts.qu_dfp).toBe(0);
    expect(alerts).toEqual([]);
    expect(useNoticesStore.getState().items).toEqual([]);
  });

  it('pings are ignored; resync re-reads', () => {
    const { fx, alerts, resyncs } = effects();
    apply({ type: 'ping', t: 1 }, fx);
    apply({ type: 'bound', rooms: 3 }, fx);
    expect(useBadgeStore.getState().counts).toEqual({});
    expect(alerts).toEqual([]);
    apply({ type: 'resync', reason: 'fan-out resumed' }, fx);
    expect(resyncs()).toBe(1);
  });
});
