import { request } from '../../lib/request';

/** POST /push/bind: joins the socket `clientId` to the caller's queue rooms. */
export function bindPush(clientId: string): Promise<{ rooms: string[]; local: boolean }> {
  return request('/push/bind', { method: 'POST', body: { clientId }, noError: true });
}

/** lists/counts: every queue count of the caller's menu in one call (re-read on (re)connect). */
export async function fetchCounts(): Promise<Record<string, number>> {
  const data = await request<{ counts: Record<string, number> }>('/addons/jsjb/lists/counts', {
    method: 'POST',
    body: {},
    noError: true,
  });
  return data.counts;
}
