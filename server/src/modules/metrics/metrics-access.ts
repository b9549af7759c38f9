import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../http/access';

/**
 * Who may read GET /metrics. With METRICS_TOKEN set: a caller with `Authorization: Bearer
 * <token>` (401 otherwise). Without it: loopback callers only (403 otherwise) — judged by
 * `request.ip`, so behind a trusted proxy (TRUST_PROXY) the real client counts, and a request
 * that came through any proxy (it carries a forwarding header) is never taken for a local one.
 */
export type MetricsAccess = 'ok' | 'unauthorized' | 'forbidden';

const digest = (text: string) => createHash('sha256').update(text).digest();

export function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

export function metricsAccess(request: FastifyRequest, token: string | undefined): MetricsAccess {
  if (token !== undefined) {
    const given = bearerToken(request);
    // Equal-length digests: the comparison takes the same time whatever was sent.
    return given !== undefined && timingSafeEqual(digest(given), digest(token))
      ? 'ok'
      : 'unauthorized';
  }
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  return forwarded === undefined && isLoopback(request.ip) ? 'ok' : 'forbidden';
}
