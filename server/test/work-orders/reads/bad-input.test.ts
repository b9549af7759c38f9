import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSJB } from '../reads-fixtures';
import { post } from '../../support/api';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Table-driven bad input for every read path: HTTP 400, code 400, a message naming the field,
 * and nothing written. `as` says who sends the body when the refusal depends on the caller.
 */

interface Bad {
  label: string;
  body: unknown;
  field: string;
  as?: 'dispatcher' | 'reviewer';
}
const b = (label: string, body: unknown, field: string, as?: Bad['as']): Bad => ({
  label,
  body,
  field,
  ...(as ? { as } : {}),
});
const long = (n: number) => '长'.repeat(n);

const notObjects: Bad[] = [
  b('null', null, 'body'),
  b('an array', [1], 'body'),
  b('a string', 'hello', 'body'),
  b('a number', 42, 'body'),
];

const listBad: Bad[] = [
  b('pageSize 7', { pageSize: 7 }, 'pageSize'),
  b('pageSize 1000 without isAmount', { pageSize: 1000 }, 'pageSize'),
  b('pageSize 1001', { pageSize: 1001, isAmount: 1 }, 'pageSize'),
  b('pageSize text', { pageSize: '10abc' }, 'pageSize'),
  b('pageSize a boolean', { pageSize: true }, 'pageSize'),
  b('pageNo 0', { pageNo: 0 }, 'pageNo'),
  b('pageNo an array', { pageNo: [2] }, 'pageNo'),
  b('pageNo past 10,000 rows', { pageNo: 1002, pageSize: 10 }, 'pageNo'),
  b('isAmount 2', { isAmount: 2 }, 'isAmount'),
  b('status with a word', { status: '1,abc' }, 'status'),
  b('status 5', { status: 5 }, 'status'),
  b('status [true]', { status: [true] }, 'status'),
  b('status an object', { status: { a: 1 } }, 'status'),
  b('mainOrgStatus 2', { mainOrgStatus: '2' }, 'mainOrgStatus'),
  b('huifangState 3', { huifangState: [3] }, 'huifangState'),
  b('needReviewStatus 4', { needReviewStatus: 4 }, 'needReviewStatus'),
  b('typeId 2 (no such source)', { typeId: '2' }, 'typeId'),
  // A district reader without /ddw_button_role (a street's own list shows every source).
  b('typeId 8 without /ddw_button_role', { typeId: '1,8' }, 'typeId', 'reviewer'),
  b('keyword of 1 character', { keyword: '小' }, 'keyword'),
  b('keyword of 1 character in blanks', { keyword: '  区 ' }, 'keyword'),
  b('keyword without two characters in a row', { keyword: 'a b c' }, 'keyword'),
  b('keyword of 101 characters', { keyword: long(101) }, 'keyword'),
  b('keyword an array', { keyword: ['小区'] }, 'keyword'),
  b('orderNum of 41 characters', { orderNum: 'x'.repeat(41) }, 'orderNum'),
  b('hostUnitId -1', { hostUnitId: -1 }, 'hostUnitId'),
  b('hostUnitId text', { hostUnitId: 'S01' }, 'hostUnitId'),
  b('categoryId 0', { categoryId: 0 }, 'categoryId'),
  b('urgency fast', { urgency: 'fast' }, 'urgency'),
  b('isKeyAppeal yes', { isKeyAppeal: 'yes' }, 'isKeyAppeal'),
  b('callTimeFrom 2025-02-30', { callTimeFrom: '2025-02-30' }, 'callTimeFrom'),
  b('callTimeTo yesterday', { callTimeTo: 'yesterday' }, 'callTimeTo'),
  b('dispatchTimeFrom month 13', { dispatchTimeFrom: '2025-13-01' }, 'dispatchTimeFrom'),
  b('dispatchTimeTo a number', { dispatchTimeTo: 20250101 }, 'dispatchTimeTo'),
  b('deadlineFrom hour 25', { deadlineFrom: '2025-01-01T25:00' }, 'deadlineFrom'),
  b('callTimeFrom offset +25:00', { callTimeFrom: '2026-12-01T00:00:00+25:00' }, 'callTimeFrom'),
  b('deadlineTo offset -08:60', { deadlineTo: '2026-12-01T00:00:00-08:60' }, 'deadlineTo'),
  b('deadlineTo with junk', { deadlineTo: '2025-01-01 08:00 tomorrow' }, 'deadlineTo'),
  b(
    'callTime range reversed',
    { callTimeFrom: '2025-03-02', callTimeTo: '2025-03-01' },
    'callTimeFrom',
  ),
  b('sort title', { sort: 'title' }, 'sort'),
  b('sortOrder up', { sortOrder: 'up' }, 'sortOrder'),
  b('menuId unknown', { menuId: 'qu_nope' }, 'menuId'),
  b('menuId of 33 characters', { menuId: 'q'.repeat(33) }, 'menuId'),
  ...notObjects,
];

const idBad: Bad[] = [
  b('id missing', {}, 'id'),
  b('id 0', { id: 0 }, 'id'),
  b('id text', { id: 'abc' }, 'id'),
  b('id 1.5', { id: 1.5 }, 'id'),
  b('id a boolean', { id: true }, 'id'),
  b('id an array', { id: [1] }, 'id'),
  ...notObjects,
];

const colsBad: Bad[] = [
  b('key missing', { cols: [] }, 'key'),
  b('key of 65 characters', { key: 'k'.repeat(65), cols: [] }, 'key'),
  b('key with a blank', { key: 'a b', cols: [] }, 'key'),
  b('cols missing', { key: 'a' }, 'cols'),
  b('cols not a list', { key: 'a', cols: 'orderNum' }, 'cols'),
  b(
    '201 columns',
    { key: 'a', cols: Array.from({ length: 201 }, (_, i) => ({ key: `c${i}`, visible: true })) },
    'cols',
  ),
  b('a column without key', { key: 'a', cols: [{ visible: true }] }, 'cols.0.key'),
  b(
    'a column key of 65',
    { key: 'a', cols: [{ key: 'c'.repeat(65), visible: true }] },
    'cols.0.key',
  ),
  b('width 10', { key: 'a', cols: [{ key: 'c', visible: true, width: 10 }] }, 'cols.0.width'),
  b('visible maybe', { key: 'a', cols: [{ key: 'c', visible: 'maybe' }] }, 'cols.0.visible'),
  ...notObjects,
];

const TABLE: { url: string; bad: Bad[] }[] = [
  ...['/lists/search', '/lists/searchEs', '/town/lists', '/town/listsEs'].map((url) => ({
    url,
    bad: listBad,
  })),
  ...['/Approve/assignList', '/District/overOrderListOther', '/Approve/approvalExtraQuery'].map(
    (url) => ({
      url,
      // The queue check (403 for a street user) comes before typeId on assignList; these are
      // lists of work, every source allowed (decision 0019).
      bad: listBad.filter((x) => x.field !== 'menuId' && !x.as),
    }),
  ),
  {
    url: '/District/getOrderListOther',
    bad: listBad.filter((x) => x.field !== 'menuId' && x.field !== 'typeId'),
  },
  {
    url: '/Approve/showList',
    bad: [...listBad.slice(0, 12), b('kind both', { kind: 'both' }, 'kind'), ...notObjects],
  },
  {
    url: '/lists/counts',
    bad: [b('typeId 2', { typeId: 2 }, 'typeId'), ...notObjects],
  },
  {
    url: '/notice/list',
    bad: [
      b('pageSize 0', { pageSize: 0 }, 'pageSize'),
      b('pageSize 101', { pageSize: 101 }, 'pageSize'),
      ...notObjects,
    ],
  },
  ...[
    '/lists/detail',
    '/detail',
    '/district/queryResultInfo',
    '/town/cityShen',
    '/sjs/querychild',
  ].map((url) => ({ url, bad: idBad })),
  {
    url: '/similarOrder',
    bad: [
      b('neither id nor title', {}, 'title'),
      b('content only', { content: '小区门口停车难' }, 'title'),
      b('title of 1 character', { title: '车' }, 'title'),
      b('title of 201 characters', { title: long(201) }, 'title'),
      b('content of 5001 characters', { title: '停车', content: long(5001) }, 'content'),
      b('id -1', { id: -1 }, 'id'),
      ...notObjects,
    ],
  },
  {
    url: '/org/treeWangGe',
    bad: [b('id 0', { id: 0 }, 'id'), b('id text', { id: 'S01' }, 'id'), ...notObjects],
  },
  { url: '/cols/setCols', bad: colsBad },
  {
    url: '/cols/getCols',
    bad: [
      b('key missing', {}, 'key'),
      b('key of 65', { key: 'k'.repeat(65) }, 'key'),
      ...notObjects,
    ],
  },
];

const WATCHED = [
  'work_orders',
  'order_events',
  'user_prefs',
  'order_locks',
  'order_requests',
] as const;

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ orders: 40 });
  tokens.dispatcher = await t.login('dispatcher');
  tokens.reviewer = await t.login('reviewer');
});
afterAll(async () => {
  await t?.close();
});

async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of WATCHED) {
    const { rows } = await sql<{ n: number; h: string | null }>`
      SELECT count(*)::int AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS h
        FROM ${sql.table(table)} AS x`.execute(t.ctx.db);
    out[table] = `${rows[0]?.n ?? '?'} rows, ${rows[0]?.h ?? '-'}`;
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(TABLE)('$url', ({ url, bad }) => {
  it.each(bad)('$label → 400 naming $field', async ({ body, field, as }) => {
    const before = await snapshot();
    const reply = await post(t, `${JSJB}${url}`, body, {
      token: tokens[as ?? 'dispatcher'],
      lang: 'en',
    });
    expect({ status: reply.status, code: reply.code }, reply.msg).toEqual({
      status: 400,
      code: 400,
    });
    expect(reply.msg).toMatch(new RegExp(`(^|; )${escape(field)}: \\S`));
    expect(reply.data).toBeNull();
    expect(await snapshot()).toEqual(before);
  });

  it('in Chinese too', async () => {
    for (const { body, field, as } of bad.slice(0, 4)) {
      const reply = await post(t, `${JSJB}${url}`, body, {
        token: tokens[as ?? 'dispatcher'],
        lang: 'zh',
      });
      expect([reply.status, reply.code]).toEqual([400, 400]);
      expect(reply.msg).toMatch(new RegExp(`(^|; )${escape(field)}: \\S`));
    }
  });
});
