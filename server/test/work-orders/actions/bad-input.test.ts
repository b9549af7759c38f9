import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, post } from '../../support/api';
import { JSJB, digest, newOrder, world, type World } from '../../support/lifecycle';
import { ORDER, TABLE, common, type Bad } from '../../support/lifecycle-bad-bodies';
import { createTestApp } from '../../support/test-app';

/**
 * Table-driven: every work-order action path refuses every bad body with HTTP 400, code 400,
 * a message naming the field, and leaves every action table exactly as it was. The bodies are
 * otherwise valid (a real order id), so the named field is the only thing wrong.
 */

let w: World;
let orderId: number;

beforeAll(async () => {
  w = await world(await createTestApp());
  orderId = await newOrder(w.t);
});
afterAll(async () => {
  await w?.t.close();
});

const withOrder = (body: unknown): unknown =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === ORDER ? orderId : v]))
    : Array.isArray(body)
      ? body.map(withOrder)
      : body;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const cases = TABLE.flatMap((c) =>
  c.urls.map((url) => {
    const specific: Bad[] = c.bad.map(([label, body, field]) => ({
      label,
      body: body === null ? null : { ...c.valid, ...body },
      field,
    }));
    return { url, valid: c.valid, bad: c.noId ? specific : [...common(c.valid), ...specific] };
  }),
);

describe.each(cases)('$url', ({ url, bad }) => {
  it.each(bad)('$label → 400 naming $field, nothing written', async ({ body, field }) => {
    const before = await digest(w.t);
    expect(Object.keys(before)).toHaveLength(8);
    // JSON drops undefined members: "missing" cases really omit the field.
    const reply = await post(w.t, `${JSJB}/${url}`, withOrder(body), { token: w.tokens.admin });
    expect({ status: reply.status, code: reply.code }, reply.msg).toEqual({
      status: 400,
      code: 400,
    });
    expect(reply.msg).toMatch(new RegExp(`(^|; )${escape(field)}: \\S`));
    expect(reply.data).toBeNull();
    expect(await digest(w.t)).toEqual(before);
  });

  it('in Chinese the message names the field too, and is Chinese', async () => {
    for (const { body, field } of bad.slice(-3)) {
      const reply = await post(w.t, `${JSJB}/${url}`, withOrder(body), {
        token: w.tokens.admin,
        lang: 'zh',
      });
      expect([reply.status, reply.code]).toEqual([400, 400]);
      expect(reply.msg).toMatch(new RegExp(`(^|; )${escape(field)}: .*[\u4e00-\u9fa5]`));
    }
  });
});

describe('the table covers the routes', () => {
  it('every work-order action path has bad-input cases', () => {
    const doc = w.t.app.swagger() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const actionPaths = Object.entries(doc.paths)
      .filter(([, ops]) => ops.post?.tags?.includes('work-order actions'))
      .map(([path]) => path.toLowerCase())
      .sort();
    const covered = cases.map((c) => `${JSJB}/${c.url}`.toLowerCase()).sort();
    expect(covered).toEqual(actionPaths);
  });

  it('form-encoded bodies are read like JSON (ids and flags as strings)', async () => {
    const id = await newOrder(w.t);
    const reply = await call(w.t, 'POST', `${JSJB}/cy/a5HandleOrderSignInCy`, {
      token: w.tokens.dispatcher,
      raw: `id=${id}&signType=1`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect([reply.status, reply.msg]).toEqual([200, 'success']);
    const bad = await call(w.t, 'POST', `${JSJB}/cy/a5HandleOrderSignInCy`, {
      token: w.tokens.dispatcher,
      raw: `id=${id}&id=${id}&signType=1`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^id: /);
  });
});
