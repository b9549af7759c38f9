import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskPhone } from '@hotline/domain';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { holdTable } from '../support/hold-table';
import { TEST_DB } from '../support/test-app';
import { download, EXPORT } from './exports-fixtures';
import { listAll } from '../work-orders/reads-fixtures';

/** initCsv + exportCsv (the background job), exportWord (DOCX) and getOrder (print data). */

let t: TestApp;
let dataDir: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'exports-'));
  t = await createTestApp({ orders: 300, settings: { dataDir } });
  for (const u of ['admin', 'leader', 'street1']) tokens[u] = await t.login(u);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** RFC 4180 records (quoted fields, doubled quotes, CRLF or LF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

interface Job {
  id: number;
  status: string;
  rows: number;
  total: number;
  downloadUrl: string | null;
  masked: boolean;
}

async function waitForJob(token: string, id: number): Promise<Job> {
  for (let i = 0; i < 200; i++) {
    const r = await post<{ job: Job }>(t, `${EXPORT}/queryExportInfo`, { jobId: id }, { token });
    expect(r.code).toBe(200);
    if (r.data.job.status === 'done' || r.data.job.status === 'failed') return r.data.job;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('the job did not finish');
}

describe('CSV job', () => {
  it('writes UTF-8 with a BOM, neutralises formula-like cells, reports progress and serves the file', async () => {
    const [a, b, c] = (await listAll(t, tokens.admin!, { status: [92] })).map((o) => o.id);
    await t.ctx.db
      .updateTable('work_orders')
      .set({ title: '=HYPERLINK("http://evil","点我")' })
      .where('id', '=', a!)
      .execute();
    await t.ctx.db
      .updateTable('work_orders')
      .set({ title: '+1+2', caller_name: '@SUM(A1)' })
      .where('id', '=', b!)
      .execute();
    await t.ctx.db
      .updateTable('work_orders')
      .set({ title: '-3', caller_name: '张三' })
      .where('id', '=', c!)
      .execute();
    const expected = await listAll(t, tokens.admin!, { status: [92] });

    const init = await post<{ job: Job }>(
      t,
      `${EXPORT}/initCsv`,
      {
        columns: ['id', 'title', 'callerName', 'callTime', 'visitCount'],
        filter: { status: [92] },
      },
      { token: tokens.admin!, lang: 'zh' },
    );
    expect(init.code).toBe(200);
    expect(['queued', 'running', 'done']).toContain(init.data.job.status);
    expect(init.data.job.total).toBe(expected.length);
    const job = await waitForJob(tokens.admin!, init.data.job.id);
    expect(job).toMatchObject({ status: 'done', rows: expected.length, masked: false });
    expect(job.downloadUrl).toBe(`/api/addons/jsjb/export/exportCsv?jobId=${job.id}`);

    const file = await download(t, 'GET', job.downloadUrl!, tokens.admin!);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect([...file.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(file.body.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual(['工单ID', '标题', '诉求人姓名', '来电时间', '回访次数']);
    expect(rows.length - 1).toBe(expected.length);
    const byId = new Map(rows.slice(1).map((r) => [Number(r[0]), r]));
    expect(byId.get(a!)![1]).toBe(`'=HYPERLINK("http://evil","点我")`);
    expect(byId.get(b!)![1]).toBe(`'+1+2`);
    expect(byId.get(b!)![2]).toBe(`'@SUM(A1)`);
    expect(byId.get(c!)![1]).toBe(`'-3`);
    expect(byId.get(c!)![2]).toBe('张三');
    const first = expected[0]!;
    const shown = new Date(new Date(first.callTime).getTime() + 8 * 3_600_000).toISOString();
    expect(byId.get(first.id)![3]).toBe(`${shown.slice(0, 10)} ${shown.slice(11, 19)}`);

    // The other download path serves the same file; another user's job is not theirs.
    const alias = await download(
      t,
      'GET',
      `/api/addons/jsjb/exports/exportCsv?jobId=${job.id}`,
      tokens.admin!,
    );
    expect(alias.body.equals(file.body)).toBe(true);
    const foreign = await download(t, 'GET', job.downloadUrl!, tokens.street1!);
    expect(foreign.status).toBe(404);
    const bad = await download(t, 'GET', `${EXPORT}/exportCsv?jobId=abc`, tokens.admin!);
    expect(bad.status).toBe(400);
  });

  it('masks phones in CSV for a leader', async () => {
    const init = await post<{ job: Job }>(
      t,
      `${EXPORT}/initCsv`,
      { columns: ['id', 'callerPhone'], ids: [1, 2, 3] },
      { token: tokens.leader! },
    );
    const job = await waitForJob(tokens.leader!, init.data.job.id);
    expect(job.masked).toBe(true);
    const rows = parseCsv(
      (await download(t, 'GET', job.downloadUrl!, tokens.leader!)).body
        .subarray(3)
        .toString('utf8'),
    );
    const full = await listAll(t, tokens.admin!, {});
    const phone = new Map(full.map((o) => [o.id, o.callerPhone]));
    for (const r of rows.slice(1)) expect(r[1]).toBe(maskPhone(phone.get(Number(r[0]))!));
  });
});

describe('CSV jobs at once', () => {
  it.skipIf(TEST_DB !== 'postgres')(
    'twelve at once: two are queued, ten refused with 429, none past the limit (PostgreSQL)',
    async () => {
      // The jobs cannot write their files while the file store's tables are held, so the
      // first two stay open while the others ask; before, each request's count missed the
      // others' inserts and all twelve were queued.
      const hold = await holdTable(t.ctx.db, ['stored_files', 'stored_file_chunks']);
      let replies: { code: number; msg: string; data: { job: Job } | null }[];
      try {
        replies = await Promise.all(
          Array.from({ length: 12 }, () =>
            post<{ job: Job }>(
              t,
              `${EXPORT}/initCsv`,
              { columns: ['id', 'title'], filter: { status: [92] } },
              { token: tokens.street1!, lang: 'en' },
            ),
          ),
        );
      } finally {
        await hold.release();
      }
      const codes = replies.map((r) => r.code).sort((a, b) => a - b);
      expect(codes).toEqual([200, 200, ...Array<number>(10).fill(429)]);
      expect(replies.find((r) => r.code === 429)?.msg).toMatch(/^you already have 2 export/);
      for (const r of replies.filter((r) => r.code === 200)) {
        expect((await waitForJob(tokens.street1!, r.data!.job.id)).status).toBe('done');
      }
    },
  );
});

describe('exportWord and getOrder', () => {
  it('writes one case sheet per order into a DOCX with fields, timeline and result; phones masked', async () => {
    const orders = (await listAll(t, tokens.admin!, { status: [92] })).slice(0, 2);
    const res = await download(t, 'POST', `${EXPORT}/exportWord`, tokens.leader!, {
      ids: orders.map((o) => o.id),
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    const zip = await JSZip.loadAsync(res.body);
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = xml.replace(/<[^>]+>/g, '');
    for (const o of orders) {
      expect(text).toContain(o.orderNum);
      expect(text).toContain(maskPhone(o.callerPhone));
      if (/^1\d{10}$/.test(o.callerPhone)) expect(text).not.toContain(o.callerPhone);
      if (o.replyContent) expect(text).toContain(o.replyContent.slice(0, 20));
    }
    expect(text).toContain('办理过程');
    expect(text).toContain('受理');
    expect(xml.match(/w:br w:type="page"/g)?.length).toBe(1);
  });

  it('refuses orders outside the scope (404) and bad bodies (400)', async () => {
    const mine = new Set((await listAll(t, tokens.street1!, {})).map((o) => o.id));
    const outside = (await listAll(t, tokens.admin!, {})).find((o) => !mine.has(o.id))!;
    expect(
      (await post(t, `${EXPORT}/exportWord`, { ids: [outside.id] }, { token: tokens.street1! }))
        .status,
    ).toBe(404);
    expect(
      (await post(t, `${EXPORT}/getOrder`, { id: outside.id }, { token: tokens.street1! })).status,
    ).toBe(404);
    expect((await post(t, `${EXPORT}/exportWord`, {}, { token: tokens.street1! })).status).toBe(
      400,
    );
    const tooMany = Array.from({ length: 51 }, (_, i) => i + 1);
    expect(
      (await post(t, `${EXPORT}/exportWord`, { ids: tooMany }, { token: tokens.admin! })).status,
    ).toBe(400);
  });

  it('getOrder answers the print data (order, timeline, visits) and audits it', async () => {
    const [o] = await listAll(t, tokens.admin!, { status: [92] });
    const res = await post<{
      order: { id: number; callerPhone: string };
      timeline: unknown[];
      visits: unknown[];
      masked: boolean;
    }>(t, `${EXPORT}/getOrder`, { id: o!.id }, { token: tokens.leader! });
    expect(res.code).toBe(200);
    expect(res.data.order.id).toBe(o!.id);
    expect(res.data.order.callerPhone).toBe(maskPhone(o!.callerPhone));
    expect(res.data.masked).toBe(true);
    expect(res.data.timeline.length).toBeGreaterThan(0);
    const history = await post<{ list: { format: string; rows: number }[] }>(
      t,
      `${EXPORT}/queryExportInfo`,
      {},
      { token: tokens.leader! },
    );
    expect(history.data.list.map((r) => r.format)).toEqual(
      expect.arrayContaining(['print', 'docx', 'csv']),
    );
  });
});
