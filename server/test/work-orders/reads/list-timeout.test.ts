import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoUsername } from '../../../src/seed/demo-org';
import { post } from '../../support/api';
import { holdTable } from '../../support/hold-table';
import { createTestApp, TEST_DB, type TestApp } from '../../support/test-app';
import { listTotal } from '../../../src/modules/work-orders/reads/list-total';
import { keywordWhere } from '../../../src/modules/work-orders/reads/search-sql';
import { callers, JSJB, list, type Caller, type ListData } from '../reads-fixtures';

/**
 * A list page's own statements run under LIST_STATEMENT_TIMEOUT_MS (list.service.ts
 * `withinListTimeout`): past it the request answers 504 with a message that says how to
 * narrow the list, not a 500 and not minutes of waiting. A held table makes the statement
 * wait deterministically (a statement waiting for a lock counts its wait) — PostgreSQL only;
 * PGlite has no statement timeout.
 */

const LIMIT_MS = 200;

let t: TestApp;
const log: string[] = [];
let who: Record<DemoUsername, Caller>;

beforeAll(async () => {
  t = await createTestApp({ orders: 40, settings: { listStatementTimeoutMs: LIMIT_MS }, log });
  who = await callers(t);
});
afterAll(async () => {
  await t?.close();
});

const firstTitleTerm = async () => {
  const row = await t.ctx.db
    .selectFrom('work_orders')
    .select('title')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.title.slice(0, 2);
};

describe('list pages under a statement time limit', () => {
  it('a list in time answers as usual, and no pooled connection keeps the limit', async () => {
    for (let i = 0; i < 4; i++) {
      const reply = await list(t, who.dispatcher.token, { pageNo: 1, pageSize: 10 });
      expect(reply.code).toBe(200);
      expect(reply.data.list).toHaveLength(10);
    }
    // SET LOCAL ends with the page's transaction: the pool's connections are back to no limit.
    const shown = await Promise.all(
      Array.from({ length: 4 }, () =>
        sql<{ statement_timeout: string }>`SHOW statement_timeout`
          .execute(t.ctx.db)
          .then((r) => r.rows[0]?.statement_timeout),
      ),
    );
    expect(shown).toEqual(['0', '0', '0', '0']);
  });

  it.skipIf(TEST_DB !== 'postgres')(
    'a page past the limit answers 504 with how to narrow it, in both languages (PostgreSQL)',
    async () => {
      const term = await firstTitleTerm();
      const bodies = [
        { pageNo: 1, pageSize: 10 },
        { pageNo: 1, pageSize: 10, sort: 'deadline', sortOrder: 'asc' },
        // The search index's own page (keywordPageIds): no row-scan shortcut.
        { pageNo: 1, pageSize: 10, keyword: term },
      ];
      const scanRows = t.ctx.settings.keywordScanRows;
      t.ctx.settings.keywordScanRows = 0;
      // street1's whole list is read from order_units (unit-page.ts): held too.
      const hold = await holdTable(t.ctx.db, ['work_orders', 'order_units']);
      try {
        for (const body of bodies) {
          const zh = await post<ListData>(t, `${JSJB}/lists/search`, body, {
            token: who.dispatcher.token,
            lang: 'zh',
          });
          expect([zh.status, zh.code], JSON.stringify(body)).toEqual([504, 504]);
          expect(zh.msg).toBe(
            '查询超过 0.2 秒已停止：请缩小时间范围、选择队列或换用更具体的关键词后重试',
          );
        }
        const en = await post<ListData>(t, `${JSJB}/lists/search`, bodies[0], {
          token: who.street1.token,
          lang: 'en',
        });
        expect([en.status, en.code]).toEqual([504, 504]);
        expect(en.msg).toMatch(/^the list took over 0\.2 s and was stopped: narrow the dates/);
        // The operator's log names each stopped list: route, user, queue, sort, filter names
        // and how the page was read — the keyword's length, never the keyword.
        const stopped = log
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .filter((entry) => entry.key === 'list.tooSlow');
        expect(stopped.map((e) => [e.url, e.userId])).toEqual([
          ...bodies.map(() => [`${JSJB}/lists/search`, who.dispatcher.auth.userId]),
          [`${JSJB}/lists/search`, who.street1.auth.userId],
        ]);
        expect(stopped.map((e) => e.list)).toEqual([
          expect.objectContaining({ sort: 'callTime', pageNo: 1, filters: [], way: 'index' }),
          expect.objectContaining({ sort: 'deadline', sortOrder: 'asc', way: 'index' }),
          expect.objectContaining({ filters: [], keywordLength: 2, way: 'keyword' }),
          expect.objectContaining({ sort: 'callTime', way: 'index' }),
        ]);
        expect(log.join('\n')).not.toContain(`"${term}"`);
      } finally {
        await hold.release();
        t.ctx.settings.keywordScanRows = scanRows;
      }
      // Nothing was left behind: the same lists answer once the table is free.
      for (const body of bodies) {
        const reply = await list(t, who.dispatcher.token, body);
        expect(reply.code, JSON.stringify(body)).toBe(200);
      }
    },
  );

  it.skipIf(TEST_DB !== 'postgres')(
    'the exact count on demand (精确计数) stops at the same limit: 504 list.tooSlow (PostgreSQL)',
    async () => {
      const all = await t.ctx.db
        .selectFrom('work_orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const term = await firstTitleTerm();
      const hold = await holdTable(t.ctx.db, ['work_orders', 'order_search']);
      try {
        // the list's total alone, with and without a keyword (each counts its own way)
        await expect(listTotal(t.ctx, [], { exactTotal: true })).rejects.toMatchObject({
          code: 504,
          key: 'list.tooSlow',
        });
        await expect(
          listTotal(t.ctx, [keywordWhere(term)], { exactTotal: true }),
        ).rejects.toMatchObject({
          code: 504,
          key: 'list.tooSlow',
        });
        // and as the console asks for it: the toast says how to narrow the list
        const reply = await post<ListData>(
          t,
          `${JSJB}/lists/search`,
          { pageNo: 1, pageSize: 10, isAmount: 1, exactTotal: 1 },
          { token: who.dispatcher.token, lang: 'zh' },
        );
        expect([reply.status, reply.code]).toEqual([504, 504]);
        expect(reply.msg).toMatch(/^查询超过 0\.2 秒已停止/);
      } finally {
        await hold.release();
      }
      // Once the table is free the same count answers in full.
      expect(await listTotal(t.ctx, [], { exactTotal: true })).toEqual({
        totalCount: Number(all.n),
      });
    },
  );

  it.skipIf(TEST_DB !== 'postgres')(
    'LIST_STATEMENT_TIMEOUT_MS 0 sets no limit: the page waits and answers (PostgreSQL)',
    async () => {
      t.ctx.settings.listStatementTimeoutMs = 0;
      const hold = await holdTable(t.ctx.db, 'work_orders');
      try {
        const pending = list(t, who.dispatcher.token, { pageNo: 1, pageSize: 10 });
        setTimeout(() => void hold.release(), LIMIT_MS * 3);
        const reply = await pending;
        expect(reply.code).toBe(200);
        expect(reply.data.list).toHaveLength(10);
      } finally {
        await hold.release();
        t.ctx.settings.listStatementTimeoutMs = LIMIT_MS;
      }
    },
  );
});
