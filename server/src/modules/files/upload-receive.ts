import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@hotline/domain';
import { AppError, badRequest } from '../../http/app-error';
import { newTempPath, removeQuietly, tempDir } from './file-storage';

/** The one file of a multipart request, already on disk in the temp folder. */
export interface ReceivedFile {
  fileName: string;
  fieldName: string;
  tempPath: string;
  size: number;
  /** The client sent more than UPLOAD_MAX_BYTES; only the first bytes were kept. */
  truncated: boolean;
}

export interface ReceivedUpload {
  file: ReceivedFile | null;
  fields: Record<string, string>;
}

/** One file; a few short fields (ours are two; unknown ones are ignored, not refused). */
const LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 200,
  parts: 12,
  headerPairs: 50,
};

/** Multipart limit errors of @fastify/multipart, as our messages. */
function limitError(error: unknown): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return badRequest('upload.oneFile');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return badRequest('upload.tooManyFields');
  }
  return null;
}

/**
 * Reads the multipart body: form fields in any order around one file, which streams to a temp
 * file (never into memory) with the 20 MB cap enforced while reading. On any failure the temp
 * file is gone before the error leaves.
 */
export async function receiveUpload(
  request: FastifyRequest,
  dataDir: string,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest('upload.notMultipart');
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  const dir = await tempDir(dataDir);
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'field') {
        if (part.valueTruncated || typeof part.value !== 'string') {
          throw badRequest('upload.tooManyFields');
        }
        fields[part.fieldname] = part.value;
        continue;
      }
      // No await between here and the pipe: the parser may give up on the part (a limit hit
      // just before it) and destroy its stream, and a pipe from a destroyed stream never
      // settles. Such a part is skipped; the next step of the loop reports the limit.
      if (part.file.destroyed) continue;
      const tempPath = newTempPath(dir);
      file = {
        fileName: part.filename.normalize('NFC').trim(),
        fieldName: part.fieldname,
        tempPath,
        size: 0,
        truncated: false,
      };
      const out = createWriteStream(tempPath, { flags: 'wx' });
      await pipeline(part.file, out);
      file.size = out.bytesWritten;
      file.truncated = part.file.truncated;
    }
  } catch (error) {
    await removeQuietly(file?.tempPath ?? null);
    throw limitError(error) ?? error;
  }
  return { file, fields };
}
