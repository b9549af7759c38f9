import { queryOptions } from '@tanstack/react-query';
import type { CallRecord, TelephonyCall } from '@hotline/contract';
import { request } from '../../lib/request';
import { getToken } from '../../lib/storage';

/** The calling endpoints (docs/api.md "Calling"). */

export type { CallRecord, TelephonyCall };

export interface SeatList {
  list: { seatNo: number; name: string; mine: boolean }[];
  total: number;
  mySeat: number | null;
  simulated: boolean;
}

export const seatsQuery = () =>
  queryOptions({
    queryKey: ['calls', 'seats'],
    queryFn: () => request<SeatList>('/addons/call/Callseat/getList', { method: 'POST', body: {} }),
    staleTime: 5_000,
  });

export const updateSeat = (seatNo: number, status: 0 | 1) =>
  request<{ mySeat: number | null }>('/addons/call/Callseat/update', {
    method: 'POST',
    body: { seatNo, status },
  });

export const dialOut = (orderId: number) =>
  request<TelephonyCall>('/addons/call/index/dialout', { method: 'POST', body: { orderId } });

export const hangUpCall = (callOutId: string) =>
  request<TelephonyCall>('/addons/call/index/hangup', { method: 'POST', body: { callOutId } });

export async function fetchCall(callOutId: string): Promise<TelephonyCall | null> {
  const data = await request<{ list: TelephonyCall[] }>('/addons/call/index/getList', {
    method: 'POST',
    body: { callOutId, pageNo: 1, pageSize: 1 },
    noError: true,
  });
  return data.list[0] ?? null;
}

/** The agent's latest call (after a reload, a call still in progress is picked up again). */
export async function fetchLatestCall(): Promise<TelephonyCall | null> {
  const data = await request<{ list: TelephonyCall[] }>('/addons/call/index/getList', {
    method: 'POST',
    body: { pageNo: 1, pageSize: 1 },
    noError: true,
  });
  return data.list[0] ?? null;
}

export const insertCallOut = (body: Record<string, unknown>) =>
  request<CallRecord>('/addons/jsjb/Callout/insertCallOut', { method: 'POST', body });

export const saveCallResult = (callOutId: string, result: string) =>
  request<CallRecord>('/addons/jsjb/Callout/saveResult', {
    method: 'POST',
    body: { callOutId, result },
  });

export interface RecordPage {
  list: CallRecord[];
  totalCount: number;
}

export const callRecordsQuery = (orderNum: string | null, pageNo = 1, pageSize = 20) =>
  queryOptions({
    queryKey: ['calls', 'records', orderNum ?? '*', pageNo, pageSize],
    queryFn: () =>
      request<RecordPage>('/addons/jsjb/Callout/callOutList', {
        method: 'POST',
        body: { ...(orderNum ? { orderNum } : {}), pageNo, pageSize },
      }),
  });

/**
 * A recording as an object URL: the download needs the bearer token, which an <audio src>
 * cannot send, so it is fetched and handed to the element as a blob.
 */
export async function fetchRecording(file: string): Promise<string> {
  const token = getToken();
  const res = await fetch(file, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`recording: HTTP ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

export interface MonitorAgent {
  uid: number;
  username: string;
  realname: string;
  unitName: string;
  duty: { clockType: 1 | 2; onDuty: boolean; since: string | null }[];
  seatNo: number | null;
  seatSince: string | null;
  call: { state: TelephonyCall['state']; since: string } | null;
}

export const monitorQuery = () =>
  queryOptions({
    queryKey: ['calls', 'monitor'],
    queryFn: () =>
      request<{ list: MonitorAgent[]; seatsFree: number; seatsTotal: number }>(
        '/common/interface',
        { method: 'POST', body: {}, noError: true },
      ),
    refetchInterval: 5_000,
  });
