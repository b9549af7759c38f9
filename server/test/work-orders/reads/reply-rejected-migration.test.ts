import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, must, toHostHandling, world, type World } from '../../support/lifecycle';
import { createTestApp } from '../../support/test-app';
import { recounted, tallied } from './counts-recount';

/**
 * Migration 022's data step (issue 20, defect 1): orders written before reply_rejected existed
 * get it from their events — the latest of reply / reject_reply / dispatch / re-handle being a
 * reply rejection — and the tally trigger moves the counts with them.
 */

let w: World;
beforeAll(async () => {
  w = await world(await createTestApp());
});
afterAll(async () => {
  await w?.t.close();
});

const REPLY = { content: '已处理', contacted: 0, resolved: 0 };

async function dataStep(): Promise<string> {
  const text = await readFile(
    new URL('../../../migrations/022_reply_rejected.sql', import.meta.url),
    'utf8',
  );
  const at = text.lastIndexOf('UPDATE work_orders o');
  expect(at).toBeGreaterThan(0);
  return text.slice(at);
}

describe('migration 022: reply_rejected of existing orders', () => {
  it('is set from the events, and the tallies follow', async () => {
    const rejected = await toHostHandling(w);
    await must(act(w, 'street1', 'lists/submitHandleResult', { id: rejected, ...REPLY }));
    await must(act(w, 'reviewer', 'replyCheck', { id: rejected, pass: 0, comment: '请补充' }));
    // a request decided after the rejected reply does not undo it
    await must(
      act(w, 'street1', 'Approve/applyExtension', { id: rejected, hours: 24, reason: '协调' }),
    );
    await must(
      act(w, 'reviewer', 'Approve/approvalExtraCheck', {
        id: rejected,
        pass: 0,
        comment: '不同意',
      }),
    );

    const requestOnly = await toHostHandling(w);
    await must(
      act(w, 'street1', 'Approve/applyExtension', { id: requestOnly, hours: 24, reason: '协调' }),
    );
    await must(
      act(w, 'reviewer', 'Approve/approvalExtraCheck', {
        id: requestOnly,
        pass: 0,
        comment: '不同意',
      }),
    );

    const repliedAgain = await toHostHandling(w);
    await must(act(w, 'street1', 'lists/submitHandleResult', { id: repliedAgain, ...REPLY }));
    await must(act(w, 'reviewer', 'replyCheck', { id: repliedAgain, pass: 0, comment: '请补充' }));
    await must(act(w, 'street1', 'lists/submitHandleResult', { id: repliedAgain, ...REPLY }));

    const ids = [rejected, requestOnly, repliedAgain];
    const flags = async () =>
      Object.fromEntries(
        (
          await w.t.ctx.db
            .selectFrom('work_orders')
            .select(['id', 'reply_rejected', 'need_review_status'])
            .where('id', 'in', ids)
            .execute()
        ).map((r) => [r.id, [r.reply_rejected, r.need_review_status]]),
      );
    const written = await flags();
    expect(written).toEqual({
      [rejected]: [true, 3],
      [requestOnly]: [false, 3],
      [repliedAgain]: [false, null],
    });

    // as before migration 022: no order carries the fact
    await w.t.ctx.db.updateTable('work_orders').set({ reply_rejected: false }).execute();
    await sql.raw(await dataStep()).execute(w.t.ctx.db);
    expect(await flags()).toEqual(written);
    expect(await tallied(w.t.ctx.db)).toEqual(await recounted(w.t.ctx.db));
  });
});
