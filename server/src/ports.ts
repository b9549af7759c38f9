import type { PushMessageMap, PushMessageType } from '@hotline/contract';
import type { Acl, ActionName, OrderState, PushFacts, StateCodes, UnitKind } from '@hotline/domain';
import type { WorkOrderRow } from './db/schema';

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
