import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '@hotline/contract';
import { post } from '../../support/api';
import {
  JSJB,
  act,
  must,
  newOrder,
  toHostHandling,
  world,
  type World,
} from '../../support/lifecycle';
import { createTestApp } from '../../support/test-app';

/**
 * An action's reply carries the order's detail as a `lists/detail` read right after the commit
 * would answer it (the console shows it without a second request); lock and unlock do not.
 */

let w: World;

beforeAll(async () => {
  w = await world(await createTestApp());
});
afterAll(async () => {
  await w?.t.close();
});

const detailOf = async (who: 'dispatcher' | 'street1', id: number) =>
  (await post<OrderDetail>(w.t, `${JSJB}/lists/detail`, { id }, { token: w.tokens[who] })).data;

describe('the action reply', () => {
  it("carries the caller's fresh detail: state, trail and abilities after the commit", async () => {
    const id = await newOrder(w.t);
    const signed = await must(
      act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1, withDetail: 1 }),
    );
    const detail = (signed as { detail?: OrderDetail }).detail;
    expect(detail).toEqual(await detailOf('dispatcher', id));
    expect(detail?.order.status).toBe(1);
    expect(detail?.timeline.at(-1)?.action).toBe('sign');
    expect(detail?.abilities).toEqual(signed.abilities);
  });

  it('of a street reply shows the reply to the street user as its own detail read does', async () => {
    const id = await toHostHandling(w);
    const replied = await must(
      act(w, 'street1', 'town/updateProResult', {
        id,
        content: '已修复路灯',
        contacted: 1,
        resolved: 1,
        withDetail: true,
      }),
    );
    const detail = (replied as { detail?: OrderDetail }).detail;
    expect(detail).toEqual(await detailOf('street1', id));
    expect(detail?.timeline.at(-1)?.action).toBe('reply');
    expect(detail).not.toHaveProperty('lock');
  });

  it('carries no detail unless asked (other systems posting actions skip the read)', async () => {
    const id = await newOrder(w.t);
    const signed = await must(
      act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }),
    );
    expect(signed).not.toHaveProperty('detail');
    expect(signed.order.status).toBe(1);
  });

  it('of lock and unlock carries no detail, even when asked', async () => {
    const id = await newOrder(w.t);
    const locked = await must(act(w, 'dispatcher', 'lock/assignLock', { id, withDetail: 1 }));
    const unlocked = await must(act(w, 'dispatcher', 'lock/assignUnlock', { id, withDetail: 1 }));
    expect(locked).not.toHaveProperty('detail');
    expect(unlocked).not.toHaveProperty('detail');
  });
});
