import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncDeadlineJobs } from '../../src/modules/deadlines/deadline-sync';
import { sweepDeadlines } from '../../src/modules/deadlines/deadline-sweep';
import { advance, HOUR, newOrder, step, world, type World } from '../support/lifecycle';
import { createTestApp } from '../support/test-app';

/**
 * The sign limit is set anew for each holder: the district's (a city order to sign), then the
 * host unit's after dispatch. A reminder or escalation sent for the district's limit must not
 * keep the host from hearing of its own (both share the job keys `sign:-2h`, `sign:L1`).
 */

let w: World;
beforeAll(async () => {
  w = await world(await createTestApp());
});
afterAll(async () => {
  await w?.t.close();
});

const db = () => w.t.ctx.db;

describe('a new sign limit re-arms the sign jobs', () => {
  it('the host hears of its own sign limit after the district heard of the district one', async () => {
    const id = await newOrder(w.t, { urgency: 'general' }); // district sign limit in 24 h
    await syncDeadlineJobs(db(), id);
    await advance(w, 25 * HOUR); // the district's reminder and escalation fire
    const first = await sweepDeadlines(w.t.ctx, { batch: 100, maxBatches: 5 });
    const district = first.notices.filter((n) => n.notice.orderId === id);
    expect(new Set(district.map((n) => n.notice.kind))).toEqual(
      new Set(['reminder', 'escalation']),
    );

    await step(w, id, {
      who: 'dispatcher',
      path: 'cy/a5HandleOrderSignInCy',
      body: { signType: 1 },
      action: 'sign',
      to: { status: 1, mainOrgStatus: -1 },
    });
    await step(w, id, {
      who: 'dispatcher',
      path: 'org/submitHandleOrgInfo',
      body: { hostUnitId: w.units.S01 },
      action: 'dispatch',
      to: { mainOrgStatus: 0 },
    });
    const { refuse_deadline: limit } = await db()
      .selectFrom('work_orders')
      .select('refuse_deadline')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const pending = await db()
      .selectFrom('deadline_jobs')
      .select(['offset_key', 'due_at'])
      .where('order_id', '=', id)
      .where('done_at', 'is', null)
      .where('offset_key', 'like', 'sign:%')
      .orderBy('due_at')
      .execute();
    expect(pending.map((j) => j.offset_key)).toEqual(['sign:-2h', 'sign:L1']);
    expect(pending[1]!.due_at).toEqual(limit);

    // Past the host's sign limit: street1 got the reminder; the escalation went out again.
    await advance(w, limit!.getTime() - w.t.ctx.now().getTime() + HOUR);
    const second = await sweepDeadlines(w.t.ctx, { batch: 100, maxBatches: 5 });
    const host = second.notices.filter((n) => n.notice.orderId === id);
    expect(host.some((n) => n.userId === w.users.street1 && n.notice.kind === 'reminder')).toBe(
      true,
    );
    expect(host.some((n) => n.notice.kind === 'escalation' && n.notice.limit === 'sign')).toBe(
      true,
    );
  });
});
