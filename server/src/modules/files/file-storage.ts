import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Names and temp files of uploads. A file is received into `${DATA_DIR}/uploads/tmp/` on the
 * node that took the request (sniffed there), then stored in the file store under
 * `uploads/yyyy/mm/<random>` (China-time month) in the transaction that records it, and its
 * temp file deleted; a refused or interrupted upload leaves nothing behind.
 */

const CST_OFFSET_MS = 8 * 3_600_000;
const randomName = () => randomBytes(16).toString('hex');

/** The temp folder, made if missing (once per request, before any part arrives). */
export async function tempDir(dataDir: string): Promise<string> {
  const dir = join(dataDir, 'uploads', 'tmp');
  await mkdir(dir, { recursive: true });
  return dir;
}

export const newTempPath = (dir: string) => join(dir, `${randomName()}.part`);

export function newStoredPath(at: Date): string {
  const month = new Date(at.getTime() + CST_OFFSET_MS).toISOString().slice(0, 7).split('-');
  return ['uploads', ...month, randomName()].join('/');
}

export async function removeQuietly(path: string | null): Promise<void> {
  if (path) await rm(path, { force: true });
}

/**
 * Deletes this node's upload temp files last changed before `before` (a node stopped during
 * an upload). Temp files are the receiving node's own, so each node sweeps its own folder.
 */
export async function sweepTempUploads(dataDir: string, before: number): Promise<number> {
  const dir = join(dataDir, 'uploads', 'tmp');
  const names = await readdir(dir).catch(() => [] as string[]);
  let deleted = 0;
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && info.mtimeMs < before) {
      await rm(path, { force: true });
      deleted += 1;
    }
  }
  return deleted;
}
