import type { Writable } from 'node:stream';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming ZIP writer for the XLSX container: each entry is deflated as it is written and
 * followed by a data descriptor (sizes and CRC are known only at its end), so nothing of an
 * entry is held in memory. Writes honour the sink's backpressure. No ZIP64: an entry stays
 * under 4 GiB (the XLSX export caps its rows well below that).
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

export class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];

  constructor(
    private readonly sink: Writable,
    private readonly level = constants.Z_BEST_SPEED,
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

    const deflate = createDeflateRaw({ level: this.level, memLevel: 9 });
    const drained = new Promise<void>((resolve, reject) => {
      deflate.on('data', (chunk: Buffer) => {
        entry.compressed += chunk.length;
        this.offset += chunk.length;
        if (!this.sink.write(chunk)) {
          deflate.pause();
          this.sink.once('drain', () => deflate.resume());
        }
      });
      deflate.on('end', resolve);
      deflate.on('error', reject);
    });
    return {
      write: async (data: string | Buffer) => {
        const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
        entry.crc = crc32(buf, entry.crc);
        entry.size += buf.length;
        if (!deflate.write(buf)) await waitDrain(deflate);
      },
      close: async () => {
        deflate.end();
        await drained;
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
  write(data: string | Buffer): Promise<void>;
  close(): Promise<void>;
}

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
