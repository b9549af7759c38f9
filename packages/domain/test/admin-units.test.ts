import { describe, expect, it } from 'vitest';
import {
  categoryMoveProblem,
  newCategoryLevel,
  nextCategoryCode,
  nextUnitCode,
  UNIT_KIND_NAMES,
  UNIT_PARENT_KINDS,
  unitPlacementProblem,
} from '../src/admin/units';
import { UNIT_KINDS, type UnitKind } from '../src/org';

describe('unitPlacementProblem', () => {
  it('accepts the layering of the org tree', () => {
    const allowed: [UnitKind, UnitKind | null][] = [
      ['city', null],
      ['district', null],
      ['district', 'city'],
      ['street', 'district'],
      ['town', 'district'],
      ['department', 'district'],
      ['community', 'street'],
      ['community', 'town'],
      ['village', 'town'],
      ['village', 'street'],
    ];
    for (const [kind, parent] of allowed) expect(unitPlacementProblem(kind, parent)).toBeNull();
  });

  it('a unit that needs a parent, placed at the top', () => {
    for (const kind of ['street', 'town', 'department', 'community', 'village'] as const) {
      expect(unitPlacementProblem(kind, null)).toEqual({ key: 'unit.parentRequired', params: {} });
    }
  });

  it('a wrong parent kind names the kinds that are allowed', () => {
    expect(unitPlacementProblem('community', 'department')).toEqual({
      key: 'unit.parentKind',
      params: { kind: 'community', parents: 'street, town' },
    });
    expect(unitPlacementProblem('street', 'street')).toEqual({
      key: 'unit.parentKind',
      params: { kind: 'street', parents: 'district' },
    });
    expect(unitPlacementProblem('city', 'district')).toMatchObject({ key: 'unit.parentKind' });
    expect(unitPlacementProblem('district', 'street')).toMatchObject({ key: 'unit.parentKind' });
  });

  it('the layering has no cycle: no kind may sit under itself, directly or not', () => {
    const below = (kind: UnitKind, seen: Set<UnitKind>): boolean =>
      UNIT_KINDS.some(
        (child) =>
          UNIT_PARENT_KINDS[child].includes(kind) &&
          (seen.has(child) || below(child, new Set([...seen, child]))),
      );
    for (const kind of UNIT_KINDS) expect(below(kind, new Set([kind])), kind).toBe(false);
  });

  it('every kind has names in both languages', () => {
    for (const kind of UNIT_KINDS) {
      expect(UNIT_KIND_NAMES[kind].zh).not.toBe('');
      expect(UNIT_KIND_NAMES[kind].en).not.toBe('');
    }
  });
});

describe('nextUnitCode', () => {
  it('numbers on from the highest code of the series', () => {
    const taken = new Set(['S01', 'S02', 'S04', 'S01C01', 'T01', 'D01', 'CITY']);
    expect(nextUnitCode('street', 'D01', taken)).toBe('S05');
    expect(nextUnitCode('town', 'D01', taken)).toBe('T02');
    expect(nextUnitCode('department', 'D01', new Set())).toBe('B01');
    expect(nextUnitCode('community', 'S01', taken)).toBe('S01C02');
    expect(nextUnitCode('village', 'T01', taken)).toBe('T01V01');
    expect(nextUnitCode('district', 'CITY', taken)).toBe('D02');
  });

  it('never answers a code in use', () => {
    // A hand-made code that looks numbered but is not of the series ("S05x") does not count;
    // one that is (S3) does, and the answer skips anything already taken.
    const taken = new Set(['S3', 'S04', 'S05x']);
    const code = nextUnitCode('street', null, taken);
    expect(code).toBe('S05');
    expect(taken.has(code)).toBe(false);
    expect(nextUnitCode('street', null, new Set(['S99']))).toBe('S100');
  });
});

describe('categories', () => {
  it('a new category is one level below its parent, at most level 3', () => {
    expect(newCategoryLevel(null)).toEqual({ level: 1 });
    expect(newCategoryLevel(1)).toEqual({ level: 2 });
    expect(newCategoryLevel(2)).toEqual({ level: 3 });
    expect(newCategoryLevel(3)).toEqual({ key: 'category.tooDeep', params: { max: 3 } });
  });

  it('a move keeps the level: the new parent is one level up, level 1 stays at the top', () => {
    expect(categoryMoveProblem(1, null)).toBeNull();
    expect(categoryMoveProblem(1, 1)).toEqual({ key: 'category.topLevelStays', params: {} });
    expect(categoryMoveProblem(2, 1)).toBeNull();
    expect(categoryMoveProblem(3, 2)).toBeNull();
    expect(categoryMoveProblem(3, 1)).toEqual({
      key: 'category.parentLevel',
      params: { level: 2 },
    });
    expect(categoryMoveProblem(2, null)).toEqual({
      key: 'category.parentLevel',
      params: { level: 1 },
    });
    expect(categoryMoveProblem(3, 3)).toMatchObject({ key: 'category.parentLevel' });
  });

  it('codes follow the position and skip what is taken', () => {
    const taken = new Set(['C01', 'C02', 'C0101', 'C0102', 'C010101', 'C010199']);
    expect(nextCategoryCode(null, taken)).toBe('C03');
    // C010101 is a grandchild of C01, not its child number 101.
    expect(nextCategoryCode('C01', taken)).toBe('C0103');
    expect(nextCategoryCode('C0101', taken)).toBe('C0101100');
    expect(nextCategoryCode('C02', taken)).toBe('C0201');
  });
});
