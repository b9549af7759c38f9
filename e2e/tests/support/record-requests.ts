import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { test, type BrowserContext, type Page, type Request } from '@playwright/test';

/**
 * Opt-in recorder of what the console sends (E2E_RECORD=<file>): every /api request a signed-in
 * browser context makes, as one JSON line — who (user and roles), which test, the console route,
 * method, path, body, status, and when it started and ended — so `bench/src/distil-console.ts`
 * can turn the suite's list, search, filter, detail and action flows into the benchmark's request
 * templates. Calls the specs make themselves (Playwright's `request` fixture) are not the
 * console's and are not seen here. Without E2E_RECORD nothing is attached.
 */

export interface RecordedRequest {
  /** Epoch ms when the request started and when its response ended (null: it failed). */
  start: number;
  end: number | null;
  /** One id per browser context: concurrent sessions of one test stay apart. */
  session: number;
  test: string;
  user: string;
  roles: string[];
  /** The console's route (hash) when the request was sent. */
  route: string;
  method: string;
  /** Path below the origin, with its query string: `/api/addons/jsjb/lists/search`. */
  path: string;
  body: unknown;
  status: number | null;
}

interface Session {
  id: number;
  user: string;
  roles: string[];
}

const sessions = new WeakMap<BrowserContext, Session>();
let nextSession = 1;

function bodyOf(request: Request): unknown {
  const text = request.postData();
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function routeOf(request: Request): string {
  try {
    return new URL(request.frame().url()).hash.replace(/^#/, '');
  } catch {
    return ''; // a service worker's request has no frame
  }
}

function write(file: string, line: RecordedRequest): void {
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/**
 * Records the requests of `page`'s browser context as `username` from now on (a later sign-in on
 * the same context changes the user). Called by the session helpers when a spec signs in.
 */
export function recordRequests(page: Page, username: string): void {
  const file = process.env.E2E_RECORD ? resolve(process.env.E2E_RECORD) : null;
  if (!file) return;
  const context = page.context();
  const known = sessions.get(context);
  if (known) {
    known.user = username;
    known.roles = [];
    return;
  }
  mkdirSync(dirname(file), { recursive: true });
  const session: Session = { id: nextSession++, user: username, roles: [] };
  sessions.set(context, session);
  let title = '';
  try {
    title = test.info().titlePath.slice(1).join(' › ');
  } catch {
    // outside a test
  }
  const started = new Map<Request, { start: number; route: string; user: string }>();
  context.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    started.set(request, { start: Date.now(), route: routeOf(request), user: session.user });
  });
  const finish = async (request: Request, failed: boolean) => {
    const begun = started.get(request);
    if (!begun) return;
    started.delete(request);
    const url = new URL(request.url());
    const response = failed ? null : await request.response().catch(() => null);
    if (url.pathname === '/api/user/userInfo' && response?.ok()) {
      const info = (await response.json().catch(() => null)) as {
        data?: { roles?: string[] };
      } | null;
      session.roles = info?.data?.roles ?? [];
    }
    // the browser's own clock of the exchange when it has one (the events arrive late)
    const timing = request.timing();
    const start = timing.startTime > 0 ? timing.startTime : begun.start;
    const end = timing.responseEnd >= 0 ? start + timing.responseEnd : Date.now();
    write(file, {
      start: Math.round(start),
      end: failed ? null : Math.round(end),
      session: session.id,
      test: title,
      user: begun.user,
      roles: session.roles,
      route: begun.route,
      method: request.method(),
      path: url.pathname + url.search,
      body: bodyOf(request),
      status: response?.status() ?? null,
    });
  };
  context.on('requestfinished', (request) => void finish(request, false));
  context.on('requestfailed', (request) => void finish(request, true));
}
