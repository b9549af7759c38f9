import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { notFound } from '../../http/app-error';
import type { AuthContext } from '../auth/auth-context';
import { actorFrom } from '../work-orders/actor';
import { findReadableOrder } from '../work-orders/order-access';
import { findAttachment, type AttachmentRow } from './attachment.repository';
import { mayDownload } from './file-access';
import { fileStoreOf } from './file-store';

export interface Download {
  file: AttachmentRow;
  size: number;
  stream: Readable;
}

/**
 * A stored file for a caller who may read it. Missing, not allowed and lost from the store all
 * answer 404 alike: the id space says nothing about other people's files.
 */
export async function openDownload(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<Download> {
  const actor = actorFrom(auth);
  const file = await findAttachment(ctx.db, id);
  if (!file) throw notFound('file.notFound');
  const loaded =
    file.order_id !== null ? await findReadableOrder(ctx.db, actor, file.order_id) : undefined;
  if (!mayDownload(actor, file, loaded?.state ?? null)) throw notFound('file.notFound');
  const stored = await fileStoreOf(ctx).open(file.stored_path);
  if (!stored) throw notFound('file.notFound');
  return { file, size: stored.size, stream: stored.stream };
}
