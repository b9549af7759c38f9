import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrationKey } from '../../src/modules/intake/integration-keys';
import { DUPLICATE_WINDOW_MS } from '../../src/modules/intake/open311-intake.service';
import { post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Open311 GeoReport v2 under /open311/v2: the standard's paths, both formats, its errors; a
 * request enters intake like a city push and is published without the caller's name or phone.
 */

const V2 = '/open311/v2';

let t: TestApp;
let key: string;
let serviceCode: string;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ orders: 5 });
  key = (await createIntegrationKey(t.ctx.db, 'citizen-app')).key;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, lang = 'zh-CN') =>
  t.app.inject({ method: 'GET', url: `${V2}${url}`, headers: { 'accept-language': lang } });

/** A form post, as GeoReport clients send it. */
const postForm = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `${V2}${url}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

/** A request body unlike any other (so it is never taken for a retry). */
const fresh = (extra: Record<string, string> = {}) => ({
  api_key: key,
  service_code: serviceCode,
  description: `路灯不亮，晚上很黑 #${++serial}`,
  lat: '30.2741',
  long: '120.1551',
  first_name: '小明',
  last_name: '王',
  phone: '13912345678',
  ...extra,
});

interface ServiceJson {
  service_code: string;
  service_name: string;
  metadata: boolean;
  type: string;
  group: string;
}
interface RequestJson {
  service_request_id: string;
  status: string;
  status_notes: string;
  service_code: string;
  description: string;
  requested_datetime: string;
  lat: number | null;
  long: number | null;
  media_url: string | null;
}

describe('discovery and services', () => {
  it('discovery names this endpoint and both formats, in JSON and in XML', async () => {
    const json = await get('/discovery.json');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const doc = json.json<{ endpoints: { url: string; formats: string[]; type: string }[] }>();
    expect(doc.endpoints[0]?.url).toMatch(/\/open311\/v2$/);
    expect(doc.endpoints[0]?.formats).toEqual(['application/json', 'text/xml']);
    const xml = await get('/discovery.xml');
    expect(xml.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(xml.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<discovery>')).toBe(true);
    expect(xml.body).toContain(
      '<formats><format>application/json</format><format>text/xml</format></formats>',
    );
  });

  it('services are the enabled last-level categories, grouped by their top level', async () => {
    const res = await get('/services.json');
    expect(res.statusCode).toBe(200);
    const services = res.json<ServiceJson[]>();
    expect(services.length).toBeGreaterThan(3);
    const leaves = await t.ctx.db
      .selectFrom('problem_categories as c')
      .select('c.code')
      .where('c.disabled', '=', false)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('problem_categories as k')
              .select('k.id')
              .whereRef('k.parent_id', '=', 'c.id'),
          ),
        ),
      )
      .execute();
    expect(services.map((s) => s.service_code).sort()).toEqual(leaves.map((l) => l.code).sort());
    for (const s of services) {
      expect(s).toMatchObject({ metadata: true, type: 'realtime' });
      expect(s.group).not.toBe('');
    }
    serviceCode = services[0]!.service_code;
    const xml = await get('/services.xml');
    expect(xml.body).toContain(`<services><service><service_code>${serviceCode}</service_code>`);
  });

  it('a service definition lists its attributes and values in the caller language; unknown: 404', async () => {
    const zh = await get(`/services/${serviceCode}.json`);
    expect(zh.statusCode).toBe(200);
    const def = zh.json<{
      service_code: string;
      attributes: { code: string; description: string; values: { key: string; name: string }[] }[];
    }>();
    expect(def.service_code).toBe(serviceCode);
    const urgency = def.attributes.find((a) => a.code === 'urgency');
    expect(urgency?.description).toBe('紧急程度');
    expect(urgency?.values).toContainEqual({ key: 'emergency', name: '紧急' });
    const en = (await get(`/services/${serviceCode}.json`, 'en-US')).json<typeof def>();
    expect(en.attributes.find((a) => a.code === 'urgency')?.description).toBe('Urgency');
    // 七有五性: the seven haves and five natures, keyed by their Chinese names.
    expect(def.attributes.map((a) => a.code)).toEqual(['urgency', 'order_nature', 'seven_five']);
    const sevenFive = en.attributes.find((a) => a.code === 'seven_five');
    expect(sevenFive?.description).toBe('Seven haves and five natures');
    expect(sevenFive?.values).toHaveLength(12);
    expect(sevenFive?.values).toContainEqual({ key: '宜居性', name: 'Livability' });
    const xml = await get(`/services/${serviceCode}.xml`);
    expect(xml.body).toContain(
      '<attributes><attribute><variable>true</variable><code>urgency</code>',
    );

    const missing = await get('/services/NOPE99.json');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual([{ code: 404, description: 'service_code NOPE99 not found' }]);
    const missingXml = await get('/services/NOPE99.xml');
    expect(missingXml.statusCode).toBe(404);
    expect(missingXml.body).toContain(
      '<errors><error><code>404</code><description>service_code NOPE99 not found</description></error></errors>',
    );
    expect((await get('/services/NOPE99')).statusCode).toBe(404);
    expect((await get('/nothing.json')).statusCode).toBe(404);
  });
});

describe('POST requests', () => {
  it('needs a valid api_key: 403 in the asked format, nothing created', async () => {
    const before = await countOrders();
    const none = await postForm('/requests.json', { ...fresh(), api_key: '' });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual([{ code: 403, description: 'api_key is required' }]);
    const wrong = await postForm('/requests.xml', {
      ...fresh(),
      api_key: 'hk_not-a-real-key-0000000',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain('<description>api_key is not valid</description>');
    expect(await countOrders()).toBe(before);
  });

  it('bad input: 400 naming the field, nothing created', async () => {
    const before = await countOrders();
    const cases: [Record<string, string>, string][] = [
      [{ description: '' }, 'description: is required'],
      [{ lat: '30.1', long: '' }, 'lat: lat and long come together'],
      [{ lat: '', long: '' }, 'address_string: a location is required'],
      [
        { lat: '', long: '', address_id: 'A-1' },
        'address_string: address_id is not supported here',
      ],
      [{ lat: '91' }, 'lat: a decimal degree from -90 to 90'],
      [{ email: 'not-mail' }, 'email: an e-mail address'],
      [{ media_url: 'javascript:alert(1)' }, 'media_url: an http(s) URL'],
      [
        { 'attribute[urgency]': 'panic' },
        'attribute[urgency]: one of emergency, utility, general, complex',
      ],
      [{ 'attribute[seven_five]': '好玩性' }, 'attribute[seven_five]: one of 幼有所育, 学有所教'],
      [{ description: 'x'.repeat(4001) }, 'description: at most 4000 characters'],
    ];
    for (const [change, message] of cases) {
      const res = await postForm('/requests.json', fresh(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const [error] = res.json<{ code: number; description: string }[]>();
      expect(error?.code).toBe(400);
      expect(error?.description).toContain(message);
    }
    const unknown = await postForm('/requests.json', fresh({ service_code: 'NOPE99' }));
    expect(unknown.statusCode).toBe(404);
    expect(await countOrders()).toBe(before);
  });

  it('creates an unsigned city-like order with its position; the same request again is the same order', async () => {
    const fields = fresh({
      'attribute[urgency]': 'emergency',
      'attribute[seven_five]': '宜居性',
      address_string: '文一路 100 号',
      email: 'wang@example.com',
      device_id: 'device-1',
      account_id: 'acct-9',
      media_url: 'https://example.com/p.jpg',
    });
    const res = await postForm('/requests.json', fields);
    expect(res.statusCode).toBe(201);
    const [made] =
      res.json<{ service_request_id: string; service_notice: string; account_id: string }[]>();
    expect(made?.service_request_id).toMatch(/^WS\d{12}$/);
    expect(made?.account_id).toBe('acct-9');
    expect(made?.service_notice).toContain('已受理');
    const order = await t.ctx.db
      .selectFrom('work_orders')
      .selectAll()
      .where('order_num', '=', made!.service_request_id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      type_id: 1,
      status: 0,
      urgency: 'emergency',
      seven_five_category: '宜居性',
      caller_name: '王小明',
      caller_phone: '13912345678',
      address: '文一路 100 号',
      lat: 30.2741,
      long: 120.1551,
      source_ref: 'open311:citizen-app',
    });
    expect(order.district_case_num).toMatch(/^QY/);
    expect(order.refuse_deadline).not.toBeNull();
    const events = await t.ctx.db
      .selectFrom('order_events')
      .select(['action', 'comment'])
      .where('order_id', '=', order.id)
      .execute();
    expect(events).toEqual([{ action: 'intake', comment: 'open311' }]);

    // A retry (lost answer): the first order, nothing new.
    const before = await countOrders();
    const again = await postForm('/requests.xml', fields);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(
      `<service_request_id>${made!.service_request_id}</service_request_id>`,
    );
    expect(await countOrders()).toBe(before);
    // Two at once: still one order.
    const twin = fresh();
    const [a, b] = await Promise.all([
      postForm('/requests.json', twin),
      postForm('/requests.json', twin),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json<{ service_request_id: string }[]>()[0]?.service_request_id).toBe(
      b.json<{ service_request_id: string }[]>()[0]?.service_request_id,
    );
    expect(await countOrders()).toBe(before + 1);
    // After the window the same text is a new request.
    t.advance(DUPLICATE_WINDOW_MS + 1000);
    const later = await postForm('/requests.json', fields);
    expect(later.statusCode).toBe(201);
    expect(await countOrders()).toBe(before + 2);
  });

  it('accepts a JSON body too, and the order reaches the dispatcher like a city push', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${V2}/requests.json`,
      // JSON clients send coordinates as numbers
      payload: {
        ...fresh(),
        lat: 30.2741,
        long: 120.1551,
        attribute: { order_nature: 'suggestion' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ service_request_id: string }[]>()[0]!.service_request_id;
    const token = await t.login('dispatcher');
    const found = await post<{ list: { orderNum: string; lat: number | null; typeId: number }[] }>(
      t,
      '/api/addons/jsjb/lists/search',
      { orderNum: id, pageNo: 1, pageSize: 10 },
      { token },
    );
    expect(found.code).toBe(200);
    expect(found.data.list).toEqual([
      expect.objectContaining({ orderNum: id, lat: 30.2741, typeId: 1 }),
    ]);
  });
});

describe('GET requests', () => {
  it('publishes Open311 requests without the caller, in both formats; phone-taken orders are not published', async () => {
    const res = await postForm(
      '/requests.json',
      fresh({ description: '井盖 <缺失> & "危险"\u0007' }),
    );
    const id = res.json<{ service_request_id: string }[]>()[0]!.service_request_id;
    const one = await get(`/requests/${id}.json`);
    expect(one.statusCode).toBe(200);
    const [r] = one.json<RequestJson[]>();
    expect(r).toMatchObject({
      service_request_id: id,
      status: 'open',
      status_notes: '已受理，待签收',
      service_code: serviceCode,
      lat: 30.2741,
      long: 120.1551,
    });
    expect(r?.requested_datetime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    expect(one.body).not.toContain('13912345678');
    expect(one.body).not.toContain('王');
    const xml = await get(`/requests/${id.toLowerCase()}.xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(
      '<description>井盖 &lt;缺失&gt; &amp; &quot;危险&quot;</description>',
    );
    expect(xml.body).not.toContain('\u0007');

    const phoneOrder = await t.ctx.db
      .selectFrom('work_orders')
      .select('order_num')
      .where('source_ref', 'is', null)
      .executeTakeFirstOrThrow();
    expect((await get(`/requests/${phoneOrder.order_num}.json`)).statusCode).toBe(404);
    const all = (await get('/requests.json')).json<RequestJson[]>();
    expect(all.map((x) => x.service_request_id)).toContain(id);
    expect(all.every((x) => x.service_request_id.startsWith('WS'))).toBe(true);
    expect(JSON.stringify(all)).not.toContain('13912345678');
  });

  it('filters: ids, status, service, dates; status notes follow the order', async () => {
    const made = await postForm('/requests.json', fresh());
    const id = made.json<{ service_request_id: string }[]>()[0]!.service_request_id;
    const order = await t.ctx.db
      .selectFrom('work_orders')
      .select('id')
      .where('order_num', '=', id)
      .executeTakeFirstOrThrow();
    const token = await t.login('dispatcher');
    const signed = await post(
      t,
      '/api/addons/jsjb/cy/a5HandleOrderSignInCy',
      { id: order.id, signType: 1 },
      { token },
    );
    expect(signed.code).toBe(200);
    const [now] = (await get(`/requests/${id}.json`)).json<RequestJson[]>();
    expect(now?.status_notes).toBe('已签收，待派单');
    const [en] = (await get(`/requests/${id}.json`, 'en-US')).json<RequestJson[]>();
    expect(en?.status_notes).toBe('Accepted, waiting to be dispatched');

    const byIds = (await get(`/requests.json?service_request_id=${id},WS000000000000`)).json<
      RequestJson[]
    >();
    expect(byIds.map((r) => r.service_request_id)).toEqual([id]);
    const open = (await get('/requests.json?status=open')).json<RequestJson[]>();
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((r) => r.status === 'open')).toBe(true);
    expect((await get('/requests.json?status=closed')).json<RequestJson[]>()).toEqual([]);
    const other = (await get('/requests.json?service_code=NOPE99')).json<RequestJson[]>();
    expect(other).toEqual([]);
    const future = (
      await get('/requests.json?start_date=2099-01-01T00:00:00Z&end_date=2099-02-01T00:00:00Z')
    ).json<RequestJson[]>();
    expect(future).toEqual([]);

    const backwards = await get('/requests.json?start_date=2026-02-01&end_date=2026-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual([
      { code: 400, description: 'start_date: must not be after end_date' },
    ]);
    const badDate = await get('/requests.xml?start_date=yesterday');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.body).toContain('start_date: an ISO 8601 date-time with Z or an offset');
    expect((await get('/requests.json?status=pending')).statusCode).toBe(400);
    expect((await get('/requests/WS000000000000.json')).statusCode).toBe(404);
  });
});

async function countOrders(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('work_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
