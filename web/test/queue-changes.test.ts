import { beforeEach, describe, expect, it } from 'vitest';
import { applyPushMessage, type PushEffects } from '../src/features/push/apply-message';
import { useQueueChanges } from '../src/lib/queue-changes';

const fx: PushEffects = {
  addBadge: () => undefined,
  addNotice: () => undefined,
  alert: () => undefined,
  resync: () => undefined,
  queueChanged: (menuId, num) => useQueueChanges.getState().note(menuId, num),
};

describe('pushed changes mark an open list stale (issue 20, fresh lists)', () => {
  beforeEach(() => useQueueChanges.setState({ changes: {} }));

  it('counts orders entering and leaving a queue until the list is read again', () => {
    applyPushMessage({ type: 'count', menuId: 'qu_dqs', action: 'add', num: 1 }, fx);
    applyPushMessage({ type: 'count', menuId: 'qu_dqs', action: 'sub', num: 1 }, fx);
    applyPushMessage({ type: 'count', menuId: 'qu_blz', action: 'add', num: 2 }, fx);
    expect(useQueueChanges.getState().changes).toEqual({ qu_dqs: 2, qu_blz: 2 });
    useQueueChanges.getState().clear('qu_dqs');
    expect(useQueueChanges.getState().changes).toEqual({ qu_blz: 2 });
  });

  it('a heartbeat changes nothing', () => {
    applyPushMessage({ type: 'ping' } as Parameters<typeof applyPushMessage>[0], fx);
    expect(useQueueChanges.getState().changes).toEqual({});
  });
});
