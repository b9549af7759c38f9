import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, type ZlibOptions } from 'node:zlib';

/**
 * A streaming ZIP writer (the XLSX container, lib/xlsx): each entry is deflated as it is written
 * and followed by a data descriptor (sizes and CRC are known only at its end), so nothing of an
 * entry is held in memory. Writes honour the sink's backpressure. No ZIP64: an entry stays
 * under 4 GiB (callers cap what they write well below that).
 */

interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const DOS_TIME = 0; // 00:00:00
const DOS_DATE = ((2020 - 1980) << 9) | (1 << 5) | 1; // 2020-01-01: reproducible files
const FLAGS = 0x0808; // bit 3: data descriptor follows; bit 11: UTF-8 names
/**
 * Uncompressed bytes an entry may have queued for deflate before a write waits: room for a few
 * of the XLSX writer's flushes, so the next rows are built while the last ones are compressed
 * on the thread pool (with the stream's default 16 KiB every flush waited for its own deflate).
 */
const DEFLATE_QUEUE_BYTES = 4 * 1024 * 1024;
/**
 * Deflate's level: 3 made a 100,000 × 121 sheet 17 MB where level 1 (Z_BEST_SPEED) made 25 MB,
 * for the same compression time with Node's zlib (its level-1 path is no faster here) — and
 * fewer bytes to pass between threads, write to the socket and download.
 */
const DEFLATE_LEVEL = 3;
/** Deflate's input and output piece: fewer hops between the thread pool and the main thread. */
const DEFLATE_CHUNK = 64 * 1024;
/** Encode buffers kept for reuse per entry (each returns when deflate has consumed it). */
const SPARE_BUFFERS = 4;

export class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];

  constructor(
    private readonly sink: Writable,
    private readonly level = DEFLATE_LEVEL,
  ) {}

  private async put(buf: Buffer): Promise<void> {
    this.offset += buf.length;
    if (!this.sink.write(buf)) await waitDrain(this.sink);
  }

  /** Starts an entry; write its content with the returned writer, then `close()` it. */
  async entry(name: string): Promise<EntryWriter> {
    const nameBuf = Buffer.from(name, 'utf8');
    const entry: Entry = { name: nameBuf, crc: 0, compressed: 0, size: 0, offset: this.offset };
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(FLAGS, 6);
    head.writeUInt16LE(8, 8);
    head.writeUInt16LE(DOS_TIME, 10);
    head.writeUInt16LE(DOS_DATE, 12);
    head.writeUInt16LE(nameBuf.length, 26);
    await this.put(Buffer.concat([head, nameBuf]));

    const writer = new DeflatedEntry(entry, this.level, (chunk) => {
      this.offset += chunk.length;
      return this.sink.write(chunk);
    });
    this.sink.on('drain', writer.resume);
    return {
      append: (text) => writer.append(text),
      appendBytes: (bound, fill) => writer.appendBytes(bound, fill),
      write: (data) => writer.write(data),
      close: async () => {
        await writer.end();
        this.sink.off('drain', writer.resume);
        const desc = Buffer.alloc(16);
        desc.writeUInt32LE(0x08074b50, 0);
        desc.writeUInt32LE(entry.crc >>> 0, 4);
        desc.writeUInt32LE(entry.compressed, 8);
        desc.writeUInt32LE(entry.size, 12);
        await this.put(desc);
        this.entries.push(entry);
      },
    };
  }

  async file(name: string, content: string): Promise<void> {
    const e = await this.entry(name);
    await e.write(content);
    await e.close();
  }

  /** Writes the central directory; the caller ends the sink. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(FLAGS, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(DOS_TIME, 12);
      h.writeUInt16LE(DOS_DATE, 14);
      h.writeUInt32LE(e.crc >>> 0, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      await this.put(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.put(end);
  }
}

export interface EntryWriter {
  /**
   * Adds text to the entry's pending buffer (UTF-8 encoded at once); hands the buffer to
   * deflate when it is full. Returns a promise only then, and only if deflate's queue is full:
   * await it (backpressure). Text appended in many small pieces (one row each) encodes about
   * twice as fast as one long concatenated string, whose many pieces must be joined first.
   */
  append(text: string): Promise<void> | undefined;
  /**
   * Adds bytes that `fill` writes into the pending buffer from `at` (at most `bound` of them;
   * it returns where they end). Same handing on and backpressure as `append`.
   */
  appendBytes(bound: number, fill: (buf: Buffer, at: number) => number): Promise<void> | undefined;
  /** Appends and hands everything pending to deflate. */
  write(data: string | Buffer): Promise<void>;
  close(): Promise<void>;
}

/** Pending bytes handed to deflate at once. */
const PIECE_BYTES = 512 * 1024;

/** One entry's deflate stream, fed from reused encode buffers. */
class DeflatedEntry {
  private readonly deflate;
  private readonly drained: Promise<void>;
  /** Buffers deflate has finished with, for reuse. */
  private readonly spare: Buffer[] = [];
  private buf: Buffer | null = null;
  private used = 0;

  constructor(
    private readonly entry: Entry,
    level: number,
    /** Writes compressed output on; false when the sink wants a pause (then `resume`). */
    output: (chunk: Buffer) => boolean,
  ) {
    // zlib hands its options to its Transform stream (the types omit the stream's own)
    const options: ZlibOptions & { writableHighWaterMark: number } = {
      level,
      memLevel: 9,
      chunkSize: DEFLATE_CHUNK,
      writableHighWaterMark: DEFLATE_QUEUE_BYTES,
    };
    this.deflate = createDeflateRaw(options);
    this.drained = new Promise<void>((resolve, reject) => {
      this.deflate.on('data', (chunk: Buffer) => {
        entry.compressed += chunk.length;
        if (!output(chunk)) this.deflate.pause();
      });
      this.deflate.on('end', resolve);
      this.deflate.on('error', reject);
    });
  }

  readonly resume = () => {
    if (this.deflate.isPaused()) this.deflate.resume();
  };

  append(text: string): Promise<void> | undefined {
    return this.appendBytes(text.length * 3, (buf, at) => at + buf.write(text, at, 'utf8'));
  }

  appendBytes(bound: number, fill: (buf: Buffer, at: number) => number): Promise<void> | undefined {
    if (this.buf && this.used + bound > this.buf.length) {
      const waiting = this.submit();
      if (waiting) return waiting.then(() => this.appendBytes(bound, fill));
    }
    if (!this.buf) {
      const reuse = this.spare.pop();
      this.buf =
        reuse && reuse.length >= bound
          ? reuse
          : Buffer.allocUnsafeSlow(Math.max(bound, PIECE_BYTES * 2));
      this.used = 0;
    }
    const end = fill(this.buf, this.used);
    if (end > this.used + bound) throw new Error('appendBytes: wrote past its bound');
    this.used = end;
    return this.used >= PIECE_BYTES ? this.submit() : undefined;
  }

  async write(data: string | Buffer): Promise<void> {
    if (typeof data === 'string') {
      const waiting = this.append(data);
      if (waiting) await waiting;
      await this.submit();
      return;
    }
    await this.submit();
    await this.push(data, undefined);
  }

  async end(): Promise<void> {
    await this.submit();
    this.deflate.end();
    await this.drained;
  }

  /** Hands the pending buffer to deflate; a promise if deflate's queue is full. */
  private submit(): Promise<void> | undefined {
    const buf = this.buf;
    if (!buf || this.used === 0) return undefined;
    const view = buf.subarray(0, this.used);
    this.buf = null;
    this.used = 0;
    return this.push(view, () => {
      if (this.spare.length < SPARE_BUFFERS) this.spare.push(buf);
    });
  }

  private push(view: Buffer, done: (() => void) | undefined): Promise<void> | undefined {
    this.entry.crc = crc32(view, this.entry.crc);
    this.entry.size += view.length;
    return this.deflate.write(view, done) ? undefined : waitDrain(this.deflate);
  }
}

/** Resolves when `stream` drains (or closes); rejects on its error. */
export function waitDrain(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      stream.off('error', onError);
      stream.off('close', onDrain);
      resolve();
    };
    const onError = (e: Error) => {
      stream.off('drain', onDrain);
      reject(e);
    };
    stream.once('drain', onDrain);
    stream.once('close', onDrain);
    stream.once('error', onError);
  });
}
