import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNMATCHED_ROUTE } from '../../src/modules/metrics/index';
import { EXPORT } from '../exports/exports-fixtures';
import { PushClient, listen } from '../push/push-client';
import { get, post } from '../support/api';
import { act, must, newOrder, world, type World } from '../support/lifecycle';
import { createTestApp } from '../support/test-app';
import { family, samples, scrape, total } from './scrape';

/**
 * GET /metrics, read by a Prometheus text-format parser: requests by route pattern, the
 * database pool and statement times, push sockets and delivery latency, export jobs, and the
 * process's default metrics.
 */

let w: World;
let base: string;
let dataDir: string;
const open: PushClient[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'metrics-'));
  w = await world(await createTestApp({ orders: 30, settings: { dataDir } }));
  base = await listen(w.t.app);
});
afterAll(async () => {
  for (const c of open) c.close();
  await w?.t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const HTTP = 'hotline_http_request_duration_seconds';

describe('GET /metrics', () => {
  it('labels request durations by route pattern and status, never by the raw URL', async () => {
    expect((await get(w.t, '/api/user/userInfo', { token: w.tokens.admin })).status).toBe(200);
    expect((await get(w.t, '/api/file/download/987654')).status).toBe(401);
    const missing = await w.t.app.inject({ method: 'GET', url: '/api/no/such/path-x1y2' });
    expect(missing.statusCode).toBe(404);

    const s = await scrape(w.t);
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(family(s, HTTP).type).toBe('HISTOGRAM');
    const count = `${HTTP}_count`;
    const user = samples(s, count, { route: '/api/user/userInfo', status_code: '200' });
    expect(user).toHaveLength(1);
    expect(user[0]!.labels).toMatchObject({ method: 'GET' });
    expect(Number(user[0]!.value)).toBeGreaterThanOrEqual(1);
    const inf = { route: '/api/user/userInfo', status_code: '200', le: '+Inf' };
    expect(total(s, `${HTTP}_bucket`, inf)).toBe(Number(user[0]!.value));
    expect(total(s, count, { route: '/api/file/download/:id', status_code: '401' })).toBe(1);
    expect(total(s, count, { route: UNMATCHED_ROUTE, status_code: '404' })).toBeGreaterThanOrEqual(
      1,
    );
    const routes = samples(s, count).map((m) => m.labels?.route ?? '');
    expect(routes.filter((r) => r.includes('987654') || r.includes('x1y2'))).toEqual([]);
  });

  it('shows the database pool and statement durations', async () => {
    const s = await scrape(w.t);
    for (const name of [
      'hotline_db_pool_connections',
      'hotline_db_pool_idle_connections',
      'hotline_db_pool_waiting_requests',
    ]) {
      expect(family(s, name).type).toBe('GAUGE');
      expect(total(s, name)).toBeGreaterThanOrEqual(0);
    }
    expect(total(s, 'hotline_db_pool_max_connections')).toBeGreaterThanOrEqual(1);
    expect(total(s, 'hotline_db_pool_connections')).toBeLessThanOrEqual(
      total(s, 'hotline_db_pool_max_connections'),
    );
    expect(family(s, 'hotline_db_query_duration_seconds').type).toBe('HISTOGRAM');
    const queries = total(s, 'hotline_db_query_duration_seconds_count', { outcome: 'ok' });
    expect(queries).toBeGreaterThan(0);
  });

  it("includes the process's event-loop delay and heap", async () => {
    const s = await scrape(w.t);
    expect(family(s, 'nodejs_eventloop_lag_seconds').type).toBe('GAUGE');
    expect(family(s, 'nodejs_eventloop_lag_p99_seconds').type).toBe('GAUGE');
    expect(total(s, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts push sockets and times a delivery from commit to the last socket write', async () => {
    const before = await scrape(w.t);
    expect(family(before, 'hotline_push_delivery_seconds').type).toBe('HISTOGRAM');
    const delivered = total(before, 'hotline_push_delivery_seconds_count');

    const client = await PushClient.open(base, w.tokens.street1);
    open.push(client);
    await client.bound(w.tokens.street1, base);
    const id = await newOrder(w.t);
    await must(act(w, 'dispatcher', 'cy/a5HandleOrderSignInCy', { id, signType: 1 }));
    await must(act(w, 'dispatcher', 'org/submitHandleOrgInfo', { id, hostUnitId: w.units.S01 }));
    await client.waitFor((m) => m.type === 'count' && m.notice?.assignId === id);

    const after = await scrape(w.t);
    expect(total(after, 'hotline_push_connections')).toBeGreaterThanOrEqual(1);
    expect(total(after, 'hotline_push_delivery_seconds_count')).toBeGreaterThan(delivered);
  });

  it('shows export jobs by state and the rows they wrote', async () => {
    const before = await scrape(w.t);
    expect(family(before, 'hotline_export_jobs').type).toBe('GAUGE');
    expect(family(before, 'hotline_export_rows_written_total').type).toBe('COUNTER');
    const written = total(before, 'hotline_export_rows_written_total');

    const init = await post<{ job: { id: number } }>(
      w.t,
      `${EXPORT}/initCsv`,
      { columns: ['id', 'title'], filter: {} },
      { token: w.tokens.admin },
    );
    expect(init.code).toBe(200);
    let job = { status: 'queued', rows: 0 };
    for (let i = 0; i < 200 && !['done', 'failed'].includes(job.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const info = await post<{ job: typeof job }>(
        w.t,
        `${EXPORT}/queryExportInfo`,
        { jobId: init.data.job.id },
        { token: w.tokens.admin },
      );
      job = info.data.job;
    }
    expect(job.status).toBe('done');
    expect(job.rows).toBeGreaterThan(0);

    const after = await scrape(w.t);
    expect(total(after, 'hotline_export_rows_written_total')).toBe(written + job.rows);
    expect(total(after, 'hotline_export_jobs', { state: 'running' })).toBe(0);
    expect(total(after, 'hotline_export_jobs', { state: 'queued' })).toBe(0);
  });

  it('serves every metric the sample Grafana dashboard charts', async () => {
    const dashboard = await readFile(
      new URL('../../../deploy/grafana-dashboard.json', import.meta.url),
      'utf8',
    );
    const names = new Set(dashboard.match(/\b(hotline|nodejs|process)_[a-z0-9_]+/g));
    expect(names.size).toBeGreaterThan(10);
    const s = await scrape(w.t);
    const missing = [...names].filter((name) => !s.series.has(name));
    expect(missing).toEqual([]);
  });

  it('answers a loopback caller over a real socket', async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`# TYPE ${HTTP} histogram`);
  });
});
