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

/** The roles seeded everywhere, each with its rule strings (and its title in English). */
export const ROLE_RULES: Readonly<
  Record<string, { title: string; titleEn: string; rules: readonly string[] }>
> = {
  admin: { title: '系统管理员', titleEn: 'Administrator', rules: [] },
  dispatcher: {
    title: '区派单员',
    titleEn: 'District dispatcher',
    rules: [RULES.districtQuery, RULES.case, RULES.dispatcherClock, RULES.widerTypes],
  },
  reviewer: {
    title: '区审核员',
    titleEn: 'District reviewer',
    rules: [RULES.districtQuery, RULES.review],
  },
  visitor: {
    title: '回访员',
    titleEn: 'Call-back staff',
    rules: [RULES.callback, RULES.callbackClock],
  },
  agent: { title: '话务员', titleEn: 'Call-centre agent', rules: [RULES.case] },
  street: { title: '街乡镇承办人', titleEn: 'Street / town handler', rules: [RULES.street] },
  department: { title: '部门承办人', titleEn: 'Department handler', rules: [RULES.department] },
  leader: { title: '领导', titleEn: 'Leader', rules: [RULES.leader] },
};

/**
 * A role's title as the console shows it: a built-in role's (known by its Chinese title) in
 * English when the console is; a custom role's as its administrator wrote it.
 */
export function roleTitle(title: string, english: boolean): string {
  if (!english) return title;
  return Object.values(ROLE_RULES).find((r) => r.title === title)?.titleEn ?? title;
}
