import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * The console's Content-Security-Policy: scripts, fonts, workers and connections only from the
 * console's own origin (no inline script: index.html loads its one legacy script from a file),
 * styles also inline (Ant Design writes its styles at run time), images also as data: and blob:
 * URLs, media also blob: (recordings), frames from the origin and blob: URLs (PDF preview, call
 * window), and never framed by another site. Every API answer carries it too; the few responses that must
 * be framed by the console set their own (`frameableBySelf`).
 */
export const CONSOLE_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} as const;

/**
 * Helmet's headers on every response (issue 19): the CSP above, X-Frame-Options DENY,
 * X-Content-Type-Options nosniff, Referrer-Policy no-referrer, Cross-Origin-Opener-Policy and
 * Cross-Origin-Resource-Policy same-origin, and the rest of helmet's defaults. Not here:
 * Strict-Transport-Security, which belongs to the TLS proxy (docs/operations.md) — a node
 * speaking plain HTTP behind it must not pin HTTPS for a host it does not serve.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: { ...CONSOLE_CSP } },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
}

/** For a response the console shows in a frame of its own (a PDF preview, the call window). */
export const frameableBySelf = {
  'content-security-policy': "frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
} as const;
