import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { EndpointData, EndpointInput } from '@hotline/contract';
import { roleEndpoints as ep } from '@hotline/contract/client';
import { call } from '../../lib/api-client';

/**
 * Roles and their rule strings (docs/api.md "Auth admin"). Writes pass `noError`: the drawer
 * and the table show the server's refusal themselves.
 */

export type Role = EndpointData<typeof ep.listGroups>['list'][number];
export type RoleCreateInput = EndpointInput<typeof ep.createGroup>;
export type RoleUpdateInput = EndpointInput<typeof ep.updateGroup>;

const KEY = 'adminRoles';

export const rolesQuery = () =>
  queryOptions({
    queryKey: [KEY, 'list'],
    queryFn: ({ signal }) =>
      call(ep.listGroups, { pageNo: 1, pageSize: 1000 }, { signal, noError: true }),
  });

export const refreshRoles = (client: QueryClient) => client.invalidateQueries({ queryKey: [KEY] });

const quiet = { noError: true } as const;

export const roleApi = {
  create: (body: RoleCreateInput) => call(ep.createGroup, body, quiet),
  update: (body: RoleUpdateInput) => call(ep.updateGroup, body, quiet),
  remove: (id: number) => call(ep.deleteGroup, { id }, quiet),
};
