import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The build's one pass writes every order once, as COPY text, into time buckets on disk; the
 * load then reads the buckets in time order, sorts each by (call time, index) and gives the
 * orders their ids, numbers and case numbers in that order — what the old two passes did by
 * building every order twice (once only to learn its call time).
 *
 * A record: call time (float64, ms), the order's index (uint32), the payload's byte length
 * (uint32), then the payload, UTF-8: six sections joined by NUL (which COPY text never holds):
 *
 *   meta (number prefix, date code, 1|0 dispatched or not, and the counts of the four kinds
 *   of child lines, tab-separated), the order's line without its
 *   first four columns (id, order_num, district_case_num, handle_code: given at load), and the
 *   lines of its assignments, events, visits and requests, each line starting with SOH where
 *   the order's id goes.
 */
export const ID_MARK = '\u0001';
const HEADER = 16;
const FLUSH_BYTES = 1 << 20;

export interface Meta {
  prefix: string;
  date: string;
  dispatched: boolean;
  /** How many lines each child section holds: assignments, events, visits, requests. */
  lines: [number, number, number, number];
}

export interface OrderRecord {
  callTime: number;
  index: number;
  meta: Meta;
  order: string;
  assignments: string;
  events: string;
  visits: string;
  requests: string;
}

/** One worker's bucket files: `<dir>/w<worker>-<bucket>.bin`, appended in 1 MB writes. */
export class BucketWriter {
  private readonly open = new Map<number, { fd: number; parts: Buffer[]; bytes: number }>();

  constructor(
    private readonly dir: string,
    private readonly worker: number,
    private readonly widthMs: number,
  ) {}

  add(record: OrderRecord): void {
    const key = Math.floor(record.callTime / this.widthMs);
    let bucket = this.open.get(key);
    if (!bucket) {
      bucket = { fd: openSync(bucketFile(this.dir, this.worker, key), 'w'), parts: [], bytes: 0 };
      this.open.set(key, bucket);
    }
    const { meta } = record;
    const payload = Buffer.from(
      [
        [meta.prefix, meta.date, meta.dispatched ? 1 : 0, ...meta.lines].join('\t'),
        record.order,
        record.assignments,
        record.events,
        record.visits,
        record.requests,
      ].join('\0'),
    );
    const header = Buffer.allocUnsafe(HEADER);
    header.writeDoubleLE(record.callTime, 0);
    header.writeUInt32LE(record.index, 8);
    header.writeUInt32LE(payload.length, 12);
    bucket.parts.push(header, payload);
    bucket.bytes += HEADER + payload.length;
    if (bucket.bytes >= FLUSH_BYTES) flush(bucket);
  }

  /** Writes what is buffered, closes every file and returns the buckets' keys. */
  close(): number[] {
    for (const bucket of this.open.values()) {
      flush(bucket);
      closeSync(bucket.fd);
    }
    return [...this.open.keys()];
  }
}

function flush(bucket: { fd: number; parts: Buffer[]; bytes: number }): void {
  if (bucket.bytes === 0) return;
  writeSync(bucket.fd, Buffer.concat(bucket.parts, bucket.bytes));
  bucket.parts = [];
  bucket.bytes = 0;
}

const bucketFile = (dir: string, worker: number, key: number) => join(dir, `w${worker}-${key}.bin`);

/**
 * Every record of one bucket, from every worker's file, in load order (call time, then index);
 * the files are removed once read, so the disk frees as the load goes. Records are decoded one
 * at a time as the load takes them.
 */
export function* readBucket(
  dir: string,
  workers: readonly number[],
  key: number,
): Generator<OrderRecord> {
  const refs: { callTime: number; index: number; buf: Buffer; from: number; to: number }[] = [];
  for (const worker of workers) {
    const file = bucketFile(dir, worker, key);
    if (!existsSync(file)) continue; // this worker built no order of that time
    const buf = readFileSync(file);
    rmSync(file);
    for (let at = 0; at < buf.length;) {
      const length = buf.readUInt32LE(at + 12);
      const from = at + HEADER;
      refs.push({
        callTime: buf.readDoubleLE(at),
        index: buf.readUInt32LE(at + 8),
        buf,
        from,
        to: from + length,
      });
      at = from + length;
    }
  }
  refs.sort((a, b) => a.callTime - b.callTime || a.index - b.index);
  for (const { callTime, index, buf, from, to } of refs) {
    const [meta = '', order = '', assignments = '', events = '', visits = '', requests = ''] = buf
      .toString('utf8', from, to)
      .split('\0');
    const [prefix = '', date = '', dispatched, ...lines] = meta.split('\t');
    const [a = 0, e = 0, v = 0, r = 0] = lines.map(Number);
    yield {
      callTime,
      index,
      meta: { prefix, date, dispatched: dispatched === '1', lines: [a, e, v, r] },
      order,
      assignments,
      events,
      visits,
      requests,
    };
  }
}
