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
