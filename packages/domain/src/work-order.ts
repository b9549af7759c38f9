/** Work-order vocabulary of WORKFLOW sections 2–4: the codes the spec names, with readable names. */

export const ORDER_STATUS = {
  unsigned: 0,
  inProcess: 1,
  replyReview: 11,
  returnReview: 12,
  refused: 71,
  returnedToCity: 72,
  replied: 91,
  closed: 92,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUS_CODES: readonly number[] = Object.values(ORDER_STATUS);

export const MAIN_ORG_STATUS = {
  notDispatched: -1,
  pendingSign: 0,
  handling: 1,
  replyReview: 11,
  returnReview: 12,
  returnApproved: 71,
  replyApproved: 72,
} as const;
export const MAIN_ORG_STATUS_CODES: readonly number[] = Object.values(MAIN_ORG_STATUS);

export const HUIFANG_STATE = {
  none: 0,
  visited: 1,
  pending: 2,
  failed1: 11,
  failed2: 12,
  failed3: 13,
} as const;
export const HUIFANG_STATE_CODES: readonly number[] = Object.values(HUIFANG_STATE);

export const NEED_REVIEW_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;

export const ORDER_NATURES = [
  'consult',
  'help',
  'complaint',
  'report',
  'suggestion',
  'praise',
] as const;
export type OrderNature = (typeof ORDER_NATURES)[number];

export const URGENCIES = ['emergency', 'utility', 'general', 'complex'] as const;
export type Urgency = (typeof URGENCIES)[number];

/** Order source (`typeId`). */
export const ORDER_TYPES = {
  cityDispatched: 1,
  selfBuilt: 5,
  directDispatch: 7,
  gridReport: 8,
  leaderAssigned: 9,
  proactive: 10,
} as const;
export const ORDER_TYPE_IDS: readonly number[] = Object.values(ORDER_TYPES);
export const DEFAULT_TYPE_IDS: readonly number[] = [1, 5, 7];

export const VISIT_RESULTS = ['satisfied', 'basic', 'unsatisfied'] as const;
export type VisitResult = (typeof VISIT_RESULTS)[number];

/** Default handling limits in hours per urgency (WORKFLOW section 3). */
export const DEFAULT_HANDLING_LIMIT_HOURS: Readonly<Record<Urgency, number>> = {
  emergency: 2,
  utility: 24,
  general: 7 * 24,
  complex: 15 * 24,
};

export const DEFAULT_REFUSE_SIGN_HOURS = 24;
