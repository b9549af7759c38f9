import { z } from 'zod';
import {
  DEADLINE_LIMITS,
  DEADLINE_STATES,
  HUIFANG_STATE_CODES,
  MAIN_ORG_STATUS_CODES,
  ORDER_STATUS_CODES,
  ORDER_TYPE_IDS,
  URGENCIES,
} from '@hotline/domain';
import { envelope, flag, intField } from './common';

/**
 * Work-order reads (spec section 7, "Work-order lists and counts"): list bodies, the order
 * summary every list and the detail share, counts, similar orders, org trees, column prefs.
 */

export const LIST_PAGE_SIZES = [10, 15, 20, 30, 40, 50, 100, 150] as const;
/** The spec's approval counts ask for 1000 rows at once; only together with isAmount 1. */
export const COUNT_PAGE_SIZE = 1000;
/** Deepest offset a list serves; beyond it the caller must narrow the filter. */
export const MAX_LIST_OFFSET = 10_000;
/**
 * A list's `totalCount` counts at most this many rows (a server may be configured lower); past
 * it the reply carries `totalCapped: true` and the console shows "10,000+". `exactTotal: 1`
 * asks for the full count.
 */
export const LIST_TOTAL_CAP = 10_000;
export const LIST_SORTS = ['callTime', 'deadline', 'dispatchTime'] as const;

/** Consoles send '' or null for an unset filter: both mean "no filter". */
const unset = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema.optional());

/**
 * A list given as an array or a comma-separated string. Anything else — or an element of the
 * wrong type — becomes null, so the refusal names the field itself ("status: …"), not an index.
 */
function listOf<T>(convert: (item: unknown) => T | undefined) {
  return (v: unknown): T[] | null => {
    const items =
      typeof v === 'string' ? v.split(',').map((s) => s.trim()) : Array.isArray(v) ? v : [v];
    const out = items.map(convert);
    return out.every((x) => x !== undefined) ? (out as T[]) : null;
  };
}

/** Codes: every one must be one of `allowed`. */
function codeList(allowed: readonly number[]) {
  const toCode = (s: unknown) =>
    typeof s === 'number' && Number.isInteger(s)
      ? s
      : typeof s === 'string' && /^-?\d+$/.test(s)
        ? Number(s)
        : undefined;
  const message = `valid.codeList|${allowed.join(', ')}`;
  return z
    .preprocess(listOf(toCode), z.array(z.number().int(), { error: message }).min(1).max(20))
    .refine((codes) => codes.every((c) => allowed.includes(c)), { error: message });
}

function wordList<T extends string>(allowed: readonly [T, ...T[]]) {
  const message = `valid.wordList|${allowed.join(', ')}`;
  return z
    .preprocess(
      listOf((s) => (typeof s === 'string' ? s : undefined)),
      z.array(z.string(), { error: message }).min(1).max(allowed.length),
    )
    .refine(
      (words): words is T[] => words.every((w) => (allowed as readonly string[]).includes(w)),
      {
        error: message,
      },
    );
}

/**
 * A date ('2025-03-01', a whole China-time day) or a date-time ('2025-03-01T08:30:00',
 * China time unless it carries Z or an offset). Impossible dates (02-30) and offsets (+25:00)
 * are refused.
 */
const DATE_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
export function validDateText(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1, 7).map((x) => x ?? '0');
  const probe = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s));
  // An offset is ±hh:mm with hh under 24 and mm under 60 (+25:00 is no time at all).
  const offset = /^[+-](\d{2}):?(\d{2})$/.exec(m[7] ?? '');
  if (offset && (+offset[1]! > 23 || +offset[2]! > 59)) return false;
  return (
    probe.getUTCFullYear() === +y! &&
    probe.getUTCMonth() === +mo! - 1 &&
    probe.getUTCDate() === +d! &&
    +h < 24 &&
    +mi < 60 &&
    +s < 60
  );
}
const dateText = z.string().trim().max(40).refine(validDateText, { error: 'valid.dateOrTime' });

/** Longest search text a list takes (characters, after trimming). */
export const LIST_KEYWORD_MAX = 100;
const keyword = z
  .string()
  .trim()
  .max(LIST_KEYWORD_MAX)
  // Two characters in a row that are not blanks: the search needs one two-character piece.
  .refine((k) => k === '' || /\S\S/u.test(k), { error: 'list.keywordShort' });

export const listBody = z
  .object({
    pageNo: intField((n) => n.min(1).max(100_000)).default(1),
    pageSize: intField((n) => n.min(1).max(COUNT_PAGE_SIZE)).default(10),
    isAmount: optional(flag()).default(false),
    /** With isAmount: count every matching row instead of stopping at the cap (may be slow). */
    exactTotal: optional(flag()),
    menuId: optional(z.string().trim().max(32)),
    status: optional(codeList(ORDER_STATUS_CODES)),
    mainOrgStatus: optional(codeList(MAIN_ORG_STATUS_CODES)),
    huifangState: optional(codeList(HUIFANG_STATE_CODES)),
    needReviewStatus: optional(codeList([1, 2, 3])),
    typeId: optional(codeList(ORDER_TYPE_IDS)),
    orderNum: optional(z.string().trim().min(1).max(40)),
    keyword: optional(keyword),
    hostUnitId: optional(intField((n) => n.positive())),
    categoryId: optional(intField((n) => n.positive())),
    urgency: optional(wordList(URGENCIES)),
    isKeyAppeal: optional(flag()),
    /** Escalated after a missed limit (issue 21): 1 only escalated orders, 0 only the others. */
    escalated: optional(flag()),
    callTimeFrom: optional(dateText),
    callTimeTo: optional(dateText),
    dispatchTimeFrom: optional(dateText),
    dispatchTimeTo: optional(dateText),
    deadlineFrom: optional(dateText),
    deadlineTo: optional(dateText),
    sort: optional(z.enum(LIST_SORTS)).default('callTime'),
    sortOrder: optional(z.enum(['desc', 'asc'])).default('desc'),
  })
  .superRefine((body, ctx) => {
    const sizes: readonly number[] = LIST_PAGE_SIZES;
    const ok =
      sizes.includes(body.pageSize) || (body.pageSize === COUNT_PAGE_SIZE && body.isAmount);
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['pageSize'],
        message: `valid.listPageSize|${LIST_PAGE_SIZES.join(', ')}|${COUNT_PAGE_SIZE}`,
      });
    }
  });
export type ListBody = z.output<typeof listBody>;

/** Approve/showList: the list body plus which kind of pending request. */
export const approvalListBody = z.intersection(
  listBody,
  z.object({ kind: optional(wordList(['extension', 'exclusion'])) }),
);

export const countsBody = z.object({ typeId: optional(codeList(ORDER_TYPE_IDS)) });
export const countsResponse = envelope(
  z.object({ counts: z.record(z.string(), z.number().int()) }),
);

const iso = z.string();
const when = iso.nullable();
export const orderSummary = z.object({
  id: z.number().int(),
  orderNum: z.string(),
  districtCaseNum: z.string().nullable(),
  handleCode: z.string().nullable(),
  typeId: z.number().int(),
  title: z.string(),
  majorContent: z.string(),
  callerName: z.string(),
  callerPhone: z.string(),
  callerCount: z.number().int(),
  callerSubject: z.string(),
  address: z.string(),
  /** WGS-84 position, when the reporter gave one (Open311 requests, the intake form). */
  lat: z.number().nullable(),
  long: z.number().nullable(),
  /** The caller asked for no text messages about this order. */
  smsOptOut: z.boolean(),
  communityUnitId: z.number().int().nullable(),
  communityName: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  categoryPath: z.string(),
  labels: z.array(z.string()),
  sevenFiveCategory: z.string().nullable(),
  orderNature: z.string(),
  urgency: z.string(),
  riskLevel: z.number().int(),
  status: z.number().int(),
  mainOrgStatus: z.number().int(),
  huifangState: z.number().int(),
  needReviewStatus: z.number().int().nullable(),
  hostUnitId: z.number().int().nullable(),
  organizerName: z.string(),
  subordinateName: z.string(),
  coHostUnitIds: z.array(z.number().int()),
  dispatchType: z.string().nullable(),
  dispatcherId: z.number().int().nullable(),
  assignedStaff: z.string().nullable(),
  callTime: iso,
  systemSignTime: when,
  dispatchTime: when,
  hostSignTime: when,
  refuseDeadline: when,
  handlingLimitHours: z.number().int().nullable(),
  deadline: when,
  replyTime: when,
  replyContent: z.string().nullable(),
  replyContacted: z.boolean().nullable(),
  replyResolved: z.boolean().nullable(),
  cityReplyTime: when,
  closedTime: when,
  visitCount: z.number().int(),
  visitTime: when,
  visitResult: z.string().nullable(),
  visitRemark: z.string().nullable(),
  assessmentType: z.string().nullable(),
  tichuType: z.string().nullable(),
  isKeyAppeal: z.boolean(),
  isSupervised: z.boolean(),
  superviseCount: z.number().int(),
  /** 0 none; 1 a limit was missed (unit leaders, dispatchers told); 2 district leader (issue 21). */
  escalationLevel: z.number().int(),
  escalatedAt: when,
  /**
   * The next open limit and its state when the server answered (issue 21; the rule is the
   * domain's `nextDeadline`): the sign limit while the holder has not signed, the handling
   * limit while the host works on it, whichever comes first. Null when no limit is open
   * (replied, closed, returned, merged).
   */
  nextDeadline: z
    .object({
      limit: z.enum(DEADLINE_LIMITS),
      at: iso,
      /** From when it counts as due soon: the first reminder before it. */
      dueSoonAt: iso,
      state: z.enum(DEADLINE_STATES),
    })
    .nullable(),
  mergedIntoId: z.number().int().nullable(),
  isSecondVisit: z.boolean(),
  remarks: z.string(),
  /** Absent for street and town users (spec section 6: no locking-person column). */
  lockUserId: z.number().int().nullable().optional(),
  lockUserName: z.string().nullable().optional(),
  lockExpiresAt: when.optional(),
  createdAt: iso,
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const listResponse = envelope(
  z.object({
    list: z.array(orderSummary),
    /** Present when the body asked isAmount 1. */
    totalCount: z.number().int().optional(),
    /**
     * true: there are more rows than totalCount — it stopped at the cap, or (a keyword total
     * that could not be sampled in time) it is the rows up to the page's end.
     */
    totalCapped: z.literal(true).optional(),
    /**
     * true when counting ran past the server's time budget (`LIST_TOTAL_TIMEOUT_MS`):
     * totalCount is the planner's estimate (at most the cap; totalCapped too past it).
     */
    totalEstimated: z.literal(true).optional(),
    hasMore: z.boolean(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
);

const pendingRequest = z.object({
  id: z.number().int(),
  kind: z.enum(['extension', 'exclusion']),
  hours: z.number().int().nullable(),
  tichuType: z.string().nullable(),
  reason: z.string(),
  requestedBy: z.number().int(),
  requesterName: z.string(),
  requestedUnitId: z.number().int().nullable(),
  requestedUnitName: z.string().nullable(),
  createdAt: iso,
});
export type PendingRequestView = z.infer<typeof pendingRequest>;

export const approvalListResponse = envelope(
  z.object({
    list: z.array(orderSummary.extend({ request: pendingRequest })),
    totalCount: z.number().int().optional(),
    totalCapped: z.literal(true).optional(),
    totalEstimated: z.literal(true).optional(),
    hasMore: z.boolean(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
);

export const extensionListResponse = envelope(
  z.object({
    list: z.array(
      pendingRequest.extend({
        orderId: z.number().int(),
        orderNum: z.string(),
        title: z.string(),
        deadline: when,
        organizerName: z.string(),
      }),
    ),
    totalCount: z.number().int().optional(),
    totalCapped: z.literal(true).optional(),
    totalEstimated: z.literal(true).optional(),
    hasMore: z.boolean(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
);

export const noticeListBody = z.object({
  pageSize: optional(intField((n) => n.min(1).max(100))).default(50),
});
export const noticeListResponse = envelope(
  z.object({
    list: z.array(
      z.object({
        msg: z.string(),
        orderNum: z.string(),
        assignId: z.number().int(),
        menuId: z.string(),
        time: iso,
      }),
    ),
  }),
);

export const orderIdBody = z.object({ id: intField((n) => n.positive().max(2 ** 53 - 1)) });
