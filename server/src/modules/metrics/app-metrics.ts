import type pg from 'pg';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { ExportJobCounts } from '../exports/export-jobs';
import type { Connections } from '../push/connections';

/**
 * One node's own metrics (docs/operations.md lists them; deploy/grafana-dashboard.json charts
 * them). Gauges read their source when scraped; histograms are fed by hooks.
 */

/** What the metrics read: each part is optional (no pool when the database is not ours). */
export interface MetricSources {
  pool?: pg.Pool | undefined;
  connections: Connections;
  exportJobs: ExportJobCounts;
}

export interface AppMetrics {
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  queryDuration: Histogram<'outcome'>;
  pushDelivery: Histogram;
}

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function defineAppMetrics(registry: Registry, sources: MetricSources): AppMetrics {
  const registers = [registry];
  const httpDuration = new Histogram({
    name: 'hotline_http_request_duration_seconds',
    help: 'HTTP request duration by route pattern (not the raw URL), method and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: SECONDS,
    registers,
  });

  const queryDuration = new Histogram({
    name: 'hotline_db_query_duration_seconds',
    help: 'Database statement duration (after a connection was taken from the pool)',
    labelNames: ['outcome'] as const,
    buckets: SECONDS,
    registers,
  });
  const { pool } = sources;
  if (pool) {
    const poolGauge = (name: string, help: string, read: (p: pg.Pool) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(pool));
        },
      });
    poolGauge('hotline_db_pool_connections', 'Open connections in the pool', (p) => p.totalCount);
    poolGauge(
      'hotline_db_pool_idle_connections',
      'Idle connections in the pool',
      (p) => p.idleCount,
    );
    poolGauge(
      'hotline_db_pool_waiting_requests',
      'Queries waiting for a pooled connection',
      (p) => p.waitingCount,
    );
    poolGauge(
      'hotline_db_pool_max_connections',
      'Pool size limit',
      (p) => (p.options as { max?: number }).max ?? 10,
    );
  }

  const { connections, exportJobs } = sources;
  new Gauge({
    name: 'hotline_push_connections',
    help: 'WebSocket connections open on this node',
    registers,
    collect() {
      this.set(connections.size);
    },
  });
  const pushDelivery = new Histogram({
    name: 'hotline_push_delivery_seconds',
    help: 'Push delivery latency: a change committed → its last socket write on this node',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  new Gauge({
    name: 'hotline_export_jobs',
    help: 'CSV export jobs on this node by state (queued: accepted, not started yet)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'queued' }, exportJobs.queued);
      this.set({ state: 'running' }, exportJobs.running);
    },
  });
  let rowsSeen = 0;
  new Counter({
    name: 'hotline_export_rows_written_total',
    help: 'Rows written by CSV export jobs on this node',
    registers,
    collect() {
      const added = exportJobs.rowsWritten - rowsSeen;
      if (added > 0) this.inc(added);
      rowsSeen = exportJobs.rowsWritten;
    },
  });

  return { httpDuration, queryDuration, pushDelivery };
}
