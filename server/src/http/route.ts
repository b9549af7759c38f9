import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type {
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointReply,
  EndpointShape,
} from '@hotline/contract';
import { notEnabledResponse, throttleOf } from '@hotline/contract';
import { translate, type Lang } from '@hotline/domain';
import { DEFAULT_OK_MSG } from './reply';

/** The prefix every declared path is relative to (contract paths are spec paths, `/api` less). */
export const API_PREFIX = '/api';

/** A request whose body, query and params have passed the endpoint's schemas. */
export type EndpointRequest<E extends EndpointShape> = FastifyRequest<{
  Body: EndpointBody<E>;
  Querystring: EndpointQuery<E>;
  Params: EndpointParams<E>;
}>;

export type EndpointHandler<E extends EndpointShape> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointReply<E> | FastifyReply>;

function schemaOf(ep: EndpointShape): FastifySchema {
  const schema: FastifySchema & Record<string, unknown> = {
    tags: [...ep.tags],
    summary: ep.notEnabled ? `Not enabled here: ${ep.notEnabled.en}` : ep.summary,
  };
  const role = ep.rule ? `Needs the role \`${ep.rule.any}\` (403 without it).` : '';
  const description = [ep.description, role].filter(Boolean).join('\n\n');
  if (description) schema.description = description;
  if (ep.body) schema.body = ep.body;
  if (ep.query) schema.querystring = ep.query;
  if (ep.params) schema.params = ep.params;
  if (ep.headers) schema.headers = ep.headers;
  // An integration key is its own credential: no bearer token in the document.
  if (ep.access === 'key') schema.security = [];
  if (ep.notEnabled) schema.response = { 501: notEnabledResponse };
  else if (ep.response) {
    const response: Record<number, unknown> = { 200: ep.response };
    for (const status of ep.alsoStatuses ?? []) response[status] = ep.response;
    schema.response = response;
  }
  return schema;
}

function assertApiScope(app: FastifyInstance): void {
  if (app.prefix !== API_PREFIX) {
    throw new Error(`declared endpoints register under ${API_PREFIX}, not under "${app.prefix}"`);
  }
}

/**
 * Registers one declared endpoint under each of its paths: the contract gives method, paths,
 * schemas (validation, serialisation, OpenAPI) and access; the module gives the handler.
 */
export function route<E extends EndpointShape>(
  app: FastifyInstance,
  ep: E,
  handler: EndpointHandler<E>,
): void {
  assertApiScope(app);
  if (ep.notEnabled) throw new Error(`${ep.paths[0]} is declared not enabled`);
  for (const url of ep.paths) {
    app.route({
      method: ep.method,
      url,
      config: {
        access: ep.access,
        beforePasswordChange: ep.beforePasswordChange === true,
        throttle: throttleOf(ep),
        idempotent: ep.idempotent ?? false,
        ...(ep.rule ? { rule: ep.rule } : {}),
      },
      schema: schemaOf(ep),
      handler: async (request: FastifyRequest, reply: FastifyReply) =>
        inCallersLanguage(
          await (handler as unknown as (r: FastifyRequest, p: FastifyReply) => unknown)(
            request,
            reply,
          ),
          request.lang,
        ),
    });
  }
}

/**
 * A success answered with `ok(data)`'s default message says so in the caller's language
 * (操作成功 / success), like every message this server writes; a handler's own message stays.
 */
function inCallersLanguage(result: unknown, lang: Lang): unknown {
  if (typeof result !== 'object' || result === null) return result;
  const envelope = result as { code?: unknown; msg?: unknown };
  if (envelope.code !== 200 || envelope.msg !== DEFAULT_OK_MSG) return result;
  return { ...envelope, msg: translate('ok', lang) };
}

/**
 * The endpoints the spec names that this deployment does not serve: 501 with the feature's
 * name in the caller's language, after the endpoint's access check (so an anonymous caller of
 * a user endpoint still gets 401).
 */
export function registerNotEnabled(app: FastifyInstance, endpoints: Iterable<EndpointShape>) {
  assertApiScope(app);
  for (const ep of endpoints) {
    const feature = ep.notEnabled;
    if (!feature) continue;
    for (const url of ep.paths) {
      app.route({
        method: ep.method,
        url,
        config: { access: ep.access },
        schema: schemaOf(ep),
        handler: async (request, reply) =>
          reply.status(501).send({
            code: 501,
            msg: translate('feature.notEnabled', request.lang, { feature }),
            data: null,
          }),
      });
    }
  }
}
