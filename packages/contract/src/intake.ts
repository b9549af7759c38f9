import { z } from 'zod';
import { ORDER_NATURES, RULES, URGENCIES } from '@hotline/domain';
import { envelope, idList, intField } from './common';
import { endpoint } from './endpoint';
import { isPhoneNumber } from './work-order-actions';

/**
 * Orders coming in (the self-built order form, the city centre's push) and attachments.
 * Shape is checked here; references (category, community, merge target) by the service, which
 * reports them under their field names the same way.
 */

/** Limits of the self-built order form; the console's form shows and checks the same ones. */
export const INTAKE_LIMITS = {
  title: 200,
  majorContent: 5000,
  majorContentMin: 10,
  callerName: 50,
  address: 200,
  labels: 10,
  label: 20,
  callerCountMax: 9999,
} as const;
const L = INTAKE_LIMITS;

const INT4_MAX = 2_147_483_647;
const refId = () => intField((n) => n.positive().max(INT4_MAX));
const orderId = () => intField((n) => n.positive().max(Number.MAX_SAFE_INTEGER));
const text = (min: number, max: number) => z.string().trim().min(min).max(max);

/** "2026-01-05 10:23:11" (China time, as Chinese systems send it) or ISO 8601 with an offset. */
const CHINA_LOCAL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

export function parseOrderTime(value: string): Date | null {
  const local = CHINA_LOCAL.exec(value);
  if (local) {
    const [, y, mo, d, h, mi, s] = local.map(Number) as number[];
    const at = new Date(Date.UTC(y!, mo! - 1, d!, h! - 8, mi!, s ?? 0));
    // Date.UTC rolls 2026-02-30 over to March: refuse instead.
    const back = new Date(at.getTime() + 8 * 3_600_000);
    return back.getUTCDate() === d && back.getUTCMonth() === mo! - 1 ? at : null;
  }
  if (!z.iso.datetime({ offset: true }).safeParse(value).success) return null;
  return new Date(value);
}

/** No order, call or limit of ours is older than this (China time): 1900 is a typo, not history. */
export const EARLIEST_ORDER_TIME = new Date('2000-01-01T00:00:00+08:00');

export const orderTime = () =>
  z
    .string()
    .trim()
    .max(40)
    .transform((v, ctx) => {
      const at = parseOrderTime(v);
      if (at && at >= EARLIEST_ORDER_TIME) return at;
      const message = at ? 'intake.dateTimeTooEarly' : 'intake.dateTimeInvalid';
      ctx.addIssue({ code: 'custom', message, input: v });
      return z.NEVER;
    });

const phone = () =>
  z.string().trim().max(20).refine(isPhoneNumber, { message: 'intake.phoneInvalid' });

/** Labels as an array or a comma-separated string (forms send the latter). */
const labels = () =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '')
        : v,
    z.array(text(1, L.label)).max(L.labels),
  );

export const CALLER_SUBJECTS = ['individual', 'enterprise'] as const;
export const INTAKE_TYPE_IDS = [5, 7] as const;

/** redaction/insert: the self-built order form (call-centre agent, dispatcher). */
export const intakeBody = z.object({
  title: text(1, L.title),
  majorContent: text(L.majorContentMin, L.majorContent),
  callerName: text(1, L.callerName),
  callerPhone: phone(),
  callerCount: intField((n) => n.min(1).max(L.callerCountMax)).default(1),
  callerSubject: z.enum(CALLER_SUBJECTS).default('individual'),
  address: text(1, L.address),
  /** WGS-84 position of the appeal (optional; both or neither). */
  lat: z.number().min(-90).max(90).optional(),
  long: z.number().min(-180).max(180).optional(),
  /** The caller wants no text messages about this order. */
  smsOptOut: z.boolean().optional(),
  communityUnitId: refId().optional(),
  categoryId: refId(),
  urgency: z.enum(URGENCIES),
  orderNature: z.enum(ORDER_NATURES),
  typeId: intField()
    .refine((v) => v === 5 || v === 7, { message: 'intake.typeInvalid' })
    .default(5),
  labels: labels().optional(),
  sevenFiveCategory: text(1, 50).optional(),
  callTime: orderTime().optional(),
  mergeIntoId: orderId().optional(),
});
export type IntakeBody = z.output<typeof intakeBody>;

/** What intake answers about the order it created (the lists use the reads presenter). */
export const intakeOrder = z.object({
  id: z.number().int(),
  orderNum: z.string(),
  districtCaseNum: z.string().nullable(),
  typeId: z.number().int(),
  title: z.string(),
  status: z.number().int(),
  mainOrgStatus: z.number().int(),
  huifangState: z.number().int(),
  needReviewStatus: z.number().int().nullable(),
  categoryId: z.number().int().nullable(),
  communityUnitId: z.number().int().nullable(),
  urgency: z.string(),
  orderNature: z.string(),
  callTime: z.string(),
  systemSignTime: z.string().nullable(),
  refuseDeadline: z.string().nullable(),
  dispatcherId: z.number().int().nullable(),
  mergedIntoId: z.number().int().nullable(),
  createdAt: z.string(),
});

export const similarOrder = z.object({
  id: z.number().int(),
  orderNum: z.string(),
  title: z.string(),
  status: z.number().int(),
  callTime: z.string(),
  similarity: z.number(),
});

export const intakeResponse = envelope(
  z.object({ order: intakeOrder, similar: z.array(similarOrder) }),
);

/** open/city/orders: an order pushed by the city centre. */
export const cityOrderBody = z.object({
  cityOrderNum: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'valid.orderNumber')
    // One number whatever its case: 'CITY-x' and 'city-x' are the same order.
    .transform((v) => v.toUpperCase()),
  title: text(1, 200),
  majorContent: text(1, 5000),
  callerName: z.string().trim().max(50).default(''),
  callerPhone: z
    .string()
    .trim()
    .regex(/^[0-9+\- ()]{0,30}$/, 'valid.phoneChars')
    .default(''),
  address: z.string().trim().max(200).default(''),
  categoryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/, 'valid.categoryCode')
    .optional(),
  urgency: z.enum(URGENCIES).default('general'),
  orderNature: z.enum(ORDER_NATURES).default('complaint'),
  callTime: orderTime(),
  refuseDeadline: orderTime().optional(),
});
export type CityOrderBody = z.output<typeof cityOrderBody>;

export const cityOrderResponse = envelope(z.object({ order: intakeOrder, duplicate: z.boolean() }));

/** The form fields that travel with an uploaded file. */
export const FILE_AUTH_TYPES = { public: 1, districtOnly: 2 } as const;
export const uploadFields = z.object({
  orderId: orderId().optional(),
  fileAuthType: intField((n) => n.min(1).max(2)).default(1),
});
export type UploadFields = z.output<typeof uploadFields>;

export const uploadedFile = z.object({
  id: z.number().int(),
  orderId: z.number().int().nullable(),
  fileName: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  url: z.string(),
  fileAuthType: z.number().int(),
  createtime: z.string(),
});
export const uploadResponse = envelope(uploadedFile);

/** Lists/fileAppend: attach uploaded files to an order. */
export const fileAppendBody = z.object({ id: orderId(), fileIds: idList(20) });
export const fileAppendResponse = envelope(
  z.object({ orderId: z.number().int(), files: z.array(uploadedFile) }),
);

export const fileIdParams = z.object({ id: orderId() });

const intakeTags = ['intake'];
const fileTags = ['files'];
const J = '/addons/jsjb';
const MULTIPART_NOTE =
  'multipart/form-data: `file` (one file, at most 20 MB), optional `orderId`, `fileAuthType` (1 or 2).';

/** Orders coming in, uploads, attaching and downloads (docs/api.md "Intake and files"). */
export const intakeEndpoints = {
  createOrder: endpoint({
    idempotent: true,
    method: 'POST',
    paths: [`${J}/redaction/insert`],
    summary: 'Self-built order form: create a work order (or merge the appeal into one)',
    tags: intakeTags,
    access: 'user',
    rule: { any: RULES.case, refusal: 'intake.forbidden' },
    body: intakeBody,
    response: intakeResponse,
  }),
  cityOrder: endpoint({
    idempotent: true,
    method: 'POST',
    paths: ['/open/city/orders'],
    summary: 'City centre pushes an order (X-Api-Key); idempotent on cityOrderNum',
    description:
      'Authenticated by the `X-Api-Key` header, not a session; answers 201 for a new order, 200 for a number already received.',
    tags: intakeTags,
    access: 'key',
    headers: z.object({ 'x-api-key': z.string().max(200) }),
    body: cityOrderBody,
    response: cityOrderResponse,
    alsoStatuses: [201],
  }),
  upload: endpoint({
    method: 'POST',
    paths: ['/file/pUpload', '/addons/sljd/Index/upload'],
    summary: 'Upload a file (the spec also names the upload URL addons/sljd/Index/upload)',
    description: MULTIPART_NOTE,
    tags: fileTags,
    access: 'user',
    bodyKind: 'multipart',
    response: uploadResponse,
  }),
  uploadForCenter: endpoint({
    method: 'POST',
    paths: [`${J}/file/uploadForCenter`],
    summary: 'Upload a file (district-centre staff)',
    description: MULTIPART_NOTE,
    tags: fileTags,
    access: 'user',
    bodyKind: 'multipart',
    response: uploadResponse,
  }),
  fileAppend: endpoint({
    method: 'POST',
    paths: [`${J}/Lists/fileAppend`],
    summary: 'Attach uploaded files to a work order',
    tags: fileTags,
    access: 'user',
    body: fileAppendBody,
    response: fileAppendResponse,
  }),
  fileAppendUploadCity: endpoint({
    method: 'POST',
    paths: [`${J}/fileAppendUploadCity`, `${J}/Lists/fileAppendUploadCity`],
    summary: 'Attach uploaded files to an order the city centre sent (self-built orders: 400)',
    tags: fileTags,
    access: 'user',
    body: fileAppendBody,
    response: fileAppendResponse,
  }),
  download: endpoint({
    method: 'GET',
    paths: ['/file/download/:id'],
    summary: 'Download a file the caller may read',
    tags: fileTags,
    access: 'user',
    params: fileIdParams,
    response: null,
  }),
};
