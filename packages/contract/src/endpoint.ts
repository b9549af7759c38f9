import type { z } from 'zod';

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
}

/** Keeps the literal types of a declaration (the schemas) while checking its shape. */
export function endpoint<const E extends EndpointShape>(def: E): E {
  if (def.paths.length === 0) throw new Error(`endpoint without a path: ${def.summary}`);
  return def;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler receives after validation. */
export type EndpointBody<E extends EndpointShape> = Out<E['body']>;
export type EndpointQuery<E extends EndpointShape> = Out<E['query']>;
export type EndpointParams<E extends EndpointShape> = Out<E['params']>;

/** The envelope the server answers with (what the handler returns). */
export type EndpointReply<E extends EndpointShape> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : unknown;

/** The `data` of the reply, as the console receives it. */
export type EndpointData<E extends EndpointShape> = E['response'] extends z.ZodType
  ? z.output<E['response']> extends { data: infer D }
    ? D
    : never
  : never;

/** What the console sends: the body of a POST, the query of a GET (schema input types). */
export type EndpointInput<E extends EndpointShape> = E['method'] extends 'GET'
  ? In<E['query']>
  : In<E['body']>;

/** A path with its `:name` parameters filled in (for links to files and streams). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
