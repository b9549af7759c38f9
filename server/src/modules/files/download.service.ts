import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { notFound } from '../../http/app-error';
import type { AuthContext } from '../auth/auth-context';
import { actorFrom } from '../work-orders/actor';
import { findReadableOrder } from '../work-orders/order-access';
import { findAttachment, type AttachmentRow } from './attachment.repository';
import { mayDownload } from './file-access';
import { absolutePath } from './file-storage';

export interface Download {
  file: AttachmentRow;
  size: number;
  stream: Readable;
}

/**
 * A stored file for a caller who may read it. Missing, not allowed and lost-on-disk all answer
 * 404 alike: the id space says nothing about other people's files.
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
  const path = absolutePath(ctx.settings.dataDir, file.stored_path);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw notFound('file.notFound');
  return { file, size: info.size, stream: createReadStream(path) };
}
