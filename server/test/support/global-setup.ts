import { randomBytes } from 'node:crypto';
import { dropDatabasesLike, templatePrefix } from './postgres-db';

/**
 * Vitest's global setup (runs in the main process, before the workers start): names this run's
 * migrated template databases (test-app.ts) and, with TEST_DB=postgres, drops them at the end.
 * Another run on the same server has another name and keeps its own.
 */
export default function setup(): () => Promise<void> {
  process.env.TEST_TEMPLATE_RUN = randomBytes(4).toString('hex');
  const prefix = templatePrefix();
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (process.env.TEST_DB === 'postgres' && adminUrl) await dropDatabasesLike(adminUrl, prefix);
  };
}
