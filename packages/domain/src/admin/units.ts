import type { UnitKind } from '../org';

/**
 * Where a unit may sit in the tree (WORKFLOW section 1): the district centre under the city
 * (or at the top), streets, towns and departments under the district, communities under
 * streets and towns, villages under towns. The layering makes cycles impossible.
 */
export const UNIT_PARENT_KINDS: Readonly<Record<UnitKind, readonly (UnitKind | null)[]>> = {
  city: [null],
  district: [null, 'city'],
  street: ['district'],
  town: ['district'],
  department: ['district'],
  community: ['street', 'town'],
  village: ['town', 'street'],
};

export type UnitPlacementProblem =
  | { key: 'unit.parentRequired'; params: Record<string, never> }
  | { key: 'unit.parentKind'; params: { kind: UnitKind; parents: string } };

/** Whether a unit of `kind` may sit under a parent of `parentKind` (null: at the top). */
export function unitPlacementProblem(
  kind: UnitKind,
  parentKind: UnitKind | null,
): UnitPlacementProblem | null {
  const allowed = UNIT_PARENT_KINDS[kind];
  if (allowed.includes(parentKind)) return null;
  if (parentKind === null) return { key: 'unit.parentRequired', params: {} };
  return {
    key: 'unit.parentKind',
    params: { kind, parents: allowed.filter((k) => k !== null).join(', ') },
  };
}

/** Unit kinds as the console and the server's messages name them. */
export const UNIT_KIND_NAMES: Readonly<Record<UnitKind, { zh: string; en: string }>> = {
  city: { zh: '市级中心', en: 'city centre' },
  district: { zh: '区级中心', en: 'district centre' },
  street: { zh: '街道', en: 'street' },
  town: { zh: '乡镇', en: 'town' },
  department: { zh: '区属部门', en: 'department' },
  community: { zh: '社区', en: 'community' },
  village: { zh: '村', en: 'village' },
};

/**
 * Code prefixes of generated unit codes, as the seed names them: D01, S01, T01, B01; a
 * community or village takes its parent's code and C / V (S01C01, T01V01).
 */
const UNIT_CODE_PREFIX: Readonly<Record<UnitKind, string>> = {
  city: 'CITY',
  district: 'D',
  street: 'S',
  town: 'T',
  department: 'B',
  community: 'C',
  village: 'V',
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The next free code of a numbered series: `prefix` + (highest number in use + 1), at least two
 * digits. `digits` is the number pattern of the series' own codes (categories: exactly two,
 * so a grandchild's code is not read as a child's number).
 */
function nextNumbered(prefix: string, taken: ReadonlySet<string>, digits = '\\d+'): string {
  const pattern = new RegExp(`^${escapeRegExp(prefix)}(${digits})$`);
  let highest = 0;
  for (const code of taken) {
    const match = pattern.exec(code);
    if (match?.[1]) highest = Math.max(highest, Number(match[1]));
  }
  let n = highest + 1;
  while (taken.has(`${prefix}${String(n).padStart(2, '0')}`)) n += 1;
  return `${prefix}${String(n).padStart(2, '0')}`;
}

/** The prefix of generated codes for a unit of `kind` under a parent coded `parentCode`. */
export function unitCodePrefix(kind: UnitKind, parentCode: string | null): string {
  const own = UNIT_CODE_PREFIX[kind];
  return (kind === 'community' || kind === 'village') && parentCode ? parentCode + own : own;
}

/**
 * A code for a new unit that no unit holds (`taken`: the codes in use, at least those that
 * start with `unitCodePrefix`): S05 after S01–S04, S01C05 for the fifth community of S01.
 */
export function nextUnitCode(
  kind: UnitKind,
  parentCode: string | null,
  taken: ReadonlySet<string>,
): string {
  return nextNumbered(unitCodePrefix(kind, parentCode), taken);
}

/**
 * The problem categories (问题分类) have three levels: field → matter → problem; orders take a
 * level-3 category. A category's level is fixed by where it sits: level 1 at the top, else one
 * below its parent; a move keeps the level (so a move never re-levels a sub-tree).
 */
export const CATEGORY_MAX_LEVEL = 3;

export type CategoryPlacementProblem =
  | { key: 'category.tooDeep'; params: { max: number } }
  | { key: 'category.parentLevel'; params: { level: number } }
  | { key: 'category.topLevelStays'; params: Record<string, never> };

/** The level of a new category under a parent of `parentLevel` (null: at the top). */
export function newCategoryLevel(
  parentLevel: number | null,
): { level: number } | CategoryPlacementProblem {
  const level = parentLevel === null ? 1 : parentLevel + 1;
  if (level > CATEGORY_MAX_LEVEL)
    return { key: 'category.tooDeep', params: { max: CATEGORY_MAX_LEVEL } };
  return { level };
}

/** Whether a category of `level` may move under a parent of `parentLevel` (null: the top). */
export function categoryMoveProblem(
  level: number,
  parentLevel: number | null,
): CategoryPlacementProblem | null {
  if (level === 1)
    return parentLevel === null ? null : { key: 'category.topLevelStays', params: {} };
  if (parentLevel !== level - 1)
    return { key: 'category.parentLevel', params: { level: level - 1 } };
  return null;
}

/** A code for a new category: C04 at the top, parent code + two digits below (C0101, C010105). */
export function nextCategoryCode(parentCode: string | null, taken: ReadonlySet<string>): string {
  return nextNumbered(parentCode ?? 'C', taken, '\\d{2}');
}
