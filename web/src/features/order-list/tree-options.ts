import type { CategoryNode, EndpointData, listEndpoints, UnitTreeNode } from '@hotline/contract';

/** Server trees → TreeSelect options (groups are not selectable). */

export interface TreeOption {
  title: string;
  value: number | string;
  selectable?: boolean;
  children?: TreeOption[];
}

export function hostUnitOptions(
  groups: EndpointData<typeof listEndpoints.hostTree>['list'],
): TreeOption[] {
  const unit = (u: UnitTreeNode): TreeOption => ({
    title: u.name,
    value: u.id,
    children: u.children.map(unit),
  });
  return groups.map((g) => ({
    title: g.name,
    value: `group:${g.kind}`,
    selectable: false,
    children: g.children.map(unit),
  }));
}

/**
 * The category tree; `leafOnly` (intake) lets only level-3 categories be chosen, the filter
 * may take any level (the server includes everything below it).
 */
export function categoryOptions(nodes: readonly CategoryNode[], leafOnly: boolean): TreeOption[] {
  return nodes.map((n) => ({
    title: n.name,
    value: n.id,
    selectable: !leafOnly || n.level === 3,
    children: n.children.length ? categoryOptions(n.children, leafOnly) : undefined,
  }));
}
