import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AdminCategory, AdminUnit, EndpointInput } from '@hotline/contract';
import { adminOrgEndpoints as ep } from '@hotline/contract/client';
import { call } from '../../lib/api-client';

/**
 * The unit tree and the problem categories (docs/api.md "Unit admin", "Category admin").
 * Writes pass `noError`: the dialogs and the detail panel show the server's refusal themselves.
 */

export type { AdminCategory, AdminUnit };

const KEY = 'adminOrg';

export const unitsQuery = () =>
  queryOptions({
    queryKey: [KEY, 'units'],
    queryFn: ({ signal }) => call(ep.listUnits, undefined, { signal, noError: true }),
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: [KEY, 'categories'],
    queryFn: ({ signal }) => call(ep.listCategories, undefined, { signal, noError: true }),
  });

/**
 * After a write: this page's list and the pickers that follow the tree (intake, dispatch and
 * filters keep their trees under these keys) are read again.
 */
export async function refreshUnits(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: [KEY, 'units'] }),
    client.invalidateQueries({ queryKey: ['orgTree'] }),
  ]);
}

export async function refreshCategories(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: [KEY, 'categories'] }),
    client.invalidateQueries({ queryKey: ['categoryTree'] }),
  ]);
}

export type UnitCreateInput = EndpointInput<typeof ep.createUnit>;
export type UnitUpdateInput = EndpointInput<typeof ep.updateUnit>;
export type CategoryCreateInput = EndpointInput<typeof ep.createCategory>;
export type CategoryUpdateInput = EndpointInput<typeof ep.updateCategory>;

const quiet = { noError: true } as const;

export const unitApi = {
  create: (body: UnitCreateInput) => call(ep.createUnit, body, quiet),
  update: (body: UnitUpdateInput) => call(ep.updateUnit, body, quiet),
  move: (id: number, parentId: number | null) => call(ep.moveUnit, { id, parentId }, quiet),
  disable: (id: number) => call(ep.disableUnit, { id }, quiet),
  enable: (id: number) => call(ep.enableUnit, { id }, quiet),
  remove: (id: number) => call(ep.deleteUnit, { id }, quiet),
};

export const categoryApi = {
  create: (body: CategoryCreateInput) => call(ep.createCategory, body, quiet),
  update: (body: CategoryUpdateInput) => call(ep.updateCategory, body, quiet),
  move: (id: number, parentId: number | null) => call(ep.moveCategory, { id, parentId }, quiet),
  disable: (id: number) => call(ep.disableCategory, { id }, quiet),
  enable: (id: number) => call(ep.enableCategory, { id }, quiet),
};
