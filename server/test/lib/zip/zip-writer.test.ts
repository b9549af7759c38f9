import { randomBytes } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { waitDrain, ZipWriter } from '../../../src/lib/zip/zip-writer';
import { unzip } from '../../support/xlsx';

/**
 * The streaming ZIP writer: another reader (JSZip, checking every CRC) must find the entries
 * as written, however they were written and however slowly the sink takes them.
 */

/** A sink that collects what it is given, taking `delayMs` per chunk (a slow client). */
function collector(delayMs = 0): { sink: Writable; bytes: () => Buffer } {
  const parts: Buffer[] = [];
  const sink = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _enc, cb) {
      parts.push(chunk);
      if (delayMs > 0) setTimeout(cb, delayMs);
      else cb();
    },
  });
  return { sink, bytes: () => Buffer.concat(parts) };
}

/** Writes a few entries: a whole file, pieces appended, raw bytes, an empty one. */
async function writeSample(sink: Writable, big: Buffer): Promise<void> {
  const zip = new ZipWriter(sink);
  await zip.file('hello.txt', 'Hello, 世界 😀');
  const parts = await zip.entry('目录/行.txt');
  for (let i = 0; i < 50_000; i++) {
    const waiting = parts.append(`行 ${i}\n`);
    if (waiting) await waiting;
  }
  await parts.write('end');
  await parts.close();
  const raw = await zip.entry('raw.bin');
  await raw.write(big);
  await raw.close();
  await zip.file('empty.txt', '');
  await zip.finish();
}

function lines(): string {
  let out = '';
  for (let i = 0; i < 50_000; i++) out += `行 ${i}\n`;
  return out + 'end';
}

describe('ZipWriter', () => {
  it('writes entries another reader opens with matching CRCs, through a slow sink too', async () => {
    const big = randomBytes(3 * 1024 * 1024);
    const { sink, bytes } = collector(1);
    await writeSample(sink, big);
    await new Promise<void>((resolve) => sink.end(resolve));
    const file = bytes();

    const zip = await JSZip.loadAsync(file, { checkCRC32: true });
    expect(Object.keys(zip.files)).toEqual(['hello.txt', '目录/行.txt', 'raw.bin', 'empty.txt']);
    expect(await zip.file('hello.txt')!.async('string')).toBe('Hello, 世界 😀');
    expect(await zip.file('目录/行.txt')!.async('string')).toBe(lines());
    expect((await zip.file('raw.bin')!.async('nodebuffer')).equals(big)).toBe(true);
    expect(await zip.file('empty.txt')!.async('string')).toBe('');
    expect(unzip(file).get('hello.txt')).toBe('Hello, 世界 😀');
  });

  it('makes the same bytes for the same content (fixed entry times)', async () => {
    const big = Buffer.alloc(100_000, 7);
    const files: Buffer[] = [];
    for (let i = 0; i < 2; i++) {
      const sink = new PassThrough();
      const parts: Buffer[] = [];
      sink.on('data', (c: Buffer) => parts.push(c));
      await writeSample(sink, big);
      sink.end();
      files.push(Buffer.concat(parts));
    }
    expect(files[0]!.equals(files[1]!)).toBe(true);
  });
});

describe('waitDrain', () => {
  it('resolves on drain and on close, rejects on error', async () => {
    const slow = new PassThrough({ highWaterMark: 4 });
    expect(slow.write('more than four bytes')).toBe(false);
    const drained = waitDrain(slow);
    slow.resume();
    await expect(drained).resolves.toBeUndefined();

    const closing = new PassThrough({ highWaterMark: 4 });
    const closed = waitDrain(closing);
    closing.destroy();
    await expect(closed).resolves.toBeUndefined();

    const failing = new PassThrough({ highWaterMark: 4 });
    const failed = waitDrain(failing);
    failing.destroy(new Error('broken pipe'));
    await expect(failed).rejects.toThrow('broken pipe');
  });
});
