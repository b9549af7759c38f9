import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrationKey } from '../../src/modules/intake/integration-keys';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  ERRORS,
  POST_REQUEST,
  POST_REQUEST_FORM,
  SERVICE_DEFINITION,
  SERVICE_LIST,
  SERVICE_REQUEST,
  SERVICE_REQUESTS,
  type GeoReportExample,
} from './georeport-v2-examples';
import { jsonDifferences, xmlDifferences, xmlParser } from './example-differences';

/**
 * Open311 GeoReport v2 conformance: every resource in both formats, the XML read by a real
 * parser (fast-xml-parser: well-formed, declaration, root element), the JSON and the XML saying
 * the same, and each reply carrying exactly the fields of the standard's examples
 * (wiki.open311.org/GeoReport_v2), in their order. Errors too. Then the specification's own
 * example replies (georeport-v2-examples.ts) are answered one by one: the same call made here,
 * and our reply compared with the example field by field — the same fields and elements, nested
 * alike, each value of the example's kind.
 */

const V2 = '/open311/v2';

/** The fields of the standard's example replies, in the standard's order. */
const FIELDS = {
  service: ['service_code', 'service_name', 'description', 'metadata', 'type', 'keywords', 'group'],
  definition: ['service_code', 'attributes'],
  attribute: [
    'variable',
    'code',
    'datatype',
    'required',
    'datatype_description',
    'order',
    'description',
    'values',
  ],
  value: ['key', 'name'],
  created: ['service_request_id', 'service_notice', 'account_id'],
  request: [
    'service_request_id',
    'status',
    'status_notes',
    'service_name',
    'service_code',
    'description',
    'agency_responsible',
    'service_notice',
    'requested_datetime',
    'updated_datetime',
    'expected_datetime',
    'address',
    'address_id',
    'zipcode',
    'lat',
    'long',
    'media_url',
  ],
  error: ['code', 'description'],
  discovery: ['changeset', 'contact', 'key_service', 'endpoints'],
  endpoint: ['specification', 'url', 'changeset', 'type', 'formats'],
};

let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp({ orders: 3 });
  key = (await createIntegrationKey(t.ctx.db, 'conformance')).key;
});
afterAll(async () => {
  await t?.close();
});

const parser = new XMLParser({
  parseTagValue: false,
  isArray: (name) =>
    ['service', 'request', 'error', 'attribute', 'value', 'endpoint', 'format'].includes(name),
});

interface Pair {
  status: number;
  json: unknown;
  xml: Record<string, unknown>;
}

/** The same call in both formats: statuses equal, XML well-formed with its declaration. */
async function both(
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string>,
): Promise<Pair> {
  const call = (format: 'json' | 'xml') =>
    t.app.inject({
      method,
      url: `${V2}/${path.replace('{f}', format)}`,
      ...(form
        ? {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(form).toString(),
          }
        : {}),
    });
  const json = await call('json');
  const xml = await call('xml');
  // A POST sent twice is a retry: the second (XML) answers 200 with the same order.
  if (method === 'POST' && json.statusCode === 201) expect(xml.statusCode, path).toBe(200);
  else expect(xml.statusCode, path).toBe(json.statusCode);
  expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(xml.headers['content-type']).toBe('text/xml; charset=utf-8');
  expect(XMLValidator.validate(xml.body), xml.body.slice(0, 200)).toBe(true);
  expect(xml.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  return { status: json.statusCode, json: json.json(), xml: parser.parse(xml.body) };
}

/** XML holds text: a JSON value as the XML parser reads it back. */
function asXml(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(asXml);
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asXml(v)]));
  }
  return String(value);
}

const keysOf = (o: unknown) => Object.keys(o as object);

/** The JSON list equals the XML list (`<root><item>…`), item by item. */
function sameList(
  json: unknown,
  xml: Record<string, unknown>,
  root: string,
  item: string,
  nest: Record<string, string> = {},
) {
  const items =
    ((xml[root] as Record<string, unknown> | '')?.valueOf() as Record<string, unknown>)?.[item] ??
    [];
  const fromXml = (items as Record<string, unknown>[]).map((x) => unwrap(x, nest));
  expect(fromXml).toEqual(asXml(json));
}

/** An XML item with its nested lists flattened like the JSON (`attributes.attribute[]`). */
function unwrap(x: Record<string, unknown>, nest: Record<string, string>): unknown {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) {
    if (nest[k]) {
      const inner = (v as Record<string, unknown[]> | '')?.valueOf() as Record<string, unknown[]>;
      out[k] = ((inner?.[nest[k]!] ?? []) as Record<string, unknown>[]).map((y) =>
        typeof y === 'object' ? unwrap(y, nest) : y,
      );
    } else out[k] = v;
  }
  return out;
}

describe('Open311 GeoReport v2 conformance', () => {
  it('discovery', async () => {
    const r = await both('GET', 'discovery.{f}');
    expect(r.status).toBe(200);
    expect(keysOf(r.json)).toEqual(FIELDS.discovery);
    const doc = r.json as { endpoints: object[] };
    expect(keysOf(doc.endpoints[0])).toEqual(FIELDS.endpoint);
    const xmlEndpoint = (
      (r.xml.discovery as Record<string, unknown>).endpoints as {
        endpoint: Record<string, unknown>[];
      }
    ).endpoint[0]!;
    expect(xmlEndpoint.specification).toBe('http://wiki.open311.org/GeoReport_v2');
    expect((xmlEndpoint.formats as { format: string[] }).format).toEqual([
      'application/json',
      'text/xml',
    ]);
  });

  it('services and a service definition', async () => {
    const list = await both('GET', 'services.{f}');
    expect(list.status).toBe(200);
    const services = list.json as { service_code: string }[];
    for (const s of services) expect(keysOf(s)).toEqual(FIELDS.service);
    sameList(list.json, list.xml, 'services', 'service');

    const code = services[0]!.service_code;
    const def = await both('GET', `services/${code}.{f}`);
    expect(def.status).toBe(200);
    const json = def.json as { attributes: { values: object[] }[] };
    expect(keysOf(json)).toEqual(FIELDS.definition);
    for (const a of json.attributes) {
      expect(keysOf(a)).toEqual(FIELDS.attribute);
      for (const v of a.values) expect(keysOf(v)).toEqual(FIELDS.value);
    }
    const root = def.xml.service_definition as Record<string, unknown>;
    expect(root.service_code).toBe(code);
    expect(unwrap(root, { attributes: 'attribute', values: 'value' })).toEqual(asXml(json));
  });

  it('POST requests, GET requests and GET one request', async () => {
    const created = await both('POST', 'requests.{f}', {
      api_key: key,
      service_code: 'C010101',
      lat: '30.2741',
      long: '120.1551',
      address_string: '文一路 100 号',
      description: '路灯不亮 <符号> & "引号"',
      account_id: 'a-1',
      media_url: 'https://example.com/a.jpg?x=1&y=2',
    });
    expect(created.status).toBe(201);
    const [made] = created.json as { service_request_id: string; account_id: string }[];
    expect(keysOf(made)).toEqual(FIELDS.created);
    // The XML call was the retry of the same request: the same order (its notice says so).
    const [again] = (created.xml.service_requests as { request: Record<string, string>[] }).request;
    expect(keysOf(again)).toEqual(FIELDS.created);
    expect([again?.service_request_id, again?.account_id]).toEqual([
      made!.service_request_id,
      made!.account_id,
    ]);

    const one = await both('GET', `requests/${made!.service_request_id}.{f}`);
    expect(one.status).toBe(200);
    const [request] = one.json as object[];
    expect(keysOf(request)).toEqual(FIELDS.request);
    sameList(one.json, one.xml, 'service_requests', 'request');
    const xmlRequest = (one.xml.service_requests as { request: Record<string, string>[] })
      .request[0]!;
    expect(xmlRequest.description).toBe('路灯不亮 <符号> & "引号"');
    expect(xmlRequest.media_url).toBe('https://example.com/a.jpg?x=1&y=2');

    const all = await both('GET', 'requests.{f}?status=open');
    expect(all.status).toBe(200);
    for (const r of all.json as object[]) expect(keysOf(r)).toEqual(FIELDS.request);
    sameList(all.json, all.xml, 'service_requests', 'request');
  });

  it('errors: 400, 403, 404 as [{code, description}] and <errors><error>', async () => {
    const cases: [
      method: 'GET' | 'POST',
      path: string,
      form: Record<string, string> | undefined,
      status: number,
    ][] = [
      ['GET', 'requests.{f}?start_date=nonsense', undefined, 400],
      ['GET', 'requests.{f}?start_date=2026-02-30', undefined, 400],
      ['GET', 'requests.{f}?start_date=2026-02-01T00:00:00%2B25:00', undefined, 400],
      ['POST', 'requests.{f}', { api_key: key, service_code: 'C010101', description: 'x' }, 400],
      [
        'POST',
        'requests.{f}',
        { service_code: 'C010101', description: 'x', address_string: 'y' },
        403,
      ],
      ['GET', 'services/NOPE99.{f}', undefined, 404],
      ['GET', 'requests/WS000000000000.{f}', undefined, 404],
    ];
    for (const [method, path, form, status] of cases) {
      const r = await both(method, path, form);
      expect(r.status, path).toBe(status);
      const [error] = r.json as { code: number; description: string }[];
      expect(keysOf(error)).toEqual(FIELDS.error);
      expect(error?.code).toBe(status);
      expect(error?.description.length).toBeGreaterThan(3);
      sameList(r.json, r.xml, 'errors', 'error');
    }
  });
});

describe("the specification's examples, answered field by field", () => {
  let made: string;
  let code: string;

  /** Our answer to the example's call in both formats, compared with it. */
  async function answer(
    example: GeoReportExample,
    path: string,
    status: number,
    form?: Record<string, string>,
  ) {
    const differences: string[] = [];
    for (const format of ['json', 'xml'] as const) {
      const res = await t.app.inject({
        method: form ? 'POST' : 'GET',
        url: `${V2}/${path.replace('{f}', format)}`,
        ...(form
          ? {
              headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
              payload: new URLSearchParams(form).toString(),
            }
          : {}),
      });
      // A retry of the same POST answers 200 with the same order.
      expect(
        [status, form && status === 201 ? 200 : status],
        `${example.name} ${format}`,
      ).toContain(res.statusCode);
      if (format === 'json') {
        jsonDifferences(example.json, res.json(), `${example.name} JSON`, differences);
      } else {
        expect(XMLValidator.validate(example.xml)).toBe(true);
        const want = xmlParser.parse(example.xml) as Record<string, unknown>;
        const have = xmlParser.parse(res.body) as Record<string, unknown>;
        expect(Object.keys(have), example.name).toEqual([example.root]);
        xmlDifferences(want, have, `${example.name} XML`, differences);
      }
    }
    expect(differences).toEqual([]);
  }

  it('GET Service List', async () => {
    await answer(SERVICE_LIST, SERVICE_LIST.path, 200);
    code = (
      (await t.app.inject({ method: 'GET', url: `${V2}/services.json` })).json() as {
        service_code: string;
      }[]
    )[0]!.service_code;
  });

  it('GET Service Definition', async () => {
    await answer(SERVICE_DEFINITION, SERVICE_DEFINITION.path.replace('{code}', code), 200);
  });

  it('POST Service Request (the example request: every optional field, two attributes)', async () => {
    const form = Object.fromEntries(
      Object.entries(POST_REQUEST_FORM).map(([k, v]) => [
        k,
        v.replace('{api_key}', key).replace('{service_code}', code),
      ]),
    );
    await answer(POST_REQUEST, POST_REQUEST.path, 201, form);
    const res = await t.app.inject({
      method: 'POST',
      url: `${V2}/requests.json`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    made = (res.json() as { service_request_id: string }[])[0]!.service_request_id;
  });

  it('GET Service Requests (the sample URL: a date window, status=open)', async () => {
    const now = t.ctx.now().getTime();
    const path = SERVICE_REQUESTS.path
      .replace('{start}', new Date(now - 86_400_000).toISOString().slice(0, 19) + 'Z')
      .replace('{end}', new Date(now + 60_000).toISOString().slice(0, 19) + 'Z');
    await answer(SERVICE_REQUESTS, path, 200);
  });

  it('GET Service Request', async () => {
    await answer(SERVICE_REQUEST, SERVICE_REQUEST.path.replace('{id}', made), 200);
  });

  it('Errors (403: the example request without its api_key)', async () => {
    const form: Record<string, string> = { ...POST_REQUEST_FORM, service_code: code };
    delete form.api_key;
    await answer(ERRORS, ERRORS.path, 403, form);
  });
});
