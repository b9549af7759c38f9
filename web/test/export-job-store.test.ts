import { beforeEach, describe, expect, it } from 'vitest';
import { parsePushMessage } from '@hotline/contract';
import { applyPushMessage } from '../src/features/push/apply-message';
import { useExportJobsStore } from '../src/features/export/job-store';

/** Pushed export progress reaches the export dialog's store; ends are never undone. */

const fx = {
  addBadge: () => undefined,
  addNotice: () => undefined,
  alert: () => undefined,
  resync: () => undefined,
  exportJob: (job: Parameters<ReturnType<typeof useExportJobsStore.getState>['apply']>[0]) =>
    useExportJobsStore.getState().apply(job),
};

const frame = (body: object) => {
  const m = parsePushMessage(JSON.stringify({ type: 'exportJob', ...body }));
  if (!m) throw new Error('not a push message');
  return m;
};

describe('export job progress by push', () => {
  beforeEach(() => useExportJobsStore.setState({ jobs: {}, live: false }));

  it('a frame from the server lands in the store by job id', () => {
    applyPushMessage(frame({ id: 7, status: 'running', rows: 4000, total: 10000 }), fx);
    expect(useExportJobsStore.getState().jobs[7]).toEqual({
      id: 7,
      status: 'running',
      rows: 4000,
      total: 10000,
    });
    applyPushMessage(frame({ id: 7, status: 'done', rows: 10000, total: 10000 }), fx);
    expect(useExportJobsStore.getState().jobs[7]?.status).toBe('done');
  });

  it('rejects malformed frames; an end is not replaced by a late running state', () => {
    expect(parsePushMessage(JSON.stringify({ type: 'exportJob', id: 'x', status: 'done' }))).toBe(
      null,
    );
    applyPushMessage(frame({ id: 8, status: 'failed', rows: 3, total: 9, error: 'disk' }), fx);
    applyPushMessage(frame({ id: 8, status: 'running', rows: 5, total: 9 }), fx);
    expect(useExportJobsStore.getState().jobs[8]).toMatchObject({ status: 'failed', rows: 3 });
    applyPushMessage(frame({ id: 9, status: 'running', rows: 8000, total: 9000 }), fx);
    applyPushMessage(frame({ id: 9, status: 'running', rows: 4000, total: 9000 }), fx);
    expect(useExportJobsStore.getState().jobs[9]?.rows).toBe(8000);
  });
});
