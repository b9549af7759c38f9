import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrationKey } from '../../src/modules/intake/integration-keys';
import { post } from '../support/api';
import {
  createFileApp,
  file,
  snapshot,
  type FileApp,
  type FileData,
} from '../intake/intake-fixtures';
import { SAMPLES } from '../intake/intake-samples';

/**
 * fileAppendUploadCity: Lists/fileAppend for orders the city centre sent. Same body, reply,
 * access and row scope; an order of another source is refused and left as it was.
 */

const URL = '/api/addons/jsjb/fileAppendUploadCity';
const ALIAS = '/api/addons/jsjb/Lists/fileAppendUploadCity';
const WATCHED = ['order_attachments', 'order_events'];

let f: FileApp;
let apiKey: string;
const orders = { cityS01: 0, cityS02: 0, selfBuiltS01: 0 };

/** An order pushed by the city centre and handed to a street, as dispatch leaves it. */
async function cityOrder(unitCode: string, serial: number): Promise<number> {
  const reply = await post<{ order: { id: number; typeId: number } }>(
    f.t,
    '/api/open/city/orders',
    {
      cityOrderNum: `2026${String(80_000_000 + serial)}`,
      title: `${unitCode} 市级附件测试工单`,
      majorContent: '市民反映小区南门路灯连续三天不亮，夜间出行不便。',
      callTime: '2026-03-02T08:15:00+08:00',
    },
    { headers: { 'x-api-key': apiKey } },
  );
  if (reply.status !== 201 || reply.data.order.typeId !== 1) {
    throw new Error(`city push failed: ${reply.status} ${reply.msg}`);
  }
  const unit = await f.t.ctx.db
    .selectFrom('units')
    .select('id')
    .where('code', '=', unitCode)
    .executeTakeFirstOrThrow();
  await f.t.ctx.db
    .updateTable('work_orders')
    .set({ host_unit_id: unit.id, status: 1, main_org_status: 1, dispatch_time: f.t.ctx.now() })
    .where('id', '=', reply.data.order.id)
    .execute();
  return reply.data.order.id;
}

beforeAll(async () => {
  f = await createFileApp(['dispatcher', 'leader', 'street1', 'street2']);
  apiKey = (await createIntegrationKey(f.t.ctx.db, 'city-centre')).key;
  orders.cityS01 = await cityOrder('S01', 1);
  orders.cityS02 = await cityOrder('S02', 2);
  orders.selfBuiltS01 = await f.hostedOrder('S01');
});
afterAll(async () => {
  await f?.close();
});

const append = (who: string, id: unknown, fileIds: unknown, url = URL) =>
  post<{ orderId: number; files: FileData[] }>(f.t, url, { id, fileIds }, { token: f.tokens[who] });

const attachEvents = (orderId: number) =>
  f.t.ctx.db
    .selectFrom('order_events')
    .select(['id', 'comment', 'actor_id'])
    .where('order_id', '=', orderId)
    .where('action', '=', 'attach')
    .execute();

describe('fileAppendUploadCity', () => {
  it('attaches the uploader’s files to a city order, with one attach event', async () => {
    const up = await f.upload('street1', [file('现场照片.jpg', SAMPLES.jpg!)]);
    const done = await append('street1', orders.cityS01, [up.data.id]);
    expect([done.status, done.code, done.msg]).toEqual([200, 200, 'files attached']);
    expect(done.data.orderId).toBe(orders.cityS01);
    expect(done.data.files.map((x) => [x.id, x.orderId, x.fileName])).toEqual([
      [up.data.id, orders.cityS01, '现场照片.jpg'],
    ]);
    expect((await attachEvents(orders.cityS01)).map((e) => e.comment)).toEqual(['现场照片.jpg']);
    // A retry (here through the alias) changes nothing and writes no second event.
    const again = await append('street1', orders.cityS01, String(up.data.id), ALIAS);
    expect([again.status, again.data.files.map((x) => x.id)]).toEqual([200, [up.data.id]]);
    expect(await attachEvents(orders.cityS01)).toHaveLength(1);
    // District staff attach too; the host street may then download the district's file.
    const mine = await f.upload('dispatcher', [file('复核意见.pdf', SAMPLES.pdf!)]);
    const byDistrict = await append('dispatcher', orders.cityS01, [mine.data.id]);
    expect(byDistrict.status).toBe(200);
    expect((await f.download('street1', mine.data.id)).statusCode).toBe(200);
  });

  it('refuses a self-built order, in both languages, and writes nothing', async () => {
    const up = await f.upload('street1', [file('a.pdf', SAMPLES.pdf!)]);
    const before = await snapshot(f.t, WATCHED);
    const refused = await append('street1', orders.selfBuiltS01, [up.data.id]);
    expect([refused.status, refused.code, refused.msg]).toEqual([
      400,
      400,
      'this order did not come from the city centre: attach its files with Lists/fileAppend',
    ]);
    const zh = await post(
      f.t,
      URL,
      { id: orders.selfBuiltS01, fileIds: [up.data.id] },
      { token: f.tokens.street1, lang: 'zh' },
    );
    expect([zh.status, zh.msg]).toEqual([
      400,
      '该工单不是市级派发的工单，请通过 Lists/fileAppend 添加附件',
    ]);
    expect(await snapshot(f.t, WATCHED)).toEqual(before);
    // The same file goes onto the self-built order through Lists/fileAppend.
    const plain = await post(
      f.t,
      '/api/addons/jsjb/Lists/fileAppend',
      { id: orders.selfBuiltS01, fileIds: [up.data.id] },
      { token: f.tokens.street1 },
    );
    expect(plain.status).toBe(200);
  });

  it("another unit's order answers like a missing one; leaders read but do not attach", async () => {
    const up = await f.upload('street1', [file('b.pdf', SAMPLES.pdf!)]);
    const before = await snapshot(f.t, WATCHED);
    for (const id of [orders.cityS02, 987_654_321]) {
      const reply = await append('street1', id, [up.data.id]);
      expect([id, reply.status, reply.msg]).toEqual([id, 404, 'no such work order']);
    }
    // street2 may act on its own order, but the file is not street2's to attach.
    const notMine = await append('street2', orders.cityS02, [up.data.id]);
    expect([notMine.status, notMine.msg]).toEqual([404, 'no such file']);
    const leader = await append('leader', orders.cityS01, [up.data.id]);
    expect([leader.status, leader.msg]).toEqual([
      403,
      'only the host units and district-centre staff may attach files to this order',
    ]);
    expect(await snapshot(f.t, WATCHED)).toEqual(before);
  });

  it('bad input names the field; no session → 401', async () => {
    for (const [id, fileIds, field] of [
      [orders.cityS01, 'x,y', 'fileIds.0'],
      [orders.cityS01, [], 'fileIds'],
      [0, [1], 'id'],
      ['abc', [1], 'id'],
    ] as const) {
      const reply = await append('street1', id, fileIds);
      expect([reply.status, reply.msg]).toMatchObject([
        400,
        expect.stringMatching(new RegExp(`^${field.replace('.', '\\.')}: `)),
      ]);
    }
    const anonymous = await post(f.t, URL, { id: orders.cityS01, fileIds: [1] });
    expect(anonymous.status).toBe(401);
  });
});
