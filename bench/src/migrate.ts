// npm run bench:migrate — applies the server's pending migrations to the benchmark database
// (DATABASE_URL, default postgres://…/hotline_bench) and prints how long they took: a
// migration that builds an index or a tally over millions of orders takes minutes, and that is
// the figure an operator needs before upgrading a big database.
import { openDatabase } from '../../server/src/db/connect';
import { migrate } from '../../server/src/db/migrate';
import { benchUrl } from './lib/bench-db';

const url = benchUrl();
const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
const started = performance.now();
try {
  const applied = await migrate(handle.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    applied.length === 0
      ? `bench:migrate → ${url}: nothing to apply`
      : `bench:migrate → ${url}: applied ${applied.join(', ')} in ${seconds} s`,
  );
} finally {
  await handle.close();
}
