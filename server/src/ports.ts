import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { PushMessageMap, PushMessageType } from '@hotline/contract';
import type { Acl, ActionName, OrderState, PushFacts, StateCodes, UnitKind } from '@hotline/domain';
import type { Database, WorkOrderRow } from './db/schema';

/**
 * The ports core declares and feature modules implement (SMS gateway, push channel,
 * after-commit hooks). This file imports no module: core depends on these shapes only, and
 * the modules that fill them in are wired together once, in buildApp (app.ts).
 */

/** Where SMS codes go. A real gateway implements this; the embedded default is a simulator. */
export interface SmsProvider {
  readonly name: string;
  send(mobile: string, text: string): Promise<void>;
}

/** The event one committed work-order action wrote. */
export interface ActionEvent {
  id: number;
  action: ActionName;
  from: StateCodes;
  to: StateCodes;
  comment: string;
  actorId: number;
  actorUnitId: number;
  createdAt: Date;
}

/** What a committed work-order action changed (runAction's result). */
export interface ActionOutcome {
  before: OrderState;
  after: OrderState;
  /** The order row as committed (for the presenter). */
  row: WorkOrderRow;
  event: ActionEvent;
  /** What the caller may do next (the console's buttons). */
  abilities: ActionName[];
}

/**
 * Runs after the action's transaction committed (the push channel computes queue deltas from
 * before/after here). The action has happened by then: a hook must not throw.
 */
export type AfterCommit = (outcome: ActionOutcome) => void | Promise<void>;

export interface ActionHooks {
  afterCommit?: AfterCommit | undefined;
}

/** One committed change of one order, as the push channel needs it. */
export interface OrderChange {
  orderId: number;
  orderNum: string;
  /** Null for a new order. */
  before: PushFacts | null;
  after: PushFacts | null;
  /** The time of the change (queue rules that depend on the clock use it). */
  at: Date;
}

/** What services may do with the hub itself. */
export interface PushRooms {
  /** One message to one room (e.g. `u:<userId>`) on every node; typed by the contract. */
  sendToRoom<K extends PushMessageType>(room: string, type: K, body: PushMessageMap[K]): void;
  /**
   * Closes the push sockets of a user's sessions on every node (all of them, or the listed
   * ones), with close code `sessionEnded`: a disabled user, an ended session.
   */
  endSessions(userId: number, sessionIds: readonly string[] | null): void;
  /** Resolves when the hub can fan out (immediately for the in-process hub). */
  ready(): Promise<void>;
}

/** What services see of the push channel: "this order changed, after commit". */
export interface PushPort {
  readonly hub: PushRooms;
  orderChanged(change: OrderChange): Promise<void>;
}

/** Who is calling: resolved once per request from the bearer token. */
export interface AuthContext {
  userId: number;
  sessionId: string;
  username: string;
  realname: string;
  mobile: string | null;
  avatar: string;
  unit: {
    id: number;
    kind: UnitKind;
    name: string;
    code: string;
    parentId: number | null;
    parentKind: UnitKind | null;
  };
  roles: string[];
  /** The roles' rule strings and the user's own extra rules (`users.extra_rules`), sorted. */
  rules: string[];
  acl: Acl;
  /**
   * Signed in with a one-time password not yet changed: only endpoints declared
   * `beforePasswordChange` answer (the access hook refuses the rest).
   */
  mustChangePassword: boolean;
}

/** Resolves a bearer token to its caller (the auth module's session service implements it). */
export type Authenticate = (token: string) => Promise<AuthContext>;

/** A stored file opened for reading: its size, and its bytes streamed chunk by chunk. */
export interface StoredFileRead {
  size: number;
  stream: Readable;
}

/**
 * Where the files every node must see live: uploads, call recordings, CSV export files. Keys
 * are the relative paths the rows keep ('uploads/2026/11/<hex>'). The PostgreSQL store
 * (modules/files/pg-file-store.ts) is the one implementation; an S3-compatible one would
 * implement the same shape (docs/decisions/0007-files-in-postgresql.md).
 */
export interface FileStore {
  /**
   * Stores `body` under a new key (a key in use is refused), streamed in, never whole in
   * memory. With `within` (the caller's transaction) the file exists exactly when that
   * transaction commits; without, it becomes readable once completely written.
   */
  put(
    key: string,
    body: Readable | Buffer,
    options?: { within?: Kysely<Database> | undefined },
  ): Promise<{ size: number }>;
  /** The file for reading, or null when there is none (or it is still being written). */
  open(key: string): Promise<StoredFileRead | null>;
  /** Deletes the files with these keys (missing ones are skipped); returns how many went. */
  delete(
    keys: string | readonly string[],
    options?: { within?: Kysely<Database> | undefined },
  ): Promise<number>;
  exists(key: string): Promise<boolean>;
  /** Deletes writes abandoned before `before` (a node stopped mid-write); returns how many. */
  deleteAbandoned(
    before: Date,
    options?: { within?: Kysely<Database> | undefined },
  ): Promise<number>;
}
