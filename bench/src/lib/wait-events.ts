import pg from 'pg';

/**
 * What the database's busy backends are doing, sampled from pg_stat_activity while a load
 * runs: on CPU (no wait event), waiting for a lock (another transaction's row: `Lock:
 * transactionid`), for the WAL (`LWLock: WALWrite`, `IO: WALSync`), for I/O. pg_stat_statements
 * says how long statements took; this says why. Each sample lists the active backends of the
 * database (the sampler's own excluded); shares are of all backend samples.
 */
export interface WaitSampler {
  stop(): Promise<string[]>;
}

interface Seen {
  n: number;
  statements: Map<string, number>;
}

export async function sampleWaits(databaseUrl: string, everyMs = 200): Promise<WaitSampler> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seen = new Map<string, Seen>();
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ wait: string; statement: string }>(
        `SELECT coalesce(wait_event_type || ': ' || wait_event, 'CPU (no wait)') AS wait,
                left(regexp_replace(query, '\\s+', ' ', 'g'), 70) AS statement
           FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      samples += 1;
      for (const r of rows) {
        const s = seen.get(r.wait) ?? { n: 0, statements: new Map() };
        s.n += 1;
        s.statements.set(r.statement, (s.statements.get(r.statement) ?? 0) + 1);
        seen.set(r.wait, s);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await client.end();
      const all = [...seen.values()].reduce((a, s) => a + s.n, 0);
      const lines = [
        `${samples} samples, ${(all / Math.max(1, samples)).toFixed(1)} active backends on average`,
        `${'backend samples'.padStart(15)} ${'share'.padStart(6)}  wait — its most frequent statement`,
      ];
      for (const [wait, s] of [...seen].sort((a, b) => b[1].n - a[1].n).slice(0, 10)) {
        const top = [...s.statements].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
        lines.push(
          `${String(s.n).padStart(15)} ${`${((100 * s.n) / Math.max(1, all)).toFixed(0)} %`.padStart(6)}  ${wait} — ${top}`,
        );
      }
      return lines;
    },
  };
}
