// npx tsx bench/src/distil-console.ts <recording.jsonl> [--out bench/src/console-requests.json]
//
// Turns a recording of what the console sent during the Playwright suite (E2E_RECORD, see
// e2e/tests/support/record-requests.ts) into the request templates the mixed load replays
// (bench/src/sections/console-replay.ts): one entry per kind of click, each with the requests
// the console sent for it, in waves (a wave's requests were in flight together; a later wave
// started after an earlier one's answer), order ids, order numbers, keywords, units,
// categories and dates replaced by placeholders the replay fills from the benchmark database.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import type { ClickKind, ConsoleRequest, ConsoleRequests } from './sections/console-replay';

interface Recorded {
  start: number;
  end: number | null;
  session: number;
  test: string;
  user: string;
  route: string;
  method: string;
  path: string;
  body: unknown;
  status: number | null;
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string', default: 'bench/src/console-requests.json' } },
});
const input = positionals[0];
if (!input) {
  console.error('usage: tsx bench/src/distil-console.ts <recording.jsonl> [--out file]');
  process.exit(2);
}

/** Not replayed: sign-in, the push channel (needs a live socket), files, the seat simulator's
 * own polls are kept (the console sends them), error and log reports are not. */
const SKIP = [/^\/login\//, /^\/publicKey$/, /^\/push\//, /^\/file\//, /^\/errorLog/];
/** Reads: what a browsing user's click may send. Anything else changes state (an action). */
const READS = [
  /^\/addons\/jsjb\/lists\/(search|searchEs|detail|counts|categoryTree)$/,
  /^\/addons\/jsjb\/org\/queryOrgInfoHdTree$/,
  /^\/addons\/jsjb\/cols\/getCols$/,
  /^\/user\/userInfo$/,
  /^\/rule\/menu$/,
  /^\/getWebConfig$/,
  /^\/addons\/call\/(Callseat|index)\/getList$/,
];
const LIST = /\/lists\/(search|searchEs)$/;
const DATE = /^\d{4}-\d{2}-\d{2}/;
const FILTERS = [
  'status',
  'urgency',
  'hostUnitId',
  'categoryId',
  'isKeyAppeal',
  'orderNum',
  'keyword',
  'callTimeFrom',
  'callTimeTo',
  'dispatchTimeFrom',
  'dispatchTimeTo',
  'deadlineFrom',
  'deadlineTo',
];

const lines = readFileSync(input, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Recorded)
  .filter((r) => r.route !== '/login' && r.status !== null && r.status < 400)
  .map((r) => ({ ...r, path: r.path.replace(/^\/api/, '') }))
  .filter((r) => !SKIP.some((re) => re.test(r.path.split('?')[0] as string)));

const pathOf = (r: { path: string }) => r.path.split('?')[0] as string;
const isRead = (r: { path: string }) => READS.some((re) => re.test(pathOf(r)));
const bodyOf = (r: { body: unknown }) => (r.body ?? {}) as Record<string, unknown>;
const dayOf = (ms: number) => Math.floor(ms / 86_400_000);

/** Requests in flight together form a wave. */
function waves(session: Recorded[]): Recorded[][] {
  const out: Recorded[][] = [];
  let wave: Recorded[] = [];
  let until = 0;
  for (const r of session) {
    const first = wave[0];
    if (first && r.start > until && r.start > first.start + 50) {
      out.push(wave);
      wave = [];
    }
    wave.push(r);
    until = Math.max(until, r.end ?? r.start);
  }
  if (wave.length) out.push(wave);
  return out;
}

/** A click: its waves. A page load is a chain (user info → menu → settings → counts → list). */
function clicks(session: Recorded[]): Recorded[][][] {
  const out: Recorded[][][] = [];
  let chain: Recorded[][] | null = null;
  for (const wave of waves(session)) {
    const loads = wave.some((r) => pathOf(r) === '/user/userInfo');
    if (loads) {
      if (chain) out.push(chain);
      chain = [wave];
    } else if (chain) {
      chain.push(wave);
    } else {
      out.push([wave]);
      continue;
    }
    if (wave.some((r) => LIST.test(pathOf(r)) || pathOf(r).endsWith('/lists/detail'))) {
      out.push(chain);
      chain = null;
    }
  }
  if (chain) out.push(chain);
  return out;
}

/** The kind of a click; `previous`: the body of the session's last list request. */
function classify(click: Recorded[][], previous: Record<string, unknown> | null): string {
  const all = click.flat();
  if (!all.every(isRead)) return 'action';
  if (all.some((r) => pathOf(r) === '/user/userInfo')) return 'reload';
  const list = all.find((r) => LIST.test(pathOf(r)) && bodyOf(r).isAmount);
  const mounts = all.some((r) => pathOf(r).endsWith('/cols/getCols'));
  if (list) {
    const body = bodyOf(list);
    const filtered = FILTERS.some((f) => body[f] !== undefined);
    if (mounts) return filtered ? 'open-link' : 'open-queue';
    // the refresh button (and a batch action): the list and the menu counts read again together
    if (all.some((r) => pathOf(r).endsWith('/lists/counts'))) return 'refresh';
    // the same list read again: after an action (order bus), not a click of a browsing user
    if (JSON.stringify(body) === JSON.stringify(previous)) return 'list-again';
    if (
      previous &&
      JSON.stringify({ ...body, pageSize: previous.pageSize }) === JSON.stringify(previous)
    )
      return 'page-size';
    if (body.keyword) return 'keyword-search';
    if (filtered) return 'filter';
    if (Number(body.pageNo) > 1) return 'change-page';
    return 'list';
  }
  if (all.length === 1 && pathOf(all[0] as Recorded).endsWith('/lists/detail'))
    return 'open-detail';
  // the similar tab or the merge form of the order shown (read on demand, decision 0011)
  if (all.length === 1 && pathOf(all[0] as Recorded).endsWith('/similarOrder'))
    return 'open-similar';
  if (all.every((r) => pathOf(r).endsWith('/lists/counts'))) return 'counts';
  return 'other';
}

/** The recorded request with the values the replay must choose replaced by placeholders. */
function template(r: Recorded, menuId: string | undefined): ConsoleRequest {
  const recordedDay = dayOf(r.start);
  const swap = (key: string, value: unknown): unknown => {
    if (Array.isArray(value)) return value.map((v) => swap(key, v));
    if (key === 'id' || key === 'ids' || key === 'orderId') return '{{id}}';
    if (key === 'orderNum') return '{{orderNum}}';
    if (key === 'keyword') return '{{keyword}}';
    if (key === 'hostUnitId') return '{{hostUnitId}}';
    if (key === 'categoryId') return '{{categoryId}}';
    if (key === 'pageNo' && Number(value) > 1) return '{{pageNo}}';
    if (typeof value === 'string' && DATE.test(value)) {
      const offset = dayOf(Date.parse(`${value.slice(0, 10)}T00:00:00Z`)) - recordedDay;
      return `{{date:${offset}}}`;
    }
    if (typeof value === 'string' && menuId && value.includes(menuId))
      return value.replace(menuId, '{{menuId}}');
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(k, v)]));
    return value;
  };
  const out: ConsoleRequest = { method: r.method === 'GET' ? 'GET' : 'POST', path: r.path };
  if (r.method !== 'GET') out.body = swap('', r.body ?? {});
  return out;
}

// Session ids restart with each worker process; a session is one (test, session id).
const bySession = new Map<string, Recorded[]>();
for (const r of lines) {
  const key = `${r.test}\u0000${r.session}`;
  bySession.set(key, [...(bySession.get(key) ?? []), r]);
}

const kinds = new Map<
  string,
  Map<string, { waves: ConsoleRequest[][]; seen: number; users: Set<string>; tests: Set<string> }>
>();
const tally = new Map<string, number>();
for (const session of bySession.values()) {
  session.sort((a, b) => a.start - b.start);
  let previous: Record<string, unknown> | null = null;
  for (const click of clicks(session)) {
    const kind = classify(click, previous);
    const lists = click.flat().filter((r) => LIST.test(pathOf(r)) && bodyOf(r).isAmount);
    if (lists.length > 0) previous = bodyOf(lists[lists.length - 1] as Recorded);
    tally.set(kind, (tally.get(kind) ?? 0) + 1);
    if (process.env.DISTIL_DEBUG === kind)
      console.log(
        kind,
        click.map((w) => w.map((r) => `${r.path} ${JSON.stringify(r.body)}`)),
      );
    if (kind === 'action' || kind === 'other' || kind === 'list-again') continue;
    const first = click.flat()[0] as Recorded;
    const list = click.flat().find((r) => LIST.test(pathOf(r)));
    const menuId =
      (list && (bodyOf(list).menuId as string | undefined)) ??
      /\/(\w+_\w+)(\?|$)/.exec(first.route)?.[1];
    const shaped = click.map((wave) =>
      wave.map((r) => template(r, menuId)).sort((a, b) => a.path.localeCompare(b.path)),
    );
    const key = JSON.stringify(shaped);
    const variants = kinds.get(kind) ?? new Map();
    const v = variants.get(key) ?? { waves: shaped, seen: 0, users: new Set(), tests: new Set() };
    v.seen += 1;
    v.users.add(first.user);
    v.tests.add(first.test);
    variants.set(key, v);
    kinds.set(kind, variants);
  }
}

/** How often a browsing user makes each kind of click (per 100): a choice, not a recording. */
const WEIGHTS: Record<string, number> = {
  'open-queue': 25,
  'open-detail': 20,
  // about one order in seven opened has its similar orders looked at
  'open-similar': 3,
  'change-page': 12,
  'keyword-search': 10,
  'filter-date': 8,
  refresh: 8,
  'filter-category': 5,
  'open-link': 4,
  reload: 4,
  'page-size': 2,
  counts: 2,
};
const MAX_VARIANTS = 4;

// kinds without a weight (a list re-read with a tree, …) are left out: never replayed
const recorded: ClickKind[] = [...kinds.entries()]
  .filter(([kind]) => (WEIGHTS[kind] ?? 0) > 0)
  .map(([kind, variants]) => ({
    kind,
    weight: WEIGHTS[kind] ?? 0,
    source: 'recorded',
    variants: [...variants.values()]
      .sort((a, b) => b.seen - a.seen)
      .slice(0, MAX_VARIANTS)
      .map((v) => ({
        seen: v.seen,
        users: [...v.users].sort(),
        waves: v.waves,
      })),
  }));

/**
 * Clicks the suite does not make, built like the recorded click that takes the same path through
 * the console: a filter, a page or a search on a list already shown changes the route's query and
 * the list alone is read again (the recorded keyword search and page-size change send nothing
 * else), with the body of the queue as opened plus the filter.
 */
function derive(kind: string, note: string, extras: Record<string, unknown>[]): ClickKind | null {
  const open = recorded.find((k) => k.kind === 'open-queue')?.variants[0];
  const list = open?.waves.flat().find((r) => LIST.test(r.path));
  if (!list) return null;
  return {
    kind,
    weight: WEIGHTS[kind] ?? 0,
    source: `derived: ${note}`,
    variants: extras.map((extra) => ({
      seen: 0,
      users: [],
      waves: [[{ ...list, body: { ...(list.body as object), ...extra } }]],
    })),
  };
}
const present = new Set(recorded.map((k) => k.kind));
const derived = [
  derive('change-page', 'the open queue list with pageNo 2-5', [{ pageNo: '{{pageNo}}' }]),
  derive('filter-date', 'call time or dispatch time in the last 7 days, deadline in the next 7', [
    { callTimeFrom: '{{date:-7}}', callTimeTo: '{{date:0}}' },
    { dispatchTimeFrom: '{{date:-7}}', dispatchTimeTo: '{{date:0}}' },
    { deadlineFrom: '{{date:0}}', deadlineTo: '{{date:7}}' },
  ]),
  derive('filter-category', 'a problem category (any level)', [{ categoryId: '{{categoryId}}' }]),
  {
    kind: 'open-similar',
    weight: WEIGHTS['open-similar'] ?? 0,
    source: 'derived: similarOrder by id, as the similar tab and the merge form send it',
    variants: [
      {
        seen: 0,
        users: [],
        waves: [[{ method: 'POST', path: '/addons/jsjb/similarOrder', body: { id: '{{id}}' } }]],
      },
    ],
  } satisfies ClickKind,
].filter((d): d is ClickKind => d !== null && !present.has(d.kind));
const out: ConsoleRequests = {
  about:
    'Requests the console sends per kind of click, recorded from the Playwright suite (E2E_RECORD) and ' +
    'distilled by bench/src/distil-console.ts; replayed by section 7 (--replay console). Placeholders: ' +
    '{{id}}/{{orderNum}} from the previous list answer, {{menuId}} the queue shown, {{keyword}}, ' +
    '{{hostUnitId}}, {{categoryId}} from the benchmark database, {{pageNo}} 2–5, {{date:N}} today + N days. ' +
    'weight: clicks per 100 (a choice); source: recorded, or derived (a click the suite does not make, ' +
    'built like the recorded click that goes the same way through the console).',
  recorded: { tests: new Set(lines.map((r) => r.test)).size, requests: lines.length },
  clicks: [...recorded, ...derived].sort(
    (a, b) => b.weight - a.weight || a.kind.localeCompare(b.kind),
  ),
};
const options = (await prettier.resolveConfig(args.out)) ?? {};
writeFileSync(args.out, await prettier.format(JSON.stringify(out), { ...options, parser: 'json' }));
console.log(
  `distil: ${lines.length} requests → clicks ${[...tally.entries()].map(([k, n]) => `${k} ${n}`).join(', ')}; written ${args.out}`,
);
