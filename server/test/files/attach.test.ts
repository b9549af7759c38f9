import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/api';
import {
  createFileApp,
  file,
  snapshot,
  type FileApp,
  type FileData,
} from '../intake/intake-fixtures';
import { SAMPLES } from '../intake/intake-samples';

/** Lists/fileAppend and file/download: who may attach, who may read, and the audit trail. */

let f: FileApp;
const orders = { s01: 0, s02: 0, s01Other: 0 };
const WATCHED = ['order_attachments', 'order_events'];

beforeAll(async () => {
  f = await createFileApp(['dispatcher', 'reviewer', 'agent', 'leader', 'street1', 'street2']);
  orders.s01 = await f.hostedOrder('S01');
  orders.s01Other = await f.hostedOrder('S01');
  orders.s02 = await f.hostedOrder('S02');
});
afterAll(async () => {
  await f?.close();
});

describe('attaching and downloading', () => {
  async function attachEvents(orderId: number) {
    return f.t.ctx.db
      .selectFrom('order_events')
      .select(['id', 'action', 'comment', 'actor_id'])
      .where('order_id', '=', orderId)
      .where('action', '=', 'attach')
      .execute();
  }
  const append = (who: string, id: number, fileIds: number[] | string) =>
    post<{ orderId: number; files: FileData[] }>(
      f.t,
      '/api/addons/jsjb/Lists/fileAppend',
      { id, fileIds },
      { token: f.tokens[who] },
    );

  it('an upload with orderId is attached at once, with an attach event', async () => {
    const reply = await f.upload('dispatcher', [
      { name: 'orderId', value: String(orders.s01) },
      file('回复函.docx', SAMPLES.docx!),
    ]);
    expect([reply.code, reply.data.orderId]).toEqual([200, orders.s01]);
    const events = await attachEvents(orders.s01);
    expect(events.map((e) => e.comment)).toContain('回复函.docx');
    const row = await f.t.ctx.db
      .selectFrom('order_attachments')
      .select('event_id')
      .where('id', '=', reply.data.id)
      .executeTakeFirstOrThrow();
    expect(events.map((e) => e.id)).toContain(row.event_id);

    // The host street reads the order, so it may download; another street may not.
    const res = await f.download('street1', reply.data.id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(SAMPLES.docx);
    expect(res.headers['content-type']).toBe(reply.data.mimeType);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="___.docx"; filename*=UTF-8''${encodeURIComponent('回复函.docx')}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    for (const who of ['street2', 'agent']) {
      const refused = await f.download(who, reply.data.id);
      expect([who, refused.statusCode, refused.json<{ msg: string }>().msg]).toEqual([
        who,
        404,
        'no such file',
      ]);
    }
  });

  it('an upload with an order out of scope → 404 and nothing kept', async () => {
    const disk = await f.filesOnDisk();
    const before = await snapshot(f.t, WATCHED);
    const reply = await f.upload('street1', [
      { name: 'orderId', value: String(orders.s02) },
      file('a.pdf', SAMPLES.pdf!),
    ]);
    expect([reply.status, reply.msg]).toEqual([404, 'no such work order']);
    expect(await f.filesOnDisk()).toEqual(disk);
    expect(await snapshot(f.t, WATCHED)).toEqual(before);
  });

  it('an unattached file is the uploader’s alone; fileAppend makes it the order’s', async () => {
    const up = await f.upload('street1', [file('整改照片.jpg', SAMPLES.jpg!)]);
    const id = up.data.id;
    expect((await f.download('street1', id)).statusCode).toBe(200);
    expect((await f.download('dispatcher', id)).statusCode).toBe(404);

    const out = await append('street1', orders.s02, [id]);
    expect([out.status, out.msg]).toEqual([404, 'no such work order']);
    // street2 may act on its own order, but the file is not street2's to attach.
    const notMine = await append('street2', orders.s02, [id]);
    expect([notMine.status, notMine.msg]).toEqual([404, 'no such file']);

    const before = (await attachEvents(orders.s01)).length;
    const done = await append('street1', orders.s01, String(id));
    expect([done.status, done.msg]).toEqual([200, 'files attached']);
    expect(done.data.files.map((f) => [f.id, f.orderId])).toEqual([[id, orders.s01]]);
    expect((await attachEvents(orders.s01)).length).toBe(before + 1);
    // A retry changes nothing and writes no second event.
    const again = await append('street1', orders.s01, [id]);
    expect(again.status).toBe(200);
    expect((await attachEvents(orders.s01)).length).toBe(before + 1);

    const res = await f.download('dispatcher', id);
    expect([res.statusCode, res.rawPayload.equals(SAMPLES.jpg!)]).toEqual([200, true]);
    expect((await f.download('street2', id)).statusCode).toBe(404);
  });

  it('a file on one order cannot be moved to another; a stranger’s file is not found', async () => {
    const up = await f.upload('dispatcher', [
      { name: 'orderId', value: String(orders.s01) },
      file('a.pdf', SAMPLES.pdf!),
    ]);
    const moved = await append('dispatcher', orders.s01Other, [up.data.id]);
    expect([moved.status, moved.msg]).toEqual([
      409,
      `file ${up.data.id} is already attached to another order`,
    ]);
    const mine = await f.upload('street1', [file('b.pdf', SAMPLES.pdf!)]);
    const stolen = await append('dispatcher', orders.s01, [mine.data.id]);
    expect([stolen.status, stolen.msg]).toEqual([404, 'no such file']);
    const unknown = await append('dispatcher', orders.s01, [987_654_321]);
    expect([unknown.status, unknown.msg]).toEqual([404, 'no such file']);
  });

  it('leaders read but do not attach → 403', async () => {
    const up = await f.upload('dispatcher', [file('c.pdf', SAMPLES.pdf!)]);
    const reply = await append('leader', orders.s01, [up.data.id]);
    expect([reply.status, reply.msg]).toEqual([
      403,
      'only the host units and district-centre staff may attach files to this order',
    ]);
  });

  it('an order locked by someone else refuses attaching, naming the holder', async () => {
    const dispatcher = await f.t.ctx.db
      .selectFrom('users')
      .select(['id', 'realname'])
      .where('username', '=', 'dispatcher')
      .executeTakeFirstOrThrow();
    const now = f.t.ctx.now();
    await f.t.ctx.db
      .insertInto('order_locks')
      .values({
        order_id: orders.s01Other,
        user_id: dispatcher.id,
        locked_at: now,
        expires_at: new Date(now.getTime() + 30 * 60_000),
      })
      .execute();
    try {
      const up = await f.upload('street1', [file('d.pdf', SAMPLES.pdf!)]);
      const reply = await append('street1', orders.s01Other, [up.data.id]);
      expect([reply.status, reply.msg]).toEqual([
        409,
        `the order is locked by ${dispatcher.realname}; try again later`,
      ]);
    } finally {
      await f.t.ctx.db.deleteFrom('order_locks').where('order_id', '=', orders.s01Other).execute();
    }
  });

  it('a district-only file is hidden from the host street', async () => {
    const up = await f.upload('dispatcher', [
      { name: 'orderId', value: String(orders.s01) },
      { name: 'fileAuthType', value: '2' },
      file('内部意见.txt', SAMPLES.txt!),
    ]);
    expect(up.data.fileAuthType).toBe(2);
    expect((await f.download('street1', up.data.id)).statusCode).toBe(404);
    for (const who of ['dispatcher', 'reviewer', 'leader']) {
      expect([who, (await f.download(who, up.data.id)).statusCode]).toEqual([who, 200]);
    }
  });

  it('bad ids: fileAppend and download name the field', async () => {
    const bad = await append('dispatcher', orders.s01, 'x,y');
    expect([bad.status, bad.msg]).toMatchObject([400, expect.stringMatching(/^fileIds\.0: /)]);
    const res = await f.download('dispatcher', 0);
    expect(res.statusCode).toBe(400);
    expect((await f.download('dispatcher', 99_999_999)).statusCode).toBe(404);
  });
});
