import { expect } from 'vitest';
import type { TestApp } from './test-app';

/**
 * A service request filed through Open311 as a citizen app files it (a form post with the
 * integration's key): its published number and the order made for it.
 */
export async function fileOpen311Request(
  t: TestApp,
  key: string,
  description: string,
): Promise<{ id: number; num: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/open311/v2/requests.json',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      api_key: key,
      service_code: 'C010101',
      description,
      address_string: '文一路 100 号',
    }).toString(),
  });
  expect(res.statusCode).toBe(201);
  const num = res.json<{ service_request_id: string }[]>()[0]!.service_request_id;
  const row = await t.ctx.db
    .selectFrom('work_orders')
    .select('id')
    .where('order_num', '=', num)
    .executeTakeFirstOrThrow();
  return { id: row.id, num };
}
