import { queryOptions } from '@tanstack/react-query';
import { type EndpointData } from '@hotline/contract';
import { exportEndpoints } from '@hotline/contract/client';
import { call } from '../../lib/api-client';

/** getOrder: the print data of one order (phone masked unless the caller may see it). */
export type PrintData = EndpointData<typeof exportEndpoints.getOrder>;

export const printQuery = (id: number) =>
  queryOptions({
    queryKey: ['export', 'print', id],
    queryFn: ({ signal }) => call(exportEndpoints.getOrder, { id }, { signal }),
    staleTime: 0,
  });
