import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, maskPhone } from '@hotline/domain';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { download, EXPORT, fromXlsxDate, readXlsx } from './exports-fixtures';
import { listAll } from '../work-orders/reads-fixtures';

/** exportExcel: filter and scope of lists/search, typed cells, masking, audit history. */

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp({ orders: 400 });
  for (const u of ['admin', 'dispatcher', 'street1', 'leader', 'agent'])
    tokens[u] = await t.login(u);
});
afterAll(async () => {
  await t?.close();
});

const ALL = EXPORT_COLUMNS.map((c) => c.key);
const col = (key: string) => ALL.indexOf(key);

describe('exportExcel', () => {
  it('exports every column of a filtered queue: headers, the list rows in list order, typed cells', async () => {
    const filter = { status: [91, 92] };
    const expected = await listAll(t, tokens.admin!, filter);
    expect(expected.length).toBeGreaterThan(20);
    const res = await download(t, 'POST', `${EXPORT}/exportExcel`, tokens.admin!, {
      columns: ALL,
      filter,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['x-export-rows']).toBe(String(expected.length));
    const rows = await readXlsx(res.body);
    expect(rows[0]).toEqual(EXPORT_COLUMNS.map((c) => c.zh));
    expect(rows.length - 1).toBe(expected.length);
    // Same order as the list (call time, then id, newest first).
    const exportedIds = rows.slice(1).map((r) => r[col('id')]);
    expect(exportedIds).toEqual(expected.map((o) => o.id));
    const first = expected[0]!;
    const row = rows[1]!;
    expect(row[col('seq')]).toBe(1);
    expect(row[col('orderNum')]).toBe(first.orderNum);
    expect(row[col('title')]).toBe(first.title);
    expect(row[col('callerPhone')]).toBe(first.callerPhone); // admin: in full
    expect(row[col('status')]).toBe(first.status);
    expect(row[col('statusName')]).toBe(first.status === 92 ? '已办结' : '已答复');
    const callTime = row[col('callTime')];
    expect(callTime).toBeInstanceOf(Date);
    expect(fromXlsxDate(callTime as Date).toISOString()).toBe(first.callTime);
    expect(typeof row[col('visitCount')]).toBe('number');
    expect(row[col('organizerName')]).toBe(first.organizerName || undefined);
  });

  it('answers in English with English headers and names', async () => {
    const res = await download(
      t,
      'POST',
      `${EXPORT}/exportExcel`,
      tokens.admin!,
      { columns: ['orderNum', 'statusName', 'isKeyAppeal'], filter: { status: [92] } },
      'en',
    );
    const rows = await readXlsx(res.body);
    expect(rows[0]).toEqual(['order number', 'status', 'key appeal']);
    expect(rows[1]![1]).toBe('closed');
    expect(['yes', 'no']).toContain(rows[1]![2]);
  });

  it('names the seven-haves/five-natures category in the export language; an unlisted one as stored', async () => {
    await t.ctx.db
      .updateTable('work_orders')
      .set({ seven_five_category: '宜居性' })
      .where('id', '=', 1)
      .execute();
    await t.ctx.db
      .updateTable('work_orders')
      .set({ seven_five_category: '自定义分类' })
      .where('id', '=', 2)
      .execute();
    const body = { columns: ['id', 'sevenFiveCategory'], ids: [1, 2] };
    const rowsIn = async (lang: 'zh' | 'en') =>
      (
        await readXlsx(
          (await download(t, 'POST', `${EXPORT}/exportExcel`, tokens.admin!, body, lang)).body,
        )
      )
        .slice(1)
        .sort((a, b) => (a[0] as number) - (b[0] as number));
    expect(await rowsIn('en')).toEqual([
      [1, 'Livability'],
      [2, '自定义分类'],
    ]);
    expect(await rowsIn('zh')).toEqual([
      [1, '宜居性'],
      [2, '自定义分类'],
    ]);
  });

  it("masks callers' phones for users without the right and keeps to their row scope", async () => {
    const expected = await listAll(t, tokens.street1!, {});
    expect(expected.length).toBeGreaterThan(0);
    const res = await download(t, 'POST', `${EXPORT}/exportExcel`, tokens.street1!, {
      columns: ['id', 'callerPhone', 'lockUserName', 'myHandleType'],
    });
    expect(res.headers['x-export-masked']).toBe('1');
    const rows = (await readXlsx(res.body)).slice(1);
    expect(rows.map((r) => r[0])).toEqual(expected.map((o) => o.id));
    const byId = new Map(expected.map((o) => [o.id, o]));
    for (const r of rows) {
      const phone = byId.get(r[0] as number)!.callerPhone;
      expect(r[1]).toBe(maskPhone(phone));
      if (/^1\d{10}$/.test(phone)) expect(r[1]).toMatch(/^1\d{2}\*{4}\d{4}$/);
      expect(r[2]).toBeUndefined(); // street users get no locking person
      expect(['主办', '协办']).toContain(r[3]);
    }
    // The leader reads everything but sees masked phones; the dispatcher sees them in full.
    const leader = await readXlsx(
      (
        await download(t, 'POST', `${EXPORT}/exportExcel`, tokens.leader!, {
          columns: ['callerPhone'],
          ids: [1, 2],
        })
      ).body,
    );
    const dispatcher = await readXlsx(
      (
        await download(t, 'POST', `${EXPORT}/exportExcel`, tokens.dispatcher!, {
          columns: ['callerPhone'],
          ids: [1, 2],
        })
      ).body,
    );
    expect(leader.slice(1).map((r) => r[0])).toEqual(
      dispatcher.slice(1).map((r) => maskPhone(r[0] as string)),
    );
    expect(dispatcher.slice(1).some((r) => !String(r[0]).includes('*'))).toBe(true);
  });

  it('narrows to a selection inside the filter, never beyond the scope', async () => {
    const other = await listAll(t, tokens.admin!, {});
    const mine = new Set((await listAll(t, tokens.street1!, {})).map((o) => o.id));
    const outside = other.find((o) => !mine.has(o.id))!;
    const inside = [...mine][0]!;
    const res = await download(t, 'POST', `${EXPORT}/exportExcel`, tokens.street1!, {
      columns: ['id'],
      ids: [inside, outside.id],
    });
    const rows = (await readXlsx(res.body)).slice(1);
    expect(rows.map((r) => r[0])).toEqual([inside]);
  });

  it('refuses bad bodies with 400 naming the field, and queues outside the menu with 403', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ columns: ['orderNum', 'nope'] }, 400, /columns.*unknown export column nope/],
      [{ columns: [] }, 400, /columns/],
      [{}, 400, /columns/],
      [{ columns: ['orderNum'], filter: { status: [5] } }, 400, /status/],
      [{ columns: ['orderNum'], filter: { menuId: 'qu_dqs' } }, 403, /qu_dqs/],
      [{ columns: ['orderNum'], ids: 'x' }, 400, /ids/],
    ];
    for (const [body, status, msg] of cases) {
      const res = await post(t, `${EXPORT}/exportExcel`, body, { token: tokens.street1! });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.msg, JSON.stringify(body)).toMatch(msg);
    }
    const anon = await post(t, `${EXPORT}/exportExcel`, { columns: ['orderNum'] });
    expect(anon.status).toBe(401);
  });

  it('writes every export to the history: who, format, rows, masking; admins may read all', async () => {
    const res = await download(t, 'POST', `${EXPORT}/exportExcel`, tokens.agent!, {
      columns: ['orderNum'],
    });
    const id = Number(res.headers['x-export-id']);
    const mine = await post<{
      list: {
        id: number;
        format: string;
        rows: number;
        status: string;
        masked: boolean;
        userName: string;
      }[];
    }>(t, '/api/addons/jsjb/queryExportInfo', {}, { token: tokens.agent! });
    expect(mine.code).toBe(200);
    const record = mine.data.list.find((r) => r.id === id)!;
    expect(record).toMatchObject({ format: 'xlsx', status: 'done', masked: true });
    expect(record.rows).toBe(Number(res.headers['x-export-rows']));
    const others = await post<{ list: { userId: number }[] }>(
      t,
      `${EXPORT}/queryExportInfo`,
      { all: 1 },
      { token: tokens.street1! },
    );
    expect(others.data.list.every((r) => r.userId === others.data.list[0]?.userId)).toBe(true);
    const all = await post<{ list: { id: number }[] }>(
      t,
      `${EXPORT}/queryExportInfo`,
      { all: 1, pageSize: 100 },
      { token: tokens.admin! },
    );
    expect(all.data.list.map((r) => r.id)).toContain(id);
    const foreign = await post(
      t,
      `${EXPORT}/queryExportInfo`,
      { jobId: id },
      { token: tokens.street1! },
    );
    expect(foreign.status).toBe(404);
  });
});
