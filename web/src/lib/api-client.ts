import type { EndpointData, EndpointInput, EndpointRef, EndpointShape } from '@hotline/contract';
import { fillPath } from '@hotline/contract/client';
import { request, type Body, type RequestOptions } from './request';

/**
 * The console's one way to call the server: an endpoint declared in `@hotline/contract` and its
 * input, typed both ways. Pages pass the light references of `@hotline/contract/client`
 * (method and paths, typed by the declaration, no schemas to load); a declaration works too. The request layer below does the envelope, codes, token refresh and
 * toasts; this module only turns a declaration into a request. No endpoint path is written by
 * hand anywhere else in the console.
 */

export const API_BASE = '/api';

export interface CallOptions {
  signal?: AbortSignal;
  /** Reject without a toast (the caller shows the server's message itself). */
  noError?: boolean;
  /** Send the body form-encoded instead of JSON. */
  form?: boolean;
  /** Values of `:name` segments of the path. */
  params?: Record<string, string | number>;
  /** `Idempotency-Key` for an endpoint declared idempotent (the actions, the creates). */
  idempotencyKey?: string;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

type Query = NonNullable<RequestOptions['query']>;

/** Calls `ep` with `input` (the body of a POST, the query of a GET) and returns its `data`. */
export function call<E extends EndpointShape>(
  ep: EndpointRef<E>,
  ...[input, options = {}]: undefined extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions]
): Promise<EndpointData<E>> {
  const path = fillPath(ep.paths[0], options.params);
  const common: RequestOptions = { method: ep.method };
  if (options.signal) common.signal = options.signal;
  if (options.noError) common.noError = true;
  if (options.idempotencyKey) common.idempotencyKey = options.idempotencyKey;
  if (ep.method === 'GET') {
    if (input !== undefined) common.query = input as Query;
  } else {
    common.body = (input ?? {}) as Body;
    if (options.form) common.contentType = FORM_TYPE;
  }
  return request<EndpointData<E>>(path, common);
}

/** The URL of an endpoint for what `call` cannot carry: uploads, file bodies, streams. */
export function endpointUrl(
  ep: Pick<EndpointShape, 'paths'>,
  params?: Record<string, string | number>,
): string {
  return API_BASE + fillPath(ep.paths[0], params);
}

/** The path `request` takes (relative to the API base), for callers of the request layer. */
export function endpointPath(ep: Pick<EndpointShape, 'paths'>): string {
  return ep.paths[0];
}
