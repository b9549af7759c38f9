import { queryOptions } from '@tanstack/react-query';
import type { OrderDetail } from '@hotline/contract';
import { request } from '../../lib/request';
import { EXPORT_BASE } from './api';

/** getOrder: the print data of one order (phone masked unless the caller may see it). */
export type PrintData = Omit<OrderDetail, 'abilities' | 'similar'> & {
  masked: boolean;
  printedAt: string;
};

export const printQuery = (id: number) =>
  queryOptions({
    queryKey: ['export', 'print', id],
    queryFn: ({ signal }) =>
      request<PrintData>(`${EXPORT_BASE}/getOrder`, { body: { id }, signal }),
    staleTime: 0,
  });
