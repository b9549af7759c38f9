import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allEndpoints, type EndpointShape } from '@hotline/contract';
import { ACCEPT_LANGUAGE, post } from '../support/api';
import { ACTION_TABLES, JSJB } from '../support/lifecycle';
import { bearer } from '../support/test-app';
import { createFileApp, file, type FileApp } from '../intake/intake-fixtures';
import { SAMPLES } from '../intake/intake-samples';
import { fastSimulator, takeSeat, waitForState } from '../calls/calls-fixtures';
import { readXlsx } from '../exports/exports-fixtures';
import { sql } from 'kysely';
import type { TelephonyCall } from '@hotline/contract';

/**
 * Cross-unit id probes (issue 19), derived from the contract so a new endpoint is covered
 * without a new test: every `user` endpoint whose request names an order, a file, an export job
 * or a call (found by its schema's field names: id, ids, orderId, intoId, fileIds, jobId,
 * callOutId …) is called with a valid body (built from the schema) naming one that belongs to
 * someone else — a street handler on another street's order, a department on another
 * department's order and file, a user on another's export job and call — and must be refused:
 * 403 or 404 in the envelope, no data, and nothing written. The owner's own reads of the same
 * ids answer 200, so the ids are real.
 */

type Kind = 'order' | 'file' | 'job' | 'call';
type Body = Record<string, unknown>;

/** `id` fields that name no owned record (a unit of the organisation tree: public to users). */
const NOT_OWNED: Record<string, string> = {
  '/addons/jsjb/org/treeWangGe': 'a unit id (grid tree)',
  '/addons/jsjb/sjs/querychild': 'a unit id (its children)',
  '/phrase/update': 'a phrase id (server/test/phrases: another user’s phrase is 404)',
  '/phrase/delete': 'a phrase id (server/test/phrases: another user’s phrase is 404)',
};

/** What a field of a request names, from its name (and for `id`, the endpoint's tags). */
function kindOf(ep: EndpointShape, field: string, fields: readonly string[]): Kind | null {
  if (field === 'jobId') return 'job';
  if (field === 'callOutId') return 'call';
  if (field === 'fileIds') return 'file';
  if (['orderId', 'intoId', 'mergeIntoId', 'ids'].includes(field)) return 'order';
  if (field !== 'id' || ep.paths[0] in NOT_OWNED) return null;
  if (ep.tags.includes('files') && !fields.includes('fileIds')) return 'file';
  const orderTags = ['work-order', 'exports', 'files'];
  if (ep.tags.some((tag) => orderTags.some((t) => tag.startsWith(t)))) return 'order';
  return null;
}

// ---- valid bodies from the schema ----------------------------------------------------------

interface Def {
  type?: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  schema?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, unknown>;
  values?: unknown[];
}
const defOf = (s: z.ZodType): Def => (s as unknown as { def: Def }).def;

/** The fields of an object schema (through optional, default, pipes), if any. */
function shapeOf(schema: z.ZodType | undefined, depth = 0): Record<string, z.ZodType> {
  if (!schema || depth > 6) return {};
  const def = defOf(schema);
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? def.shape;
  if (shape) return shape;
  for (const inner of [def.innerType, def.in, def.out, def.schema]) {
    const found = shapeOf(inner, depth + 1);
    if (Object.keys(found).length > 0) return found;
  }
  return {};
}

/** Plain strings to try; 'id' and 'title' are export columns. */
const STRINGS = ['测试内容', '1', '2026-11-25', '2026-11-25 10:00:00', 'a', '13900000000', 'id'];

/** Candidate values of one field's schema, the plainest first. */
function candidates(schema: z.ZodType, depth = 0): unknown[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return candidates(def.innerType!, depth);
    case 'pipe':
      return [...candidates(def.in!, depth), ...(def.out ? candidates(def.out, depth) : [])];
    case 'string':
      return STRINGS;
    case 'number':
    case 'int':
      return [1, 24, 0];
    case 'boolean':
      return [true, false];
    case 'enum':
      return Object.values(def.entries ?? {});
    case 'literal':
      return def.values ?? [];
    case 'array':
      return depth > 2 ? [[]] : candidates(def.element!, depth + 1).map((v) => [v]);
    case 'union':
      return (def.options ?? []).flatMap((o) => candidates(o, depth));
    case 'object':
      return depth > 2 ? [{}] : [validBody(schema, {}, depth + 1) ?? {}];
    default:
      return [1, '测试内容', true];
  }
}

const parses = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/**
 * A body the schema accepts with `fixed` fields as given: each other field the first candidate
 * its own schema accepts; optional fields left out, unless the whole needs them.
 */
function validBody(schema: z.ZodType, fixed: Body, depth = 0, withOptional = false): Body | null {
  const shape = shapeOf(schema);
  const required: Body = { ...fixed };
  const full: Body = { ...fixed };
  for (const [key, field] of Object.entries(shape)) {
    if (key in fixed) continue;
    const value = candidates(field, depth).find((v) => parses(field, v));
    if (value === undefined) continue;
    full[key] = value;
    if (!parses(field, undefined)) required[key] = value;
  }
  if (!withOptional && parses(schema, required)) return required;
  if (parses(schema, full)) return full;
  return null;
}

/**
 * Exports of a selection keep the selection within the filter and the caller's scope (an order
 * that left it since it was selected is left out, not refused): a foreign id exports nothing.
 */
const EMPTY_SELECTION: Record<string, (reply: Sent) => Promise<boolean>> = {
  '/addons/jsjb/export/initCsv': async (r) =>
    (r.data as { job?: { total?: number } } | undefined)?.job?.total === 0,
  '/addons/jsjb/export/exportExcel': async (r) =>
    !r.json && r.status === 200 && (await readXlsx(r.raw)).length <= 1,
};

// ---- fixtures ------------------------------------------------------------------------------

/** A caller, and records of another unit or user: every owned id of a request is one of these. */
interface Case {
  stranger: string;
  ids: Record<Kind, number | string>;
}

let f: FileApp;
const cases: Case[] = [];
/** The owners' reads of the same records (the ids are real). */
const ownReads: [who: string, method: 'GET' | 'POST', url: string, body: Body | undefined][] = [];

async function fileOn(orderId: number): Promise<number> {
  const upload = await f.upload('dispatcher', [
    { name: 'orderId', value: String(orderId) },
    file('回复函.docx', SAMPLES.docx!),
  ]);
  expect(upload.code, upload.msg).toBe(200);
  return upload.data.id;
}

async function csvJob(who: string, orderId: number): Promise<number> {
  const job = await post<{ job: { id: number } }>(
    f.t,
    `${JSJB}/export/initCsv`,
    { columns: ['id', 'title'], ids: [orderId] },
    { token: f.tokens[who] },
  );
  expect(job.code, job.msg).toBe(200);
  return job.data.job.id;
}

beforeAll(async () => {
  f = await createFileApp(['dispatcher', 'street1', 'street2', 'dept1', 'dept2']);
  const orderS01 = await f.hostedOrder('S01');
  const orderB01 = await f.hostedOrder('B01');
  const [fileS01, fileB01] = [await fileOn(orderS01), await fileOn(orderB01)];
  const [jobStreet1, jobDept1] = [
    await csvJob('street1', orderS01),
    await csvJob('dept1', orderB01),
  ];
  // The dispatcher's call to the caller of the department's order.
  fastSimulator(f.t);
  await takeSeat(f.t, f.tokens.dispatcher!, 1);
  const dial = await post<TelephonyCall>(
    f.t,
    '/api/addons/call/index/dialout',
    { orderId: orderB01 },
    { token: f.tokens.dispatcher },
  );
  expect(dial.code, dial.msg).toBe(200);
  const call = dial.data.callOutId;
  await waitForState(f.t, f.tokens.dispatcher!, call, 'answered');
  cases.push(
    { stranger: 'street2', ids: { order: orderS01, file: fileS01, job: jobStreet1, call } },
    { stranger: 'dept2', ids: { order: orderB01, file: fileB01, job: jobDept1, call } },
  );
  ownReads.push(
    ['street1', 'POST', `${JSJB}/lists/detail`, { id: orderS01 }],
    ['dept1', 'POST', `${JSJB}/lists/detail`, { id: orderB01 }],
    ['street1', 'GET', `/api/file/download/${fileS01}`, undefined],
    ['dept1', 'GET', `/api/file/download/${fileB01}`, undefined],
    ['street1', 'POST', `${JSJB}/export/queryExportInfo`, { jobId: jobStreet1 }],
    ['dept1', 'POST', `${JSJB}/export/queryExportInfo`, { jobId: jobDept1 }],
    ['dispatcher', 'POST', '/api/addons/call/index/getList', { callOutId: call }],
  );
}, 120_000);
afterAll(async () => {
  await f?.close();
});

/** Row counts and digests of the tables an action or an attachment writes. */
async function written(): Promise<string> {
  const tables = [...ACTION_TABLES, 'order_attachments'];
  const parts = tables.map(
    (table) => sql`(SELECT count(*)::int || ':' || COALESCE(md5(string_agg(x::text, '|'
      ORDER BY x::text)), '-') FROM ${sql.table(table)} AS x)`,
  );
  const { rows } = await sql<{ d: string }>`SELECT concat_ws(' ', ${sql.join(parts)}) AS d`.execute(
    f.t.ctx.db,
  );
  return rows[0]?.d ?? '';
}

// ---- the probes ----------------------------------------------------------------------------

interface Probe {
  ep: EndpointShape;
  path: string;
  where: 'body' | 'query' | 'params';
  /** The fields that name an owned record, and what they name. */
  owned: [field: string, kind: Kind][];
}

const probes: Probe[] = allEndpoints()
  .filter((ep) => ep.access === 'user' && !ep.notEnabled)
  .flatMap((ep) =>
    (['body', 'query', 'params'] as const).flatMap((where) => {
      const fields = Object.keys(shapeOf(ep[where]));
      const owned = fields.flatMap((field): [string, Kind][] => {
        const kind = kindOf(ep, field, fields);
        return kind ? [[field, kind]] : [];
      });
      return owned.length > 0 ? [{ ep, path: ep.paths[0], where, owned }] : [];
    }),
  );

/** The request of a probe naming the case's records; null if no valid one can be built. */
function requestOf(p: Probe, c: Case, withOptional = false): { url: string; body?: Body } | null {
  const schema = p.ep[p.where];
  if (!schema) return null;
  const fixed = Object.fromEntries(
    p.owned.map(([field, kind]) => {
      const id = c.ids[kind];
      return [field, field === 'ids' || field === 'fileIds' ? [id] : id];
    }),
  );
  const built = validBody(schema, fixed, 0, withOptional);
  if (!built) return null;
  let url = `/api${p.path}`;
  if (p.where === 'params') {
    url = url.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
      encodeURIComponent(String(built[name])),
    );
    return { url };
  }
  if (p.where === 'query') {
    return { url: `${url}?${new URLSearchParams(built as Record<string, string>).toString()}` };
  }
  return { url, body: built };
}

/**
 * A 2xx that names nothing: every list in it empty, but per-id refusals (a batch answers each
 * id's outcome; a filter by a foreign id finds nothing).
 */
function namesNothing(data: unknown, key = ''): boolean {
  if (Array.isArray(data)) {
    if (key === 'refused') {
      return data.every((r: { code?: number }) => r.code === 403 || r.code === 404);
    }
    return data.length === 0;
  }
  if (data && typeof data === 'object') {
    return Object.entries(data).every(([k, v]) => namesNothing(v, k));
  }
  return true;
}

interface Sent {
  raw: Buffer;
  status: number;
  json: boolean;
  code: number | undefined;
  msg: string;
  data: unknown;
}

async function send(who: string, method: 'GET' | 'POST', url: string, body?: Body): Promise<Sent> {
  const res = await f.t.app.inject({
    method,
    url,
    headers: {
      'accept-language': ACCEPT_LANGUAGE.en,
      ...bearer(f.tokens[who] ?? ''),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  const json = String(res.headers['content-type'] ?? '').includes('application/json');
  const parsed = json ? res.json<{ code?: number; msg?: string; data?: unknown }>() : null;
  return {
    raw: res.rawPayload,
    status: res.statusCode,
    json,
    code: parsed?.code,
    msg: parsed?.msg ?? '',
    data: parsed?.data,
  };
}

describe('cross-unit ids, from the contract', () => {
  it('finds the endpoints that take an order, file, job or call id', () => {
    const kinds = new Set(probes.flatMap((p) => p.owned.map(([, kind]) => kind)));
    expect([...kinds].sort()).toEqual(['call', 'file', 'job', 'order']);
    expect(probes.length).toBeGreaterThan(50);
    for (const path of Object.keys(NOT_OWNED)) {
      expect(
        allEndpoints().some((ep) => ep.paths[0] === path),
        path,
      ).toBe(true);
    }
  });

  it('the owners read their own records (the ids are real)', async () => {
    for (const [who, method, url, body] of ownReads) {
      const reply = await send(who, method, url, body);
      expect([who, url, reply.status]).toEqual([who, url, 200]);
    }
  });

  it('every such endpoint refuses a caller of another unit (403/404, no data, nothing written)', async () => {
    const before = await written();
    const wrong: string[] = [];
    const unbuilt: string[] = [];
    let refused = 0;
    const answers: Record<string, number> = {};
    for (const p of probes) {
      for (const c of cases) {
        let request = requestOf(p, c);
        if (!request) {
          unbuilt.push(`${p.ep.method} ${p.path}`);
          continue;
        }
        let reply = await send(c.stranger, p.ep.method, request.url, request.body);
        // A field the handler needs though the schema has it optional: send them all.
        if (reply.status === 400) {
          request = requestOf(p, c, true) ?? request;
          reply = await send(c.stranger, p.ep.method, request.url, request.body);
        }
        answers[reply.status] = (answers[reply.status] ?? 0) + 1;
        const selection = EMPTY_SELECTION[p.path];
        if (selection && (await selection(reply))) {
          refused += 1;
          continue;
        }
        const what = `${c.stranger}: ${p.ep.method} ${request.url} ${JSON.stringify(request.body ?? {})} → ${reply.status} ${reply.msg}`;
        if (!reply.json || reply.code !== reply.status) wrong.push(`${what}: not the envelope`);
        else if (reply.status < 300 && namesNothing(reply.data)) refused += 1;
        else if (![403, 404].includes(reply.status)) wrong.push(what);
        else if (reply.data !== null && reply.data !== undefined) wrong.push(`${what}: data`);
        else refused += 1;
      }
    }
    console.log(
      `row-scope probes: ${probes.length} endpoint requests × ${cases.length} strangers; ` +
        `answers ${JSON.stringify(answers)}`,
    );
    expect(wrong).toEqual([]);
    expect([...new Set(unbuilt)]).toEqual([]);
    expect(refused).toBe(probes.length * cases.length);
    expect(await written()).toBe(before);
  });
});
