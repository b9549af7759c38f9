import type { z } from 'zod';
import type { MessageKey } from '@hotline/domain';

/**
 * One endpoint, declared once: method, the paths it answers (relative to `/api`, the first is
 * the one the console calls, the others are the spec's aliases), what it takes, what it answers
 * and who may call it. The server registers its routes from these declarations
 * (`server/src/http/route.ts`), the OpenAPI document is generated from them, and the console
 * calls them through one typed client (`web/src/lib/api-client.ts`). docs/architecture.md, "How
 * to add an endpoint", walks through one.
 */

/**
 * Who may call: anyone; anyone, with the token used when present; a signed-in user; an admin;
 * another system with an integration key in `X-Api-Key` (checked by the module, no session).
 */
export type Access = 'public' | 'optional' | 'user' | 'admin' | 'key';
export type Method = 'GET' | 'POST';

/**
 * Endpoints whose calls are counted per client address and refused with 429 past a limit
 * (RATE_LIMIT_* settings, shared by every node through Redis when REDIS_URL is set): signing
 * in, sending SMS codes, other systems' calls (every `access: 'key'` endpoint is
 * `integration` unless it says otherwise), and citizens' status lookups.
 */
export type ThrottleClass = 'login' | 'sms' | 'integration' | 'lookup';

/** How the body arrives when it is not JSON. */
export type BodyKind = 'json' | 'multipart';

export interface EndpointShape {
  method: Method;
  paths: readonly [string, ...string[]];
  summary: string;
  description?: string;
  tags: readonly string[];
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Request headers the endpoint reads (validated and documented), e.g. `x-api-key`. */
  headers?: z.ZodType;
  /** The `{code, msg, data}` reply; `null` when the endpoint answers a file or a stream. */
  response: z.ZodType | null;
  /** Success statuses besides 200 that answer the same reply, e.g. 201 for a created record. */
  alsoStatuses?: readonly number[];
  /** 'multipart' for uploads (the body is not validated by a schema). */
  bodyKind?: BodyKind;
  /**
   * Declared by the spec but not served by this deployment (it needs a system we do not have):
   * answers 501 with this feature name in the caller's language. docs/api.md lists them.
   */
  notEnabled?: { zh: string; en: string };
  /**
   * Open to a caller who still has to change a one-time password (`users.must_change_password`).
   * Every other endpoint that takes a session answers such a caller 403
   * `password.changeRequired` (the access hook, `server/src/http/access.ts`), so the console can
   * only show the user, the menu and the change-password form until the password is changed.
   */
  beforePasswordChange?: boolean;
  /**
   * A create endpoint that honours `Idempotency-Key`: a retry of the same request by the same
   * caller within 24 hours gets the first answer again and creates nothing (docs/api.md).
   * 'secret': the answer carries a secret shown once (a one-time password, a key), so it is
   * not kept; a retry creates nothing and answers 409 `idempotency.done`.
   */
  idempotent?: boolean | 'secret';
  /** The throttle this endpoint's calls count on (see ThrottleClass). */
  throttle?: ThrottleClass;
  /**
   * A role the caller must hold beyond a session: `any` is one or more '#'-separated rule
   * strings (spec section 6; admins hold every one). Checked with the session, before the body
   * is read, so a caller without the role gets 403 `refusal` (a message key) rather than learning
   * the input rules from a 400. The handler's own, finer checks stay.
   */
  rule?: { any: string; refusal: MessageKey };
}

/** The throttle an endpoint's calls count on, if any. */
export function throttleOf(ep: Pick<EndpointShape, 'access' | 'throttle'>): ThrottleClass | null {
  return ep.throttle ?? (ep.access === 'key' ? 'integration' : null);
}

/** Carries a declaration's type where only its method and paths travel (never set). */
export interface Typed<E> {
  readonly __endpoint?: E;
}

/**
 * What the console needs to call an endpoint: its method and paths, typed by the declaration
 * (`client.ts` holds one for every endpoint; a declaration itself is one too).
 */
export type EndpointRef<E extends EndpointShape> = Pick<E, 'method' | 'paths'> & Typed<E>;

/** Keeps the literal types of a declaration (the schemas) while checking its shape. */
export function endpoint<const E extends EndpointShape>(def: E): E & Typed<E> {
  if (def.paths.length === 0) throw new Error(`endpoint without a path: ${def.summary}`);
  return def;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The declaration behind a declaration or a reference to one. */
export type DeclarationOf<E> = E extends { readonly __endpoint?: infer D }
  ? D extends EndpointShape
    ? D
    : never
  : E extends EndpointShape
    ? E
    : never;

/** What the server's handler receives after validation. */
export type EndpointBody<E> = Out<DeclarationOf<E>['body']>;
export type EndpointQuery<E> = Out<DeclarationOf<E>['query']>;
export type EndpointParams<E> = Out<DeclarationOf<E>['params']>;

/** The envelope the server answers with (what the handler returns). */
export type EndpointReply<E> = DeclarationOf<E>['response'] extends z.ZodType
  ? z.input<DeclarationOf<E>['response']>
  : unknown;

/** The `data` of the reply, as the console receives it. */
export type EndpointData<E> = DeclarationOf<E>['response'] extends z.ZodType
  ? z.output<DeclarationOf<E>['response']> extends { data: infer D }
    ? D
    : never
  : never;

/** What the console sends: the body of a POST, the query of a GET (schema input types). */
export type EndpointInput<E> = DeclarationOf<E>['method'] extends 'GET'
  ? In<DeclarationOf<E>['query']>
  : In<DeclarationOf<E>['body']>;

export { fillPath } from './path';
