import { UNIT_PARENT_KINDS, UNIT_KINDS, type UnitKind } from '@hotline/domain';

/**
 * The unit and category trees from the server's flat lists (each row names its parent), and
 * what may go where. Pure: the views render these, the tests check them.
 */

export interface FlatNode {
  id: number;
  parentId: number | null;
  sort: number;
  name: string;
  code: string;
  disabled: boolean;
}

export interface Branch<T extends FlatNode> {
  item: T;
  children: Branch<T>[];
}

const bySortThenId = <T extends FlatNode>(a: Branch<T>, b: Branch<T>) =>
  a.item.sort - b.item.sort || a.item.id - b.item.id;

/** The forest of a flat list: rows whose parent is missing are shown at the top. */
export function buildForest<T extends FlatNode>(list: readonly T[]): Branch<T>[] {
  const branches = new Map<number, Branch<T>>();
  for (const item of list) branches.set(item.id, { item, children: [] });
  const roots: Branch<T>[] = [];
  for (const branch of branches.values()) {
    const parent = branch.item.parentId === null ? undefined : branches.get(branch.item.parentId);
    if (parent && parent !== branch) parent.children.push(branch);
    else roots.push(branch);
  }
  const sortAll = (level: Branch<T>[]) => {
    level.sort(bySortThenId);
    for (const b of level) sortAll(b.children);
  };
  sortAll(roots);
  return roots;
}

/** Whether a row matches a search text (name or code, case-insensitive). */
export function matches(item: Pick<FlatNode, 'name' | 'code'>, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return item.name.toLowerCase().includes(q) || item.code.toLowerCase().includes(q);
}

/**
 * The branches that match `text` with their ancestors (a match keeps all its children, so a
 * street found by name still shows its communities), and the ids to expand to show the matches.
 */
export function filterForest<T extends FlatNode>(
  forest: Branch<T>[],
  text: string,
): { forest: Branch<T>[]; expand: number[] } {
  if (!text.trim()) return { forest, expand: [] };
  const expand: number[] = [];
  const walk = (level: Branch<T>[]): Branch<T>[] => {
    const kept: Branch<T>[] = [];
    for (const branch of level) {
      if (matches(branch.item, text)) {
        kept.push(branch);
        continue;
      }
      const children = walk(branch.children);
      if (children.length) {
        expand.push(branch.item.id);
        kept.push({ item: branch.item, children });
      }
    }
    return kept;
  };
  return { forest: walk(forest), expand };
}

/** The ids of the first `depth` levels (the tree opens on these). */
export function openLevels<T extends FlatNode>(forest: Branch<T>[], depth: number): number[] {
  if (depth <= 0) return [];
  return forest.flatMap((b) =>
    b.children.length ? [b.item.id, ...openLevels(b.children, depth - 1)] : [],
  );
}

/** A row's ancestors, nearest last (for "district / street" labels). */
export function ancestors<T extends FlatNode>(list: readonly T[], item: T): T[] {
  const byId = new Map(list.map((n) => [n.id, n]));
  const out: T[] = [];
  const seen = new Set<number>([item.id]);
  let parentId = item.parentId;
  while (parentId !== null && !seen.has(parentId)) {
    const parent = byId.get(parentId);
    if (!parent) break;
    seen.add(parentId);
    out.unshift(parent);
    parentId = parent.parentId;
  }
  return out;
}

/** A row's name with its ancestors' ("清源区 / 望湖街道"). */
export function pathName<T extends FlatNode>(list: readonly T[], item: T): string {
  return [...ancestors(list, item), item].map((n) => n.name).join(' / ');
}

/** Ids of a row's descendants (not the row itself). */
export function descendantIds<T extends FlatNode>(list: readonly T[], id: number): number[] {
  const out: number[] = [];
  const queue = [id];
  while (queue.length) {
    const current = queue.shift();
    for (const n of list) {
      if (n.parentId === current && !out.includes(n.id) && n.id !== id) {
        out.push(n.id);
        queue.push(n.id);
      }
    }
  }
  return out;
}

/** Kinds a unit of `parentKind` may hold (null: the kinds allowed at the top). */
export function childKinds(parentKind: UnitKind | null): UnitKind[] {
  return UNIT_KINDS.filter((kind) => UNIT_PARENT_KINDS[kind].includes(parentKind));
}

interface UnitLike extends FlatNode {
  kind: UnitKind;
}

export interface ParentChoice {
  /** null: the top of the tree. */
  id: number | null;
  label: string;
  disabled: boolean;
}

/**
 * Where a unit may move: enabled units of the kinds its own kind allows (and the top when its
 * kind may stand there), never itself, its descendants or its current parent.
 */
export function unitParentChoices<T extends UnitLike>(
  list: readonly T[],
  unit: T,
  topLabel: string,
): ParentChoice[] {
  const allowed = UNIT_PARENT_KINDS[unit.kind];
  const below = new Set(descendantIds(list, unit.id));
  const choices: ParentChoice[] = [];
  if (allowed.includes(null) && unit.parentId !== null)
    choices.push({ id: null, label: topLabel, disabled: false });
  for (const n of list) {
    if (n.id === unit.id || below.has(n.id) || n.id === unit.parentId) continue;
    if (!allowed.includes(n.kind)) continue;
    choices.push({ id: n.id, label: pathName(list, n), disabled: n.disabled });
  }
  return choices;
}

interface CategoryLike extends FlatNode {
  level: number;
}

/** Where a category may move: the categories of the level above, but not its current parent. */
export function categoryParentChoices<T extends CategoryLike>(
  list: readonly T[],
  category: T,
): ParentChoice[] {
  if (category.level <= 1) return [];
  return list
    .filter((n) => n.level === category.level - 1 && n.id !== category.parentId)
    .map((n) => ({ id: n.id, label: pathName(list, n), disabled: n.disabled }));
}

/** Whether a row or one of its ancestors is disabled (shown greyed). */
export function disabledInPath<T extends FlatNode>(list: readonly T[], item: T): boolean {
  return item.disabled || ancestors(list, item).some((n) => n.disabled);
}
