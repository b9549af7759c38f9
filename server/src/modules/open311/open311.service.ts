import type { Lang } from '@hotline/domain';
import type { AppContext } from '../../context';
import { findIntegration } from '../intake/integration-keys';
import { receiveOpen311Request } from '../intake/open311-intake.service';
import { badRequest, forbidden, notFound } from './open311-error';
import { list, type Fields, type List } from './open311-format';
import {
  ATTRIBUTES,
  describeIssues,
  gatherAttributes,
  getRequestsInput,
  postRequestInput,
} from './open311-input';
import {
  requestRecord,
  serviceDefinition as definitionOf,
  serviceRecord,
} from './open311.presenter';
import { DISCOVERY_CONTACT, KEY_SERVICE, NOTICE } from './open311-texts';
import * as repo from './open311.repository';

/** The standard's default window of GET requests and its row cap. */
export const DEFAULT_DAYS = 90;
export const MAX_REQUESTS = 1000;

/** When the discovery document last changed (bump with a change of these endpoints). */
const CHANGESET = '2026-11-25T00:00:00+08:00';

export function discovery(base: string, lang: Lang): Fields {
  return {
    changeset: CHANGESET,
    contact: DISCOVERY_CONTACT[lang],
    key_service: KEY_SERVICE[lang],
    endpoints: list('endpoint', [
      {
        specification: 'http://wiki.open311.org/GeoReport_v2',
        url: base,
        changeset: CHANGESET,
        type: 'production',
        formats: list('format', ['application/json', 'text/xml']),
      },
    ]),
  };
}

export async function services(ctx: AppContext): Promise<List> {
  const rows = await repo.listServices(ctx.db);
  return list('service', rows.map(serviceRecord));
}

export async function serviceDefinition(ctx: AppContext, code: string, lang: Lang) {
  const service = /^[A-Za-z0-9]{1,20}$/.test(code)
    ? await repo.findService(ctx.db, code)
    : undefined;
  if (!service) throw notFound(`service_code ${code} not found`);
  return definitionOf(service, lang);
}

export async function requests(ctx: AppContext, query: unknown, lang: Lang): Promise<List> {
  const parsed = getRequestsInput.safeParse(query ?? {});
  if (!parsed.success) throw badRequest(describeIssues(parsed.error));
  const q = parsed.data;
  // The standard's window: the last 90 days by default, 90 days from start_date or up to
  // end_date when only one is given, and never longer than 90 days.
  const span = DEFAULT_DAYS * 86_400_000;
  const to = q.end_date ?? (q.start_date ? new Date(q.start_date.getTime() + span) : ctx.now());
  const from = q.start_date ?? new Date(to.getTime() - span);
  if (from > to) throw badRequest('start_date: must not be after end_date');
  if (to.getTime() - from.getTime() > span) {
    throw badRequest(`start_date, end_date: at most ${DEFAULT_DAYS} days apart`);
  }
  const statuses = q.status?.map((s) => s.toLowerCase());
  const rows = await repo.findRequests(ctx.db, {
    orderNums: q.service_request_id?.map((id) => id.toUpperCase()) ?? null,
    serviceCodes: q.service_code,
    open: statuses && statuses.length === 1 ? statuses[0] === 'open' : null,
    from,
    to,
    limit: MAX_REQUESTS,
  });
  return list(
    'request',
    rows.map((row) => requestRecord(row, lang)),
  );
}

export async function request(ctx: AppContext, id: string, lang: Lang): Promise<List> {
  const row = /^[A-Za-z0-9-]{1,40}$/.test(id)
    ? await repo.findRequest(ctx.db, id.toUpperCase())
    : undefined;
  if (!row) throw notFound(`service_request_id ${id} not found`);
  return list('request', [requestRecord(row, lang)]);
}

/** The value of an attribute the service definition offers, or the default. */
function attributeValue(
  attributes: Record<string, string>,
  code: keyof typeof ATTRIBUTES,
  fallback: string,
): string {
  const value = attributes[code];
  if (value === undefined || value === '') return fallback;
  if (!(ATTRIBUTES[code] as readonly string[]).includes(value)) {
    throw badRequest(`attribute[${code}]: one of ${ATTRIBUTES[code].join(', ')}`);
  }
  return value;
}

export async function createRequest(
  ctx: AppContext,
  fields: Record<string, unknown>,
  lang: Lang,
): Promise<{ reply: List; duplicate: boolean }> {
  // The key first: a caller without one learns nothing about the input rules.
  const key = typeof fields.api_key === 'string' ? fields.api_key.trim() : '';
  if (key === '') throw forbidden('api_key is required');
  const integration = await findIntegration(ctx.db, key);
  if (!integration) throw forbidden('api_key is not valid');

  const parsed = postRequestInput.safeParse(gatherAttributes(fields));
  if (!parsed.success) throw badRequest(describeIssues(parsed.error));
  const input = parsed.data;
  const service = await repo.findService(ctx.db, input.service_code);
  if (!service) throw notFound(`service_code ${input.service_code} not found`);
  const attributes = input.attribute ?? {};
  const { order, duplicate } = await receiveOpen311Request(ctx, integration, {
    service: { code: service.code, name: service.name, categoryId: service.id },
    description: input.description,
    lat: input.lat,
    long: input.long,
    address: input.address_string ?? '',
    callerName: `${input.last_name ?? ''}${input.first_name ?? ''}`.slice(0, 50),
    phone: input.phone,
    email: input.email,
    deviceId: input.device_id,
    accountId: input.account_id,
    mediaUrl: input.media_url,
    urgency: attributeValue(attributes, 'urgency', 'general'),
    orderNature: attributeValue(attributes, 'order_nature', 'complaint'),
    sevenFive: attributeValue(attributes, 'seven_five', '') || null,
    attributes,
  });
  return {
    duplicate,
    reply: list('request', [
      {
        service_request_id: order.order_num,
        service_notice: NOTICE[duplicate ? 'duplicate' : 'received'][lang],
        account_id: input.account_id,
      },
    ]),
  };
}
