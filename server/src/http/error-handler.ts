import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codeMessage, httpStatusFor, pickLang, translate } from '@hotline/domain';
import { AppError } from './app-error';
import { ValidationError, formatIssues } from './validation';

const TOO_LARGE = new Set(['FST_ERR_CTP_BODY_TOO_LARGE', 'FST_REQ_FILE_TOO_LARGE']);
const BAD_BODY = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
]);

/** busboy's words for a multipart body it cannot read (no boundary, a cut or bad part). */
const MALFORMED_MULTIPART =
  /^(Multipart: |Malformed part header|Unexpected end of (form|multipart))/;

/**
 * Every failure answers in the envelope. User mistakes are 4xx with a message that says what is
 * wrong; only genuine faults are 500, and those are logged with their stack.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang;
    let code: number;
    let msg: string;
    if (error instanceof AppError) {
      code = error.code;
      msg = translate(error.key, lang, error.params);
      // A refusal of ours that is not the user's mistake (a list stopped by its time limit):
      // operators see it in the log, with the route and what the request asked for.
      if (code >= 500) {
        const where = { method: request.method, url: request.url, userId: request.auth?.userId };
        request.log.warn({ key: error.key, params: error.params, ...where, ...error.detail }, msg);
      }
    } else if (error instanceof ValidationError) {
      code = 400;
      msg = formatIssues(error.issues, lang, error.part);
    } else if (error.validation && error.validation.length > 0) {
      code = 400;
      msg = error.message;
    } else if (error.code && TOO_LARGE.has(error.code)) {
      code = 413;
      msg = translate('request.tooLarge', lang);
    } else if (error.code && BAD_BODY.has(error.code)) {
      code = 400;
      msg = translate('request.invalidJson', lang);
    } else if (!error.statusCode && MALFORMED_MULTIPART.test(error.message)) {
      code = 400;
      msg = translate('request.badMultipart', lang);
    } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      code = 400;
      msg = translate('request.unsupportedType', lang);
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      code = error.statusCode;
      msg = codeMessage(code, lang);
    } else {
      request.log.error({ err: error }, 'unhandled error');
      code = 500;
      msg = translate('request.serverError', lang);
    }
    // Plain JSON: the route's success schema must not judge an error envelope (codes like
    // 217 travel with HTTP 200 and would otherwise be checked against it).
    void reply
      .status(httpStatusFor(code))
      .type('application/json; charset=utf-8')
      .serializer((payload: unknown) => JSON.stringify(payload))
      .send({ code, msg, data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    void reply
      .status(404)
      .send({ code: 404, msg: translate('request.notFound', request.lang, { path }), data: null });
  });
}

/**
 * Errors the router meets before any route or hook (a malformed percent-escape in the path,
 * a path parameter past its length): in the envelope too (`frameworkErrors` in buildApp).
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = pickLang(request.headers['accept-language']);
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const path = (request.url.split('?')[0] ?? '').slice(0, 200);
  void reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ code: status, msg: translate('request.badUrl', lang, { path }), data: null });
}

/**
 * A request Node's HTTP parser cannot read (a wrong Content-Length, a broken header): there is
 * no request to read a language from, so the default language's envelope, and the connection
 * closes (`clientErrorHandler` in buildApp).
 */
export function clientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : 400;
  const key =
    status === 408
      ? 'request.timeout'
      : status === 431
        ? 'request.headersTooLarge'
        : 'request.malformed';
  const body = JSON.stringify({ code: status, msg: translate(key, 'zh'), data: null });
  socket.end(
    `HTTP/1.1 ${status} ${status === 408 ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
