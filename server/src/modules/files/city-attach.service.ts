import { ORDER_TYPES } from '@hotline/domain';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/app-error';
import type { AuthContext } from '../auth/auth-context';
import { readableOrder } from '../work-orders/order-access';
import type { AttachmentRow } from './attachment.repository';
import { appendFiles } from './attach.service';

/**
 * fileAppendUploadCity: Lists/fileAppend for an order the city centre sent. An order out of
 * scope answers 404 like a missing one; a readable order of another source is refused (its
 * files go through Lists/fileAppend). The source never changes after intake, so checking it
 * before the attach transaction is safe; who may attach, the lock and the files themselves are
 * checked by `appendFiles` as for any order.
 */
export async function appendFilesToCityOrder(
  ctx: AppContext,
  auth: AuthContext,
  orderId: number,
  fileIds: readonly number[],
): Promise<AttachmentRow[]> {
  const { state } = await readableOrder(ctx.db, auth, orderId);
  if (state.typeId !== ORDER_TYPES.cityDispatched) throw badRequest('file.notCityOrder');
  return appendFiles(ctx, auth, orderId, fileIds);
}
