import { createReadStream } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { uploadFields } from '@hotline/contract';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  checkUpload,
  fileBaseNameLongEnough,
  fileExtension,
} from '@hotline/domain';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden } from '../../http/app-error';
import { parseOrThrow } from '../../http/validation';
import type { AuthContext } from '../auth/auth-context';
import { actorFrom } from '../work-orders/actor';
import { linkFiles, lockOrderForAttach } from './attach.service';
import * as repo from './attachment.repository';
import { isDistrictStaff } from './file-access';
import { sniffFile } from './file-sniff';
import { newStoredPath, removeQuietly } from './file-storage';
import { fileStoreOf } from './file-store';
import { receiveUpload, type ReceivedFile } from './upload-receive';

/** The base name (before the extension) must have at least this many characters. */
export const FILE_BASE_MIN_LENGTH = 1;

/** Types are decided by extension and confirmed by content; the client's type is ignored. */
export const MIME_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  txt: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  m4e: 'video/mp4',
  mp4: 'video/mp4',
};

const ALLOWED = Object.values(UPLOAD_TYPES).flat().join(', ');
const MAX_MB = UPLOAD_MAX_BYTES / 1024 / 1024;
/**
 * Characters a file name may not hold: C0 and C1 controls, the bidirectional controls (an
 * override makes "invoice\u202egpj.txt" show as "invoicetxt.jpg"), zero-width characters, the
 * byte-order mark and the line and paragraph separators.
 */
const CONTROL_CHARS =
  // eslint-disable-next-line no-control-regex -- exactly what is refused
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

/**
 * The accepted name, with an upper-case extension written in lower case ('IMG_0001.JPG' →
 * 'IMG_0001.jpg'): phones and scanners produce those all the time, and refusing them would only
 * send people renaming files. Everything else about the name is checked as is.
 */
export function acceptedName(file: ReceivedFile): { fileName: string; extension: string } {
  const { fileName } = file;
  const nameOk =
    !CONTROL_CHARS.test(fileName) && fileBaseNameLongEnough(fileName, FILE_BASE_MIN_LENGTH);
  const check = checkUpload(fileName, file.truncated ? UPLOAD_MAX_BYTES + 1 : file.size);
  if (!nameOk || (!check.ok && check.reason === 'name')) throw badRequest('upload.badName');
  if (!check.ok && check.reason === 'type') {
    throw badRequest('upload.badType', { ext: fileExtension(fileName) || '—', allowed: ALLOWED });
  }
  if (!check.ok && check.reason === 'empty') throw badRequest('upload.empty');
  if (!check.ok) throw new AppError(413, 'upload.tooLarge', { mb: MAX_MB });
  const ext = fileExtension(fileName);
  return {
    fileName: `${fileName.slice(0, fileName.length - ext.length)}${check.extension}`,
    extension: check.extension,
  };
}

const SNIFF_KEYS = {
  executable: 'upload.executable',
  mismatch: 'upload.contentMismatch',
  text: 'upload.textNotUtf8',
} as const;

/**
 * file/pUpload and file/uploadForCenter: receive one file, check name, type, size and content,
 * store it in the file store and record it; with `orderId` also attach it, in the same transaction.
 * A refused file leaves nothing on disk and nothing in the database; the temp file of the
 * upload is deleted once it is stored.
 */
export async function storeUpload(
  ctx: AppContext,
  auth: AuthContext,
  request: FastifyRequest,
  options: { forCenter: boolean },
): Promise<repo.AttachmentRow> {
  const actor = actorFrom(auth);
  if (options.forCenter && !isDistrictStaff(actor)) throw forbidden('upload.centerOnly');
  const { file, fields } = await receiveUpload(request, ctx.settings.dataDir);
  const pending: string | null = file?.tempPath ?? null;
  try {
    if (!file || file.fieldName !== 'file') throw badRequest('upload.fileMissing');
    const input = parseOrThrow(uploadFields, fields);
    if (input.fileAuthType === 2 && !isDistrictStaff(actor)) throw forbidden('upload.districtOnly');
    const { fileName, extension } = acceptedName(file);
    const refusal = await sniffFile(file.tempPath, extension, file.size);
    if (refusal) throw badRequest(SNIFF_KEYS[refusal], { ext: extension });

    const now = ctx.now();
    const storedPath = newStoredPath(now);
    return await ctx.db.transaction().execute(async (trx) => {
      const order =
        input.orderId !== undefined
          ? await lockOrderForAttach(trx, actor, input.orderId, now)
          : null;
      const row = await repo.insertAttachment(trx, {
        order_id: null,
        file_name: fileName,
        stored_path: storedPath,
        mime_type: MIME_TYPES[extension] ?? 'application/octet-stream',
        size_bytes: file.size,
        file_auth_type: input.fileAuthType,
        created_by: actor.userId,
        createtime: now,
      });
      const linked = order ? await linkFiles(trx, actor, order, [row], now) : [row];
      // The bytes go into the file store in the same transaction: row and file commit together.
      await fileStoreOf(ctx).put(storedPath, createReadStream(file.tempPath), { within: trx });
      return linked[0] ?? row;
    });
  } finally {
    await removeQuietly(pending);
  }
}
