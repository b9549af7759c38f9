import type { ConfigEntryData } from '../support/api';
import type { TestApp } from '../support/test-app';

/** What the settings tests look at after a write (settings.test.ts, settings-config.test.ts). */

/** A settings group as /admin/settings/get and /admin/settings/save answer it. */
export interface Group {
  name: string;
  title: string;
  entries: ConfigEntryData[];
}
/** The answer of /admin/settings/save. */
export interface SaveData {
  group: Group;
  changed: string[];
}

/** Everything a refused write must leave alone: the config rows and the audit log's size. */
export async function snapshot(t: TestApp) {
  const config = await t.ctx.db.selectFrom('config').selectAll().orderBy('id').execute();
  const audit = await t.ctx.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { config, audit: Number(audit.n) };
}

/** The audit rows of configuration changes, oldest first. */
export const configAudits = (t: TestApp) =>
  t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'config.change')
    .orderBy('id')
    .execute();
