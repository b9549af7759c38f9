import { buffer } from 'node:stream/consumers';
import type { AppContext } from '../../src/context';
import { fileStoreOf } from '../../src/modules/files/file-store';

/** The bytes of a stored file (null: not in the file store), read the way downloads read it. */
export async function storedBytes(ctx: AppContext, key: string): Promise<Buffer | null> {
  const file = await fileStoreOf(ctx).open(key);
  return file ? buffer(file.stream) : null;
}
