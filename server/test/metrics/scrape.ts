import type { InjectOptions } from 'fastify';
import parsePrometheusTextFormat, {
  type PrometheusFamily,
  type PrometheusSample,
} from 'parse-prometheus-text-format';
import type { TestApp } from '../support/test-app';

/**
 * GET /metrics through the app, read by a Prometheus text-format parser twice: as it is (every
 * line must parse; the families with their HELP and TYPE), and without its TYPE lines, as the
 * flat series Prometheus stores (`x_bucket`, `x_count`, `x_sum` with their labels). The parser
 * folds a histogram's labelled series into one and loses the labels
 * (yunyu/parse-prometheus-text-format issue 13), so labelled series are read from the flat view.
 */

export interface Scrape {
  status: number;
  contentType: string;
  families: Map<string, PrometheusFamily>;
  series: Map<string, PrometheusSample[]>;
  body: string;
}

export async function scrape(t: TestApp, options: Partial<InjectOptions> = {}): Promise<Scrape> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', ...options });
  const contentType = String(res.headers['content-type'] ?? '');
  const families = new Map<string, PrometheusFamily>();
  const series = new Map<string, PrometheusSample[]>();
  if (res.statusCode === 200) {
    for (const f of parsePrometheusTextFormat(res.body)) families.set(f.name, f);
    const flat = res.body.replace(/^# TYPE .*$/gm, '');
    for (const f of parsePrometheusTextFormat(flat)) {
      series.set(f.name, [...(series.get(f.name) ?? []), ...f.metrics]);
    }
  }
  return { status: res.statusCode, contentType, families, series, body: res.body };
}

export function family(s: Scrape, name: string): PrometheusFamily {
  const found = s.families.get(name);
  if (!found) throw new Error(`${name} is not among the metrics`);
  return found;
}

/** The samples of one series name whose labels include `labels`. */
export function samples(
  s: Scrape,
  name: string,
  labels: Record<string, string> = {},
): PrometheusSample[] {
  const found = s.series.get(name);
  if (!found) throw new Error(`no series ${name}`);
  return found.filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
}

/** A series' values summed over the samples that match (a histogram: pass `<name>_count`). */
export function total(s: Scrape, name: string, labels: Record<string, string> = {}): number {
  return samples(s, name, labels).reduce((sum, m) => sum + Number(m.value ?? 0), 0);
}
