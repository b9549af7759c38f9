import { describe, expect, it } from 'vitest';
import type { UnitKind } from '@hotline/domain';
import {
  buildForest,
  categoryParentChoices,
  childKinds,
  descendantIds,
  filterForest,
  openLevels,
  pathName,
  unitParentChoices,
} from './tree';

const unit = (id: number, parentId: number | null, kind: UnitKind, name: string, sort = 0) => ({
  id,
  parentId,
  kind,
  name,
  code: `U${id}`,
  sort,
  disabled: false,
  userCount: 0,
});

const UNITS = [
  unit(1, null, 'city', '市中心'),
  unit(2, 1, 'district', '清源区'),
  unit(3, 2, 'street', '望湖街道', 2),
  unit(4, 2, 'street', '柳荫街道', 1),
  unit(5, 3, 'community', '湖光社区'),
  unit(6, 2, 'town', '河口镇', 3),
  unit(7, 2, 'department', '区住建委', 4),
  { ...unit(8, 2, 'street', '金桥街道', 5), disabled: true },
];

describe('the unit tree', () => {
  it('is built from the flat list, ordered by sort then id', () => {
    const forest = buildForest(UNITS);
    expect(forest.map((b) => b.item.id)).toEqual([1]);
    const district = forest[0]!.children[0]!;
    expect(district.children.map((b) => b.item.name)).toEqual([
      '柳荫街道',
      '望湖街道',
      '河口镇',
      '区住建委',
      '金桥街道',
    ]);
    expect(openLevels(forest, 2)).toEqual([1, 2]);
  });

  it('a row whose parent is missing stands at the top', () => {
    expect(buildForest([unit(9, 99, 'street', 'x')]).map((b) => b.item.id)).toEqual([9]);
  });

  it('search keeps matches with their ancestors and opens the way to them', () => {
    const { forest, expand } = filterForest(buildForest(UNITS), '湖光');
    expect(pathName(UNITS, forest[0]!.children[0]!.children[0]!.children[0]!.item)).toBe(
      '市中心 / 清源区 / 望湖街道 / 湖光社区',
    );
    expect(expand.sort()).toEqual([1, 2, 3]);
    expect(filterForest(buildForest(UNITS), 'u5').forest).toHaveLength(1);
    expect(filterForest(buildForest(UNITS), '没有').forest).toEqual([]);
  });

  it('offers the kinds the domain allows under a parent', () => {
    expect(childKinds(null)).toEqual(['city', 'district']);
    expect(childKinds('district')).toEqual(['street', 'town', 'department']);
    expect(childKinds('street')).toEqual(['community', 'village']);
    expect(childKinds('community')).toEqual([]);
  });

  it('a community may move to another street or a town, not to its own street', () => {
    const choices = unitParentChoices(UNITS, UNITS[4]!, 'top');
    expect(choices.map((c) => c.id)).toEqual([4, 6, 8]);
    expect(choices.find((c) => c.id === 8)?.disabled).toBe(true);
    expect(choices[0]?.label).toBe('市中心 / 清源区 / 柳荫街道');
  });

  it('a district may move to the top, never under itself', () => {
    expect(unitParentChoices(UNITS, UNITS[1]!, 'top').map((c) => c.id)).toEqual([null]);
    expect(descendantIds(UNITS, 2).sort()).toEqual([3, 4, 5, 6, 7, 8]);
  });
});

describe('the category tree', () => {
  const cat = (id: number, parentId: number | null, level: number) => ({
    id,
    parentId,
    level,
    name: `c${id}`,
    code: `C${id}`,
    sort: 0,
    disabled: false,
  });
  const CATS = [cat(1, null, 1), cat(2, null, 1), cat(3, 1, 2), cat(4, 2, 2), cat(5, 3, 3)];

  it('a category moves only under the level above, not to its own parent', () => {
    expect(categoryParentChoices(CATS, CATS[4]!).map((c) => c.id)).toEqual([4]);
    expect(categoryParentChoices(CATS, CATS[2]!).map((c) => c.id)).toEqual([2]);
    expect(categoryParentChoices(CATS, CATS[0]!)).toEqual([]);
  });
});
