import { z } from 'zod';
import { validDateText } from '@hotline/contract';
import { ORDER_NATURES, SEVEN_FIVE_VALUES, URGENCIES } from '@hotline/domain';

/**
 * What GeoReport v2 clients send, validated. Every value arrives as text (a form post or a
 * query string); JSON bodies are accepted too. Fields of the standard we do not use
 * (`jurisdiction_id`, `address_id` alone) are named in the error when they would matter.
 */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .optional()
    .transform((v) => (v === undefined || v === '' ? null : v));

/** A decimal degree: text in a form, text or a number in JSON. */
const coordinate = (min: number, max: number) =>
  z
    .preprocess(
      (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
      z.string().trim().optional(),
    )
    .transform((v, c) => {
      if (v === undefined || v === '') return null;
      const n = Number(v);
      if (!/^-?\d{1,3}(\.\d+)?$/.test(v) || !Number.isFinite(n) || n < min || n > max) {
        c.addIssue({ code: 'custom', message: `a decimal degree from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

export const postRequestInput = z
  .object({
    api_key: z.string().trim().optional(),
    service_code: z
      .string({ error: 'is required' })
      .trim()
      .regex(/^[A-Za-z0-9]{1,20}$/, 'a service_code from services.json'),
    lat: coordinate(-90, 90),
    long: coordinate(-180, 180),
    address_string: optionalText(200),
    address_id: optionalText(100),
    email: z
      .string()
      .trim()
      .max(100)
      .optional()
      .transform((v) => (v === undefined || v === '' ? null : v))
      .refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'an e-mail address'),
    device_id: optionalText(100),
    account_id: optionalText(100),
    first_name: optionalText(25),
    last_name: optionalText(25),
    phone: z
      .string()
      .trim()
      .regex(/^[0-9+\- ()]{0,30}$/, 'digits, + - ( ) and blanks, at most 30')
      .optional()
      .transform((v) => v ?? ''),
    description: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(4000, 'at most 4000 characters'),
    media_url: optionalText(500).refine(
      (v) => v === null || /^https?:\/\/[^\s]+$/i.test(v),
      'an http(s) URL',
    ),
    attribute: z
      .record(z.string(), z.string().trim().max(200, 'at most 200 characters'))
      .refine((a) => Object.keys(a).length <= 20, 'at most 20 attributes')
      .optional(),
  })
  .superRefine((v, c) => {
    if ((v.lat === null) !== (v.long === null)) {
      c.addIssue({ code: 'custom', path: ['lat'], message: 'lat and long come together' });
    }
    if (v.lat === null && v.address_string === null) {
      c.addIssue({
        code: 'custom',
        path: ['address_string'],
        message:
          v.address_id === null
            ? 'a location is required: lat and long, or address_string'
            : 'address_id is not supported here: give lat and long, or address_string',
      });
    }
  });
export type PostRequestInput = z.output<typeof postRequestInput>;

/** `attribute[code]=value` form fields as `{attribute: {code: value}}`. */
export function gatherAttributes(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const attribute: Record<string, unknown> =
    typeof body.attribute === 'object' && body.attribute !== null && !Array.isArray(body.attribute)
      ? { ...(body.attribute as Record<string, unknown>) }
      : {};
  for (const [key, value] of Object.entries(body)) {
    const match = /^attribute\[([^\]]{1,50})\]$/.exec(key);
    if (match) attribute[match[1]!] = Array.isArray(value) ? value[0] : value;
    else if (key !== 'attribute') out[key] = Array.isArray(value) ? value[0] : value;
  }
  if (Object.keys(attribute).length > 0) out.attribute = attribute;
  return out;
}

/** The attributes a service definition offers (services/{code}), with their values. */
export const ATTRIBUTES = {
  urgency: URGENCIES,
  order_nature: ORDER_NATURES,
  /** 七有五性: the seven haves and five natures (the order's category of public service). */
  seven_five: SEVEN_FIVE_VALUES,
} as const;

const isoDate = z
  .string()
  .trim()
  .optional()
  .transform((v, c) => {
    if (v === undefined || v === '') return null;
    // The standard's subset of ISO 8601: a date, or a date and time with Z or an offset.
    const ok =
      /^\d{4}-\d{2}-\d{2}$/.test(v) ||
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(v);
    const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00+08:00` : v);
    // validDateText: the calendar's own days (2026-02-30 is none) and offsets under 24 hours.
    if (!ok || !validDateText(v.replace(/\.\d+/, '')) || Number.isNaN(at.getTime())) {
      c.addIssue({ code: 'custom', message: 'an ISO 8601 date-time with Z or an offset' });
      return z.NEVER;
    }
    return at;
  });

const commaList = (item: RegExp, max: number, what: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, c) => {
      if (v === undefined || v === '') return null;
      const items = v.split(',').map((s) => s.trim());
      if (items.length > max || items.some((s) => !item.test(s))) {
        c.addIssue({
          code: 'custom',
          message: `a comma-separated list of ${what} (at most ${max})`,
        });
        return z.NEVER;
      }
      return [...new Set(items)];
    });

export const getRequestsInput = z.object({
  service_request_id: commaList(/^[A-Za-z0-9-]{1,40}$/, 100, 'service_request_id'),
  service_code: commaList(/^[A-Za-z0-9]{1,20}$/, 50, 'service_code'),
  status: commaList(/^(open|closed)$/i, 2, 'open, closed'),
  start_date: isoDate,
  end_date: isoDate,
  jurisdiction_id: z.string().max(100).optional(),
});
export type GetRequestsInput = z.output<typeof getRequestsInput>;

/** A zod failure as the standard's error descriptions: "field: reason". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`)
    .join('; ');
}
