import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '@hotline/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import { formatIssues, ValidationError } from '../../http/validation';
import { CONTENT_TYPE, render, renderErrors, splitFormat, type Format } from './open311-format';
import { Open311Error, notFound } from './open311-error';
import * as service from './open311.service';

/**
 * Open311 GeoReport v2 under `/open311/v2` — the standard's own paths and shapes, not our
 * `{code, msg, data}` envelope: every resource as `name.json` or `name.xml`, errors as
 * `[{code, description}]` or `<errors><error>…`. Public reads; creating needs an integration
 * key (`api_key`). Every call counts on the integration throttle per address. docs/api.md
 * "Open311".
 */

export const OPEN311_PREFIX = '/open311/v2';

const CONFIG = { access: 'public', throttle: 'integration' } as const;

/** The format a request asked for by its path (`.xml` or else JSON), also for its errors. */
function formatOf(request: FastifyRequest): Format {
  const path = request.url.split('?')[0] ?? '';
  return /\.xml$/i.test(path) ? 'xml' : 'json';
}

function send(
  reply: FastifyReply,
  format: Format,
  root: string,
  body: Parameters<typeof render>[2],
) {
  return reply
    .header('content-type', CONTENT_TYPE[format])
    .header('access-control-allow-origin', '*')
    .send(render(format, root, body));
}

/** `name.json|xml` of the path, or the standard's 404. */
function fileOf(file: string): [string, Format] {
  const parts = splitFormat(file);
  if (!parts) throw notFound('resource not found: add .json or .xml');
  return parts;
}

/** An error as the standard's status and description (a 5xx never says why). */
function describe(
  error: unknown,
  request: FastifyRequest,
): { status: number; description: string } {
  if (error instanceof Open311Error) return { status: error.status, description: error.message };
  if (error instanceof AppError) {
    return { status: error.code, description: translate(error.key, request.lang, error.params) };
  }
  if (error instanceof ValidationError) {
    return { status: 400, description: formatIssues(error.issues, request.lang, error.part) };
  }
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, description: (error as Error).message };
  }
  return { status: 500, description: 'the server could not answer; try again later' };
}

export function open311Routes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const format = formatOf(request);
      const { status, description } = describe(error, request);
      if (status >= 500) request.log.error({ err: error }, 'open311 request failed');
      return reply
        .status(status)
        .header('content-type', CONTENT_TYPE[format])
        .header('access-control-allow-origin', '*')
        .send(renderErrors(format, [{ code: status, description }]));
    });
    app.setNotFoundHandler({}, (request, reply) => {
      const format = formatOf(request);
      return reply
        .status(404)
        .header('content-type', CONTENT_TYPE[format])
        .send(renderErrors(format, [{ code: 404, description: 'resource not found' }]));
    });

    app.get<{ Params: { file: string } }>('/:file', { config: CONFIG }, async (request, reply) => {
      const [name, format] = fileOf(request.params.file);
      const base = `${request.protocol}://${request.host}${OPEN311_PREFIX}`;
      switch (name) {
        case 'discovery':
          return send(reply, format, 'discovery', service.discovery(base, request.lang));
        case 'services':
          return send(reply, format, 'services', await service.services(ctx));
        case 'requests':
          return send(
            reply,
            format,
            'service_requests',
            await service.requests(ctx, request.query, request.lang),
          );
        default:
          throw notFound(`resource not found: ${name}`);
      }
    });

    app.get<{ Params: { file: string } }>(
      '/services/:file',
      { config: CONFIG },
      async (request, reply) => {
        const [code, format] = fileOf(request.params.file);
        const definition = await service.serviceDefinition(ctx, code, request.lang);
        return send(reply, format, 'service_definition', definition);
      },
    );

    app.get<{ Params: { file: string } }>(
      '/requests/:file',
      { config: CONFIG },
      async (request, reply) => {
        const [id, format] = fileOf(request.params.file);
        const one = await service.request(ctx, id, request.lang);
        return send(reply, format, 'service_requests', one);
      },
    );

    app.post<{ Params: { file: string } }>('/:file', { config: CONFIG }, async (request, reply) => {
      const [name, format] = fileOf(request.params.file);
      if (name !== 'requests') throw notFound(`resource not found: ${name}`);
      const query = (request.query ?? {}) as Record<string, unknown>;
      const body =
        typeof request.body === 'object' && request.body !== null
          ? (request.body as Record<string, unknown>)
          : {};
      const created = await service.createRequest(ctx, { ...query, ...body }, request.lang);
      void reply.status(created.duplicate ? 200 : 201);
      return send(reply, format, 'service_requests', created.reply);
    });
  };
}
