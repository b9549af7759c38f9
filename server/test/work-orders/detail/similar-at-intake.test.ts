import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoUsername } from '../../../src/seed/demo-org';
import { JSJB, allOrders, callers, unitIdOf, type Caller, type LoadedRow } from '../reads-fixtures';
import { post } from '../../support/api';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * similarOrder by a typed title is what intake looks through (docs/decisions/0018): for an
 * agent the district's orders, each marked whether it may open them; by an order's id the row
 * scope holds.
 */

type Similar = { list: { id: number; readable: boolean }[] };

let t: TestApp;
let who: Record<DemoUsername, Caller>;
let target: LoadedRow;

beforeAll(async () => {
  t = await createTestApp({ orders: 120 });
  who = await callers(t);
  const s01 = await unitIdOf(t.ctx.db, 'S01');
  const found = (await allOrders(t.ctx.db)).find(
    (o) =>
      o.state.hostUnitId === s01 &&
      o.state.status === 1 &&
      o.row.created_by !== who.agent.auth.userId,
  );
  if (!found) throw new Error('the demo has no open order of S01 the agent did not type in');
  target = found;
});
afterAll(async () => {
  await t?.close();
});

const similar = (token: string, body: object) =>
  post<Similar>(t, `${JSJB}/similarOrder`, body, { token });

describe('similar orders at intake', () => {
  it("an agent is shown the district's order like its title, not to open; by id it is 404", async () => {
    const agent = await similar(who.agent.token, { title: target.row.title });
    expect(agent.code).toBe(200);
    expect(agent.data.list.find((s) => s.id === target.row.id)?.readable).toBe(false);
    const byId = await similar(who.agent.token, { id: target.row.id });
    expect(byId.status).toBe(404);
  });

  it('a street handler, who takes no calls: only its unit’s orders, every one its to open', async () => {
    const street = await similar(who.street1.token, { title: target.row.title });
    expect(street.data.list.map((s) => s.id)).toContain(target.row.id);
    expect(street.data.list.every((s) => s.readable)).toBe(true);
  });
});
