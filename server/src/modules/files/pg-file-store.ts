import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FileStore, StoredFileRead } from '../../ports';

/**
 * The file store in PostgreSQL (PGlite and PostgreSQL alike): `stored_files` names a file,
 * `stored_file_chunks` holds its bytes in chunks of CHUNK_BYTES. Writes go in chunk by chunk
 * and reads come out chunk by chunk, so a large CSV export is never whole in memory.
 *
 * Written in the caller's transaction (`within`), a file exists exactly when that transaction
 * commits. Written on its own, each chunk is one short statement (no connection is held for
 * the length of a slow producer: PGlite has only one) on a row marked incomplete, which the
 * last statement marks complete; a write a stopped node left behind is deleted by
 * `deleteAbandoned`.
 */

type Db = Kysely<Database>;

/** 512 KiB: few rows per file, small enough to keep a reader's memory flat. */
export const CHUNK_BYTES = 512 * 1024;

/** A key in use (keys are fresh random names; an import meets its own earlier work). */
export class FileExistsError extends Error {
  constructor(readonly key: string) {
    super(`a stored file already has the key ${key}`);
  }
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '23505';

/** The body cut into CHUNK_BYTES pieces (the last one shorter). */
async function* chunksOf(body: Readable | Buffer): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(body)) {
    for (let at = 0; at < body.length; at += CHUNK_BYTES) {
      yield body.subarray(at, at + CHUNK_BYTES);
    }
    return;
  }
  let parts: Buffer[] = [];
  let held = 0;
  for await (const piece of body) {
    const buf = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as string);
    parts.push(buf);
    held += buf.length;
    while (held >= CHUNK_BYTES) {
      const all = Buffer.concat(parts, held);
      yield all.subarray(0, CHUNK_BYTES);
      parts = [all.subarray(CHUNK_BYTES)];
      held -= CHUNK_BYTES;
    }
  }
  if (held > 0) yield Buffer.concat(parts, held);
}

export class PgFileStore implements FileStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async put(
    key: string,
    body: Readable | Buffer,
    options: { within?: Db | undefined } = {},
  ): Promise<{ size: number }> {
    const db = options.within ?? this.db;
    const at = this.now();
    let id: number;
    try {
      const row = await db
        .insertInto('stored_files')
        .values({ key, created_at: at, written_at: at, complete: false })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } catch (error) {
      if (!Buffer.isBuffer(body)) body.destroy();
      throw isUniqueViolation(error) ? new FileExistsError(key) : error;
    }
    try {
      let seq = 0;
      let size = 0;
      for await (const chunk of chunksOf(body)) {
        await sql`
          WITH c AS (INSERT INTO stored_file_chunks (file_id, seq, data)
                     VALUES (${id}, ${seq}, ${chunk}))
          UPDATE stored_files SET size_bytes = size_bytes + ${chunk.length},
            chunk_count = ${seq + 1}, written_at = ${this.now()}
          WHERE id = ${id}`.execute(db);
        seq += 1;
        size += chunk.length;
      }
      await db.updateTable('stored_files').set({ complete: true }).where('id', '=', id).execute();
      return { size };
    } catch (error) {
      // In the caller's transaction the rollback takes the file away; on our own, we do.
      if (!options.within) {
        await this.db
          .deleteFrom('stored_files')
          .where('id', '=', id)
          .execute()
          .catch(() => undefined);
      }
      throw error;
    }
  }

  async open(key: string): Promise<StoredFileRead | null> {
    const file = await this.db
      .selectFrom('stored_files')
      .select(['id', 'size_bytes', 'chunk_count'])
      .where('key', '=', key)
      .where('complete', '=', true)
      .executeTakeFirst();
    if (!file) return null;
    const db = this.db;
    // One chunk per statement, read when the consumer wants more: memory holds about one chunk.
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let seq = 0; seq < file!.chunk_count; seq += 1) {
        const row = await db
          .selectFrom('stored_file_chunks')
          .select('data')
          .where('file_id', '=', file!.id)
          .where('seq', '=', seq)
          .executeTakeFirst();
        if (!row) throw new Error(`stored file ${key} lost its chunk ${seq} (deleted while read)`);
        yield row.data;
      }
    }
    return {
      size: Number(file.size_bytes),
      stream: Readable.from(chunks(), { objectMode: false }),
    };
  }

  async delete(
    keys: string | readonly string[],
    options: { within?: Db | undefined } = {},
  ): Promise<number> {
    const list = typeof keys === 'string' ? [keys] : [...keys];
    if (list.length === 0) return 0;
    const result = await (options.within ?? this.db)
      .deleteFrom('stored_files')
      .where('key', 'in', list)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async exists(key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('stored_files')
      .select('id')
      .where('key', '=', key)
      .where('complete', '=', true)
      .executeTakeFirst();
    return row !== undefined;
  }

  async deleteAbandoned(before: Date, options: { within?: Db | undefined } = {}): Promise<number> {
    const result = await (options.within ?? this.db)
      .deleteFrom('stored_files')
      .where('complete', '=', false)
      .where('written_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
