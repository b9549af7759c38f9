import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitDrain } from '../../src/lib/zip/zip-writer';
import { insertAttachment } from '../../src/modules/files/attachment.repository';
import { fileStoreOf } from '../../src/modules/files/file-store';
import { importLegacyFiles } from '../../src/modules/files/legacy-import';
import { CHUNK_BYTES, FileExistsError } from '../../src/modules/files/pg-file-store';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { storedBytes } from './stored';

/**
 * The PostgreSQL file store: chunked writes and streamed reads, a file visible only once
 * complete (or once its transaction commits), nothing left by a failed write; and the import
 * at start-up of files an older version kept under DATA_DIR.
 */

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'file-store-'));
  t = await createTestApp({ settings: { dataDir } });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const store = () => fileStoreOf(t.ctx);
const chunksOf = async (key: string) =>
  t.ctx.db
    .selectFrom('stored_files')
    .select(['chunk_count', 'size_bytes', 'complete'])
    .where('key', '=', key)
    .executeTakeFirst();

/** A stream of uneven pieces, the way a socket or a CSV writer hands them over. */
function pieces(bytes: Buffer, size = 70_001): Readable {
  const list: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) list.push(bytes.subarray(at, at + size));
  return Readable.from(list);
}

describe('the file store', () => {
  it('stores a stream in chunks and reads it back whole, in order', async () => {
    const bytes = randomBytes(2 * CHUNK_BYTES + 12_345);
    expect(await store().put('test/a.bin', pieces(bytes))).toEqual({ size: bytes.length });
    expect(await chunksOf('test/a.bin')).toEqual({
      chunk_count: 3,
      size_bytes: bytes.length,
      complete: true,
    });
    const opened = await store().open('test/a.bin');
    expect(opened?.size).toBe(bytes.length);
    expect((await storedBytes(t.ctx, 'test/a.bin'))!.equals(bytes)).toBe(true);
    expect(await store().exists('test/a.bin')).toBe(true);
  });

  it('a CSV written with backpressure while the same database answers other queries', async () => {
    // As a CSV export job: the writer waits for the store, the store for the database, and the
    // job's own reads share the database (PGlite: one connection) — no one waits forever.
    const csv = stringify({ bom: true });
    const stored = fileStoreOf(t.ctx).put('test/big.csv', csv);
    const line = ['订单', 'x'.repeat(200), 42];
    for (let i = 0; i < 8000; i++) {
      if (i % 1000 === 0) await t.ctx.db.selectFrom('users').select('id').limit(1).execute();
      if (!csv.write(line)) await waitDrain(csv);
    }
    csv.end();
    const { size } = await stored;
    expect(size).toBeGreaterThan(3 * CHUNK_BYTES);
    const text = (await storedBytes(t.ctx, 'test/big.csv'))!.toString('utf8');
    expect(text.trimEnd().split('\n')).toHaveLength(8000);
  });

  it('an empty file is a file; a key in use is refused', async () => {
    await store().put('test/empty', Buffer.alloc(0));
    expect(await storedBytes(t.ctx, 'test/empty')).toEqual(Buffer.alloc(0));
    await expect(store().put('test/empty', Buffer.from('x'))).rejects.toBeInstanceOf(
      FileExistsError,
    );
  });

  it('written in a transaction that rolls back, the file never was', async () => {
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await store().put('test/rolled-back', Buffer.from('abc'), { within: trx });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await store().exists('test/rolled-back')).toBe(false);
    expect(await chunksOf('test/rolled-back')).toBeUndefined();
  });

  it('a source that fails midway leaves nothing behind', async () => {
    async function* failing() {
      yield randomBytes(CHUNK_BYTES + 10);
      throw new Error('the client went away');
    }
    await expect(store().put('test/cut', Readable.from(failing()))).rejects.toThrow(
      'the client went away',
    );
    expect(await chunksOf('test/cut')).toBeUndefined();
  });

  it('a file still being written is not there for readers', async () => {
    const now = t.ctx.now();
    await t.ctx.db
      .insertInto('stored_files')
      .values({ key: 'test/writing', created_at: now, written_at: now, complete: false })
      .execute();
    expect(await store().open('test/writing')).toBeNull();
    expect(await store().exists('test/writing')).toBe(false);
    expect(await store().delete(['test/writing', 'test/none'])).toBe(1);
  });
});

describe('files an older version kept under DATA_DIR', () => {
  it('are imported at start-up once, and downloads serve them', async () => {
    const admin = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const content = randomBytes(3000);
    const key = 'uploads/2024/05/0123456789abcdef0123456789abcdef';
    await mkdir(join(dataDir, 'uploads', '2024', '05'), { recursive: true });
    await writeFile(join(dataDir, key), content);
    const row = await insertAttachment(t.ctx.db, {
      order_id: null,
      file_name: '旧附件.txt',
      stored_path: key,
      mime_type: 'text/plain; charset=utf-8',
      size_bytes: content.length,
      file_auth_type: 1,
      created_by: admin.id,
      createtime: t.ctx.now(),
    });
    // A row whose file is gone from disk too: counted, not fatal.
    await insertAttachment(t.ctx.db, {
      order_id: null,
      file_name: '丢失.txt',
      stored_path: 'uploads/2024/05/ffffffffffffffffffffffffffffffff',
      mime_type: 'text/plain; charset=utf-8',
      size_bytes: 1,
      file_auth_type: 1,
      created_by: admin.id,
      createtime: t.ctx.now(),
    });

    expect(await importLegacyFiles(t.ctx)).toEqual({
      imported: 1,
      bytes: content.length,
      missing: 1,
    });
    expect(await importLegacyFiles(t.ctx)).toEqual({ imported: 0, bytes: 0, missing: 1 });
    const token = await t.login('admin');
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/file/download/${row.id}`,
      headers: bearer(token),
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(content)).toBe(true);
  });
});
