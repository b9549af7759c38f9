import { readFileSync } from 'node:fs';
import { call, type Envelope } from '../lib/server';

/**
 * The console's clicks, replayed: `bench/src/console-requests.json` (recorded from the
 * Playwright suite with E2E_RECORD and distilled by `bench/src/distil-console.ts`) says, per
 * kind of click, which requests the console sends, in waves; a browsing user of the mixed load
 * picks a click by its weight, fills the placeholders from what it has seen (the previous list
 * answer) and from the benchmark database, and sends each wave's requests together.
 */

export interface ConsoleRequest {
  method: 'GET' | 'POST';
  /** Below /api, with its query string. */
  path: string;
  body?: unknown;
}
export interface ClickVariant {
  /** How often the recording had it (0: derived). */
  seen: number;
  users: string[];
  /** Sent in order; the requests of one wave together. */
  waves: ConsoleRequest[][];
}
export interface ClickKind {
  kind: string;
  /** Clicks of this kind per 100 clicks of a browsing user. */
  weight: number;
  source: string;
  variants: ClickVariant[];
}
export interface ConsoleRequests {
  about: string;
  recorded: { tests: number; requests: number };
  clicks: ClickKind[];
}

export function loadConsoleRequests(): ConsoleRequests {
  const file = new URL('../console-requests.json', import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as ConsoleRequests;
}

/** Values the placeholders draw on that come from the database, not from a previous answer. */
export interface ReplayWorld {
  hostUnitIds: number[];
  categoryIds: number[];
  terms: string[];
  /**
   * Paths refused (403) to a user: the console sends some requests only to users who may (the
   * seat simulator's lists to call staff), so after one refusal they are not replayed for that
   * user again.
   */
  refused: Map<string, Set<string>>;
}

interface TreeNode {
  id?: number;
  children?: TreeNode[];
}
function ids(nodes: TreeNode[] | undefined, out: number[] = []): number[] {
  for (const n of nodes ?? []) {
    if (typeof n.id === 'number') out.push(n.id);
    ids(n.children, out);
  }
  return out;
}

export async function replayWorld(
  base: string,
  token: string,
  terms: string[],
): Promise<ReplayWorld> {
  const hosts = await call<{ list: TreeNode[] }>(
    base,
    token,
    '/addons/jsjb/org/queryOrgInfoHdTree',
    {
      all: 1,
    },
  );
  const categories = await call<{ list: TreeNode[] }>(
    base,
    token,
    '/addons/jsjb/lists/categoryTree',
    {
      all: 1,
    },
  );
  return {
    hostUnitIds: ids(hosts.data.list),
    categoryIds: ids(categories.data.list),
    terms,
    refused: new Map(),
  };
}

/** What one simulated console knows: its queues, the queue shown and that list's answer. */
export interface ConsoleState {
  user: string;
  token: string;
  queues: string[];
  menuId: string;
  rows: { id: number; orderNum: string }[];
  total: number | null;
  pageSize: number;
}

const LIST = /\/lists\/(search|searchEs)$/;
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** The key a request's latency is tallied under: its path, and for lists whether it asked the total. */
export function routeKey(path: string, body: unknown): string {
  const route = path.split('?')[0] as string;
  if (!LIST.test(route)) return route;
  const amount = (body as { isAmount?: unknown } | undefined)?.isAmount;
  return `${route} ${amount ? '+total' : 'no total'}`;
}

/** A click the state cannot fill (no rows to open, a queue of one page). */
class Unfillable extends Error {}

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

function fill(
  value: unknown,
  s: ConsoleState,
  world: ReplayWorld,
  chosen: Map<string, unknown>,
): unknown {
  if (Array.isArray(value)) return value.map((v) => fill(v, s, world, chosen));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, fill(v, s, world, chosen)]),
    );
  if (typeof value !== 'string' || !value.includes('{{')) return value;
  const whole = /^\{\{([\w]+)(?::(-?\d+))?\}\}$/.exec(value);
  if (!whole) return value.replaceAll('{{menuId}}', s.menuId);
  const [, name, arg] = whole as unknown as [string, string, string | undefined];
  const key = `${name}:${arg ?? ''}`;
  if (chosen.has(key)) return chosen.get(key);
  const row = () => {
    if (!chosen.has('row')) {
      if (s.rows.length === 0) throw new Unfillable('no rows');
      chosen.set('row', pick(s.rows));
    }
    return chosen.get('row') as ConsoleState['rows'][number];
  };
  let v: unknown;
  switch (name) {
    case 'menuId':
      v = s.menuId;
      break;
    case 'id':
      v = row().id;
      break;
    case 'orderNum':
      v = row().orderNum;
      break;
    case 'keyword':
      v = pick(world.terms);
      break;
    case 'hostUnitId':
      v = pick(world.hostUnitIds);
      break;
    case 'categoryId':
      v = pick(world.categoryIds);
      break;
    case 'date':
      v = day(Number(arg ?? 0));
      break;
    case 'pageNo': {
      const pages = s.total === null ? 5 : Math.min(5, Math.ceil(s.total / s.pageSize));
      if (pages < 2) throw new Unfillable('one page');
      v = 2 + Math.floor(Math.random() * (pages - 1));
      break;
    }
    default:
      throw new Error(`console-requests.json: unknown placeholder ${value}`);
  }
  chosen.set(key, v);
  return v;
}

/** Picks a kind of click by weight, then one of its variants (the user's own if recorded). */
export function pickClick(
  clicks: ClickKind[],
  user: string,
): { kind: string; variant: ClickVariant } {
  const live = clicks.filter((c) => c.weight > 0);
  let roll = Math.random() * live.reduce((s, c) => s + c.weight, 0);
  let kind = live[0] as ClickKind;
  for (const c of live) {
    roll -= c.weight;
    if (roll < 0) {
      kind = c;
      break;
    }
  }
  const own = kind.variants.filter((v) => v.users.includes(user));
  const from = own.length > 0 ? own : kind.variants;
  let vroll = Math.random() * from.reduce((s, v) => s + Math.max(1, v.seen), 0);
  for (const v of from) {
    vroll -= Math.max(1, v.seen);
    if (vroll < 0) return { kind: kind.kind, variant: v };
  }
  return { kind: kind.kind, variant: from[0] as ClickVariant };
}

/** Sends one request and returns the envelope (null on a transport failure). */
export type Send = (path: string, token: string, body?: unknown) => Promise<Envelope | null>;

/**
 * Replays one click: its waves in order, each wave's requests together. Returns false when the
 * state could not fill it (nothing sent). Opening a queue (or a link to one) moves to another of
 * the user's queues; a list answer becomes the rows the next click opens.
 */
export async function replayClick(
  kind: string,
  variant: ClickVariant,
  s: ConsoleState,
  world: ReplayWorld,
  send: Send,
): Promise<boolean> {
  if (kind === 'open-queue' || kind === 'open-link') s.menuId = pick(s.queues);
  const chosen = new Map<string, unknown>();
  let waves: ConsoleRequest[][];
  try {
    waves = variant.waves.map((w) =>
      w.map((r) => ({
        ...r,
        body: r.body === undefined ? undefined : fill(r.body, s, world, chosen),
      })),
    );
  } catch (error) {
    if (error instanceof Unfillable) return false;
    throw error;
  }
  const refused = world.refused.get(s.user) ?? new Set<string>();
  world.refused.set(s.user, refused);
  for (const wave of waves) {
    await Promise.all(
      wave.map(async (r) => {
        if (refused.has(r.path)) return;
        const answer = await send(r.path, s.token, r.method === 'GET' ? undefined : r.body);
        if (answer?.code === 403) refused.add(r.path);
        const list = (answer?.data as { list?: unknown; totalCount?: number } | undefined) ?? {};
        if (LIST.test(r.path) && answer?.code === 200 && Array.isArray(list.list)) {
          s.rows = (list.list as { id: number; orderNum: string }[]).map((o) => ({
            id: o.id,
            orderNum: o.orderNum,
          }));
          s.total = typeof list.totalCount === 'number' ? list.totalCount : null;
          s.pageSize = Number((r.body as { pageSize?: number }).pageSize ?? 10);
        }
      }),
    );
  }
  return true;
}
