import type { FastifyRequest } from 'fastify';

/**
 * What the request log must not keep from an address's query string: credentials (an
 * integration key, a token in a download or template link, a WebSocket's token) and a
 * citizen's phone number (docs/sms.md: never a full number in a log). Open311 clients may
 * send every field in the address, GET and POST alike.
 */
const SECRET = new Set([
  'api_key',
  'apikey',
  'token',
  'access_token',
  'phone',
  'mobile',
  'password',
  'code',
  'phonetail',
]);

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed name is kept as sent
      }
      return SECRET.has(name.toLowerCase()) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

/** Fastify's own request serializer, with the query string redacted. */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
