/** Units and roles of WORKFLOW sections 1 and 8. */

export const UNIT_KINDS = [
  'city',
  'district',
  'street',
  'town',
  'department',
  'community',
  'village',
] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

/** `isStreet` of the user info: 0 district or department, 1 street, 2 town (and their communities). */
export function isStreetFlag(kind: UnitKind, parentKind?: UnitKind): 0 | 1 | 2 {
  const k = kind === 'community' || kind === 'village' ? parentKind : kind;
  if (k === 'street') return 1;
  if (k === 'town') return 2;
  return 0;
}

/** Rule strings (WORKFLOW section 8, spec section 6). */
export const RULES = {
  districtQuery: '/jsjb/dw',
  case: '/jsjb/case',
  dispatcherClock: '/jsjb/qu/dcl',
  widerTypes: '/ddw_button_role',
  review: '/jsjb/review',
  callback: '/jsjb/qu/call',
  callbackClock: '/jsjb/qu/call/bjdhf',
  street: '/jsjb/street',
  department: '/jsjb/bm',
  leader: '/jsjb/sbld',
} as const;

/** The roles seeded everywhere, each with its rule strings. */
export const ROLE_RULES: Readonly<Record<string, { title: string; rules: readonly string[] }>> = {
  admin: { title: '系统管理员', rules: [] },
  dispatcher: {
    title: '区派单员',
    rules: [RULES.districtQuery, RULES.case, RULES.dispatcherClock, RULES.widerTypes],
  },
  reviewer: { title: '区审核员', rules: [RULES.districtQuery, RULES.review] },
  visitor: { title: '回访员', rules: [RULES.callback, RULES.callbackClock] },
  agent: { title: '话务员', rules: [RULES.case] },
  street: { title: '街乡镇承办人', rules: [RULES.street] },
  department: { title: '部门承办人', rules: [RULES.department] },
  leader: { title: '领导', rules: [RULES.leader] },
};
