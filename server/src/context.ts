import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { Settings } from './settings';
import type { SmsProvider } from './modules/auth/sms-provider';

/** What services need from the outside world; built once per process (or per test). */
export interface AppContext {
  db: Kysely<Database>;
  settings: Settings;
  sms: SmsProvider;
  /** The clock; tests move it to check expiry rules. */
  now(): Date;
}

export type Db = Kysely<Database>;
