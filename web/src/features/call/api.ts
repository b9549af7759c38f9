import { queryOptions } from '@tanstack/react-query';
import {
  type CallRecord,
  type EndpointData,
  type EndpointInput,
  type TelephonyCall,
} from '@hotline/contract';
import { callEndpoints } from '@hotline/contract/client';
import { call } from '../../lib/api-client';
import { getToken } from '../../lib/storage';

/** The calling endpoints (docs/api.md "Calling"). */

export type { CallRecord, TelephonyCall };

export type SeatList = EndpointData<typeof callEndpoints.seats>;

export const seatsQuery = () =>
  queryOptions({
    queryKey: ['calls', 'seats'],
    queryFn: () => call(callEndpoints.seats, {}),
    staleTime: 5_000,
  });

export const updateSeat = (seatNo: number, status: 0 | 1) =>
  call(callEndpoints.updateSeat, { seatNo, status });

export const dialOut = (orderId: number) => call(callEndpoints.dialOut, { orderId });

export const hangUpCall = (callOutId: string) => call(callEndpoints.hangUp, { callOutId });

export async function fetchCall(callOutId: string): Promise<TelephonyCall | null> {
  const data = await call(
    callEndpoints.listCalls,
    { callOutId, pageNo: 1, pageSize: 1 },
    { noError: true },
  );
  return data.list[0] ?? null;
}

/** The agent's latest call (after a reload, a call still in progress is picked up again). */
export async function fetchLatestCall(): Promise<TelephonyCall | null> {
  const data = await call(callEndpoints.listCalls, { pageNo: 1, pageSize: 1 }, { noError: true });
  return data.list[0] ?? null;
}

/** The Callout/insertCallOut body. */
export type CallOutInput = EndpointInput<typeof callEndpoints.insertCallOut>;

export const insertCallOut = (body: CallOutInput) => call(callEndpoints.insertCallOut, body);

export const saveCallResult = (callOutId: string, result: string) =>
  call(callEndpoints.saveResult, { callOutId, result });

export const callRecordsQuery = (orderNum: string | null, pageNo = 1, pageSize = 20) =>
  queryOptions({
    queryKey: ['calls', 'records', orderNum ?? '*', pageNo, pageSize],
    queryFn: () =>
      call(callEndpoints.callOutList, { ...(orderNum ? { orderNum } : {}), pageNo, pageSize }),
  });

/**
 * A recording as an object URL: the download needs the bearer token, which an <audio src>
 * cannot send, so it is fetched and handed to the element as a blob. `file` is the URL the
 * server gave in the call record.
 */
export async function fetchRecording(file: string): Promise<string> {
  const token = getToken();
  const res = await fetch(file, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`recording: HTTP ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

export type MonitorAgent = EndpointData<typeof callEndpoints.agentMonitor>['list'][number];

export const monitorQuery = () =>
  queryOptions({
    queryKey: ['calls', 'monitor'],
    queryFn: () => call(callEndpoints.agentMonitor, undefined, { noError: true }),
    refetchInterval: 5_000,
  });
