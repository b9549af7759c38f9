import { useCallback, useMemo, useState } from 'react';
import {
  ancestors,
  buildForest,
  filterForest,
  openLevels,
  type Branch,
  type FlatNode,
} from '../tree';

export interface TreeState<T extends FlatNode> {
  /** Every row, by id. */
  byId: Map<number, T>;
  /** The forest after the search. */
  forest: Branch<T>[];
  search: string;
  setSearch: (text: string) => void;
  expandedKeys: number[];
  setExpandedKeys: (keys: number[]) => void;
  selected: T | null;
  select: (id: number | null) => void;
  /** Selects a row and opens its ancestors (after it was created or moved). */
  reveal: (id: number, parentId: number | null) => void;
}

/**
 * The state of a searchable tree over a flat list: the search text, the open branches (the
 * first two levels at first; while searching, the branches that lead to the matches) and the
 * selected row.
 */
export function useTreeState<T extends FlatNode>(list: readonly T[] | undefined): TreeState<T> {
  const rows = useMemo(() => list ?? [], [list]);
  const [search, setSearchText] = useState('');
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const full = useMemo(() => buildForest(rows), [rows]);
  const filtered = useMemo(() => filterForest(full, search), [full, search]);
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const expandedKeys = expanded ?? (search.trim() ? filtered.expand : openLevels(full, 2));

  const setSearch = useCallback((text: string) => {
    setSearchText(text);
    setExpanded(null);
  }, []);

  const reveal = useCallback(
    (id: number, parentId: number | null) => {
      setSelectedId(id);
      // the new parent and its ancestors (the row itself may not be in the list yet)
      const parent = parentId === null ? undefined : byId.get(parentId);
      const path = parent ? [...ancestors(rows, parent).map((a) => a.id), parent.id] : [];
      setExpanded((current) => {
        const base = current ?? (search.trim() ? filtered.expand : openLevels(full, 2));
        return [...new Set([...base, ...path])];
      });
    },
    [byId, rows, search, filtered.expand, full],
  );

  return {
    byId,
    forest: filtered.forest,
    search,
    setSearch,
    expandedKeys,
    setExpandedKeys: setExpanded,
    selected: selectedId === null ? null : (byId.get(selectedId) ?? null),
    select: setSelectedId,
    reveal,
  };
}
