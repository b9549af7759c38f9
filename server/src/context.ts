import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { Settings } from './settings';
import type { SmsProvider } from './modules/auth/sms-provider';
import type { PushPort } from './modules/push/index';
import type { ActionHooks } from './modules/work-orders/action.service';

/** What services need from the outside world; built once per process (or per test). */
export interface AppContext extends ActionHooks {
  db: Kysely<Database>;
  settings: Settings;
  sms: SmsProvider;
  /** The push channel (set by buildApp; services call it after commit). */
  push?: PushPort;
  /** The clock; tests move it to check expiry rules. */
  now(): Date;
}

export type Db = Kysely<Database>;
