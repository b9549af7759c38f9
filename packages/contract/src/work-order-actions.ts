import { z } from 'zod';
import { MOBILE_PATTERN, ORDER_NATURES, URGENCIES, VISIT_RESULTS } from '@hotline/domain';
import { envelope, flag, idList, intField, paging } from './common';
import { orderSummary } from './work-order-reads';
import { orderDetail } from './work-order-reads-detail';

/**
 * Bodies of the work-order action paths (spec section 7, "Work-order actions"; the path → action
 * table is in docs/api.md). Every body carries the order `id`. Shape is checked here, so a bad
 * field answers 400 naming it; meaning (state, role, deadlines) is the domain's business.
 */

/** Fixed-line number with area code: 010-12345678, 0571 1234567 written without the blank. */
export const FIXED_LINE_PATTERN = /^0\d{2,3}-?\d{7,8}$/;
export const isPhoneNumber = (v: string) => MOBILE_PATTERN.test(v) || FIXED_LINE_PATTERN.test(v);

/**
 * Lengths and ranges of the action bodies below; the console's forms show the same ones (text
 * counters, number inputs) and validate with these schemas.
 */
export const ACTION_LIMITS = {
  /** Reasons, comments, contents, remarks. */
  text: 2000,
  /** Names: the handler (staff), the caller, the exclusion type, the seven/five category. */
  name: 50,
  title: 200,
  majorContent: 5000,
  address: 200,
  /** At most this many labels, each at most `label` characters. */
  labels: 10,
  label: 20,
  extensionHours: 720,
} as const;
const L = ACTION_LIMITS;

const INT4_MAX = 2_147_483_647;
/** Work-order ids are bigint: any positive safe integer. */
const orderId = () => intField((n) => n.positive());
/** Units and categories are integer columns: larger numbers would overflow in SQL. */
const refId = () => intField((n) => n.positive().max(INT4_MAX));
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();

/** Forms send lists as comma-separated strings. */
const commaList = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
    : v;

/** Unit ids as an array or a comma-separated string; empty means none. */
const unitIds = z.preprocess(commaList, z.array(refId()).max(20));

/**
 * Every action body: the order id, the action's own fields, and `withDetail` — ask for the
 * order's fresh detail in the reply (the console shows it next; other callers skip the read).
 */
const withId = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ id: orderId(), withDetail: flag().optional(), ...shape });

/** A field that a condition makes required: reported under its own name. */
function requireWhen(ctx: z.RefinementCtx, condition: boolean, value: unknown, field: string) {
  if (condition && (value === undefined || value === '')) {
    ctx.addIssue({ code: 'custom', path: [field], message: 'order.fieldRequired' });
  }
}

export const actionIdBody = withId({});

/** cy/a5HandleOrderSignInCy: 1 signs, 2 refuses (a reason is then required). */
export const signBody = withId({
  signType: intField((n) => n.min(1).max(2)).default(1),
  reason: optionalText(L.text),
}).superRefine((b, ctx) => requireWhen(ctx, b.signType === 2, b.reason, 'reason'));

/** lists/recordHandlingPerson: a dispatcher picks the order up; a host records its handler. */
export const recordHandlingPersonBody = withId({ staff: optionalText(L.name) });
export const recordStaffBody = withId({ staff: text(L.name) });

export const dispatchBody = withId({
  hostUnitId: refId(),
  coHostUnitIds: unitIds.optional(),
  comment: optionalText(L.text),
});

export const reasonBody = withId({ reason: text(L.text) });
export const contentBody = withId({ content: text(L.text) });
export const commentBody = withId({ comment: text(L.text) });
export const optionalCommentBody = withId({ comment: optionalText(L.text) });

export const replyBody = withId({ content: text(L.text), contacted: flag(), resolved: flag() });

export const HOST_OPERATIONS = ['sign', 'return', 'reply'] as const;

/** town/operateOrder, org/operateOrder: one host step, with that step's fields. */
export const operateBody = withId({
  operate: z.enum(HOST_OPERATIONS),
  reason: optionalText(L.text),
  content: optionalText(L.text),
  contacted: flag().optional(),
  resolved: flag().optional(),
}).superRefine((b, ctx) => {
  requireWhen(ctx, b.operate === 'return', b.reason, 'reason');
  requireWhen(ctx, b.operate === 'reply', b.content, 'content');
  requireWhen(ctx, b.operate === 'reply', b.contacted, 'contacted');
  requireWhen(ctx, b.operate === 'reply', b.resolved, 'resolved');
});

/** Review decisions: pass 1 approves, 0 rejects (a comment is then required). */
const decision = { pass: flag(), comment: optionalText(L.text) };
const commentOnReject = (
  b: { pass: boolean; comment?: string | undefined },
  ctx: z.RefinementCtx,
) => requireWhen(ctx, !b.pass, b.comment, 'comment');

export const reviewBody = withId(decision).superRefine(commentOnReject);
export const returnReviewBody = withId({ ...decision, toCity: flag().optional() }).superRefine(
  commentOnReject,
);

export const visitBody = withId({
  reached: flag(),
  hostContacted: flag().optional(),
  resolved: flag().optional(),
  satisfaction: z.enum(VISIT_RESULTS).optional(),
  remark: optionalText(L.text),
}).superRefine((b, ctx) => {
  requireWhen(ctx, b.reached, b.hostContacted, 'hostContacted');
  requireWhen(ctx, b.reached, b.resolved, 'resolved');
  requireWhen(ctx, b.reached, b.satisfaction, 'satisfaction');
});

export const batchSuperviseBody = z.object({ ids: idList(100), comment: text(L.text) });

export const keyAppealBody = withId({ on: flag(), comment: optionalText(L.text) });
/** The caller's progress texts for this order: optOut 1 stops them, 0 resumes them. */
export const smsOptOutBody = withId({ optOut: flag(), comment: optionalText(L.text) });
export const mergeBody = withId({ intoId: orderId(), comment: optionalText(L.text) });
export const exclusionBody = withId({ tichuType: text(L.name), reason: text(L.text) });
export const extensionBody = withId({
  hours: intField((n) => n.min(1).max(L.extensionHours)),
  reason: text(L.text),
});

/** Labels as an array or a comma-separated string (forms send the latter). */
const labels = z.preprocess(commaList, z.array(text(L.label)).max(L.labels));

/** Every field an edit may touch; each path accepts its own subset. */
const editFields = {
  title: text(L.title),
  majorContent: text(L.majorContent),
  address: z.string().trim().max(L.address),
  categoryId: refId(),
  urgency: z.enum(URGENCIES),
  orderNature: z.enum(ORDER_NATURES),
  callerName: z.string().trim().max(L.name),
  callerPhone: z
    .string()
    .trim()
    .refine((v) => v === '' || isPhoneNumber(v), 'order.phoneInvalid'),
  communityUnitId: refId(),
  remarks: z.string().trim().max(L.text),
  labels,
  sevenFiveCategory: z.string().trim().max(L.name),
  riskLevel: intField((n) => n.min(0).max(3)),
} as const;
type EditFieldName = keyof typeof editFields;

const pick = <K extends EditFieldName>(...names: K[]) =>
  Object.fromEntries(names.map((n) => [n, editFields[n].optional()])) as {
    [P in K]: z.ZodOptional<(typeof editFields)[P]>;
  };

export const orderFieldsBody = withId(
  pick(
    'title',
    'majorContent',
    'address',
    'categoryId',
    'urgency',
    'orderNature',
    'callerName',
    'callerPhone',
  ),
);
export const hostFieldsBody = withId(pick('address', 'communityUnitId'));
export const remarksBody = withId({ remarks: editFields.remarks });
export const attributesBody = withId(
  pick('labels', 'sevenFiveCategory', 'riskLevel', 'orderNature'),
);

export type OrderEdits = Partial<{ [K in EditFieldName]: z.output<(typeof editFields)[K]> }>;

/** The reason an administrator gives for breaking someone else's lock (force). */
export const UNLOCK_REASON_MAX = 200;
/**
 * Releasing one's own lock needs nothing else; an administrator breaking someone else's lock
 * sends `force` and a `reason` (400 naming `reason` without one), which the audit log keeps.
 */
export const unlockBody = withId({
  force: flag().optional(),
  reason: z.string().trim().max(UNLOCK_REASON_MAX).optional(),
});
export const myLocksBody = z.object({ ...paging(100, 10) });

// ---- responses -------------------------------------------------------------------------------

/**
 * The order as the action left it (the list summary) and what the caller may do next; `detail`
 * is the order's `lists/detail` reply read after the commit (left out for lock and unlock, and
 * when the caller can no longer read the order), so the console needs no second round trip.
 */
export const actionResponse = envelope(
  z.object({ order: orderSummary, abilities: z.array(z.string()), detail: orderDetail.optional() }),
);

export const batchSuperviseResponse = envelope(
  z.object({
    succeeded: z.array(z.number().int()),
    refused: z.array(z.object({ id: z.number().int(), code: z.number().int(), msg: z.string() })),
  }),
);

const assignment = z.object({
  unitId: z.number().int(),
  unitName: z.string(),
  unitKind: z.string(),
  role: z.enum(['host', 'cohost']),
  status: z.number().int(),
  active: z.boolean(),
  assignedAt: z.string(),
  signedAt: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export const handleOrgResponse = envelope(
  z.object({
    host: assignment.nullable(),
    coHosts: z.array(assignment),
    history: z.array(assignment),
  }),
);

export const orderEventItem = z.object({
  id: z.number().int(),
  action: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  unitId: z.number().int().nullable(),
  unitName: z.string(),
  from: z.unknown(),
  to: z.unknown(),
  comment: z.string(),
  createdAt: z.string(),
});
export const returnHistoryResponse = envelope(z.object({ list: z.array(orderEventItem) }));

export const returnPermissionResponse = envelope(
  z.object({
    canReturn: z.boolean(),
    canRefuse: z.boolean(),
    refuseDeadline: z.string().nullable(),
    reason: z.string(),
  }),
);

export const orderAttributesResponse = envelope(
  z.object({
    id: z.number().int(),
    labels: z.array(z.string()),
    sevenFiveCategory: z.string().nullable(),
    riskLevel: z.number().int(),
    orderNature: z.string(),
  }),
);

export const myLocksResponse = envelope(
  z.object({
    list: z.array(
      z.object({
        id: z.number().int(),
        orderNum: z.string(),
        title: z.string(),
        status: z.number().int(),
        lockExpiresAt: z.string(),
      }),
    ),
    totalCount: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
);
