import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { Settings } from './settings';
import type { ActionHooks, AfterCommit, PushPort, SmsProvider } from './ports';

export type Db = Kysely<Database>;

/** What a node is built from: the database, the settings, the SMS gateway and the clock. */
export interface AppBase {
  db: Db;
  settings: Settings;
  sms: SmsProvider;
  /** The clock; tests move it to check expiry rules. */
  now(): Date;
}

/** What services need from the outside world; made once per node by createContext. */
export interface AppContext extends AppBase, ActionHooks {
  /** The push channel (services call it after commit); absent where no node runs. */
  readonly push?: PushPort | undefined;
  readonly afterCommit?: AfterCommit | undefined;
}

/** The modules' implementations of core's ports, handed to createContext. */
export interface AppWiring {
  push: PushPort;
  afterCommit: AfterCommit;
}

/**
 * The one place a node's context is made (buildApp, at start-up): the base parts plus the
 * push port and the after-commit hook, passed in. Nothing is patched in later.
 */
export function createContext(base: AppBase, wiring: AppWiring): AppContext {
  return {
    db: base.db,
    settings: base.settings,
    sms: base.sms,
    now: base.now,
    push: wiring.push,
    afterCommit: wiring.afterCommit,
  };
}
