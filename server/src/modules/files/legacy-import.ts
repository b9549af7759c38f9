import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { fileStoreOf } from './file-store';
import { FileExistsError } from './pg-file-store';

/**
 * Files an older version kept under DATA_DIR (uploads/, recordings/, exports/) are imported
 * into the file store at start-up: every path a row refers to that the store does not have yet
 * and DATA_DIR does is copied in under the same key. Idempotent (a key already stored is
 * skipped, so two nodes starting together import each file once); the files on disk are left
 * alone — remove those folders once a backup holds them (docs/operations.md).
 */

const LEGACY_FOLDERS = ['uploads', 'recordings', 'exports'];

export interface LegacyImport {
  imported: number;
  bytes: number;
  /** Referred to by a row, in neither the store nor DATA_DIR. */
  missing: number;
}

/** Whether DATA_DIR holds any file in the folders older versions wrote (temp uploads aside). */
async function anyLegacyFile(dataDir: string): Promise<boolean> {
  for (const folder of LEGACY_FOLDERS) {
    const entries = await readdir(join(dataDir, folder), {
      recursive: true,
      withFileTypes: true,
    }).catch(() => []);
    const tmp = join(dataDir, 'uploads', 'tmp');
    if (entries.some((e) => e.isFile() && e.parentPath !== tmp)) return true;
  }
  return false;
}

/** The rows' paths the store does not have. */
async function keysNotStored(ctx: AppContext): Promise<string[]> {
  const { rows } = await sql<{ key: string }>`
    SELECT k.key FROM (
      SELECT stored_path AS key FROM order_attachments
      UNION SELECT recording_path FROM telephony_calls WHERE recording_path IS NOT NULL
      UNION SELECT recording_path FROM call_records WHERE recording_path IS NOT NULL
      UNION SELECT file_path FROM export_records WHERE file_path IS NOT NULL AND status = 'done'
    ) k
    WHERE NOT EXISTS (SELECT 1 FROM stored_files f WHERE f.key = k.key)
    ORDER BY k.key`.execute(ctx.db);
  return rows.map((r) => r.key);
}

export async function importLegacyFiles(ctx: AppContext): Promise<LegacyImport> {
  const result: LegacyImport = { imported: 0, bytes: 0, missing: 0 };
  const dataDir = resolve(ctx.settings.dataDir);
  if (!(await anyLegacyFile(dataDir))) return result;
  const store = fileStoreOf(ctx);
  for (const key of await keysNotStored(ctx)) {
    const path = resolve(dataDir, key);
    const info = path.startsWith(dataDir + sep) ? await stat(path).catch(() => null) : null;
    if (!info?.isFile()) {
      result.missing += 1;
      continue;
    }
    try {
      const { size } = await store.put(key, createReadStream(path));
      result.imported += 1;
      result.bytes += size;
    } catch (error) {
      if (!(error instanceof FileExistsError)) throw error;
    }
  }
  return result;
}
