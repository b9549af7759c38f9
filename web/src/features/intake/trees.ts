import type { UnitTreeNode } from '@hotline/contract';
import type { CategoryNode } from './api';

/** Server trees → TreeSelect data: only level-3 categories and communities/villages are choosable. */

export const categoryTree = (nodes: CategoryNode[]): object[] =>
  nodes.map((n) => ({
    title: n.name,
    value: n.id,
    selectable: n.level === 3,
    children: n.children.length ? categoryTree(n.children) : undefined,
  }));
export const gridTree = (nodes: UnitTreeNode[]): object[] =>
  nodes.map((n) => ({
    title: n.name,
    value: n.id,
    selectable: n.kind === 'community' || n.kind === 'village',
    children: n.children.length ? gridTree(n.children) : undefined,
  }));
