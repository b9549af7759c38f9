import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where uploads live: `${DATA_DIR}/uploads/yyyy/mm/<random>` (China-time month). A file is
 * received into `uploads/tmp/` on the same disk and renamed into place only once accepted, so
 * a refused or interrupted upload leaves nothing behind. The database keeps the path relative
 * to DATA_DIR, so the data folder can move.
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

/** The absolute path of a stored file; refuses a path that would leave DATA_DIR. */
export function absolutePath(dataDir: string, storedPath: string): string {
  const root = resolve(dataDir);
  const full = resolve(root, storedPath);
  if (!full.startsWith(root + sep)) throw new Error(`stored path outside DATA_DIR: ${storedPath}`);
  return full;
}

export async function moveIntoPlace(tempPath: string, dataDir: string, storedPath: string) {
  const target = absolutePath(dataDir, storedPath);
  await mkdir(dirname(target), { recursive: true });
  await rename(tempPath, target);
  return target;
}

export async function removeQuietly(path: string | null): Promise<void> {
  if (path) await rm(path, { force: true });
}
