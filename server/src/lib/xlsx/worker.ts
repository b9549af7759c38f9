import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { waitDrain } from '../zip/zip-writer';
import { BatchBuilder } from './batch';
import { columnShares, SharedStrings } from './shared-strings';
import type { FromThread, ToThread } from './thread';
import type { CellValue, XlsxColumn } from './writer';

/**
 * The XLSX writer on a thread of its own, for large sheets: this (main) thread reads the rows,
 * computes their cell values and packs them into batches (batch.ts; short repeating text is
 * looked up in the shared-string table here, where the values are made); the worker
 * (thread.ts) writes the sheet's XML from them as bytes, compresses it and posts the file's
 * bytes back, which go to `sink` with its backpressure; at the end it is given the
 * shared-string table to write. Two cores then share what one did: on a 100,000-row export the
 * XML, its UTF-8 encoding and the CRC were about a third of the main thread's time.
 *
 * Same interface as XlsxStreamWriter; the bytes of the sheet are the same.
 */

/** Rows per message to the worker. */
const BATCH_ROWS = 200;
/** Batches sent and not yet written by the worker before `addRow` waits. */
const MAX_IN_FLIGHT = 3;

/**
 * Found beside this module at run time when the sources run through tsx (`npm start`), so
 * thread-entry.mjs must stay in this folder; the production bundle (scripts/build-server.mjs)
 * rewrites this line to its own `xlsx-thread.js` and fails if the line changes.
 */
const ENTRY = new URL('./thread-entry.mjs', import.meta.url);
/** The worker's young generation (V8 would give it 32 MB or more): RSS against collections. */
const WORKER_YOUNG_MB = 8;

export class XlsxWorkerWriter {
  private readonly worker: Worker;
  /** Rows not yet sent (batch.ts). */
  private readonly batch: BatchBuilder;
  /** The sheet's shared strings: found as the batches are built, written by the worker. */
  private readonly shared = new SharedStrings();
  private inFlight = 0;
  private rows = 0;
  private failure: Error | null = null;
  private closed = false;
  private ended = false;
  private fail: (error: Error) => void = () => undefined;
  /** Waiters for a batch to be taken, for the end, and for a failure. */
  private onTaken: (() => void) | null = null;
  private readonly done: Promise<void>;
  /** Output chunks not yet written to the sink (the sink asked for a pause). */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly sink: Writable,
    private readonly columns: readonly XlsxColumn[],
    private readonly sheetName = 'Sheet1',
  ) {
    this.batch = new BatchBuilder(columns.length, BATCH_ROWS, {
      table: this.shared,
      shares: columnShares(columns.length),
    });
    // A small heap: the thread holds a few batches, its buffers and the shared-string table.
    this.worker = new Worker(ENTRY, {
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB, maxOldGenerationSizeMb: 128 },
    });
    let finished: () => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    this.done = new Promise<void>((resolve, reject) => {
      finished = resolve;
      failed = reject;
    });
    this.done.catch(() => undefined);
    const fail = (error: Error) => {
      if (this.failure || this.ended) return;
      this.failure = error;
      failed(error);
      this.onTaken?.();
      void this.close();
    };
    this.fail = fail;
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => {
      if (!this.closed) fail(new Error(`the XLSX worker stopped (exit code ${code})`));
    });
    this.worker.on('message', (message: FromThread) => {
      switch (message.kind) {
        case 'data': {
          const chunk = Buffer.from(
            message.chunk.buffer,
            message.chunk.byteOffset,
            message.chunk.length,
          );
          this.writing = this.writing.then(async () => {
            if (this.failure || this.sink.destroyed) return;
            if (!this.sink.write(chunk)) await waitDrain(this.sink);
            this.send({ kind: 'sent', bytes: chunk.length });
          });
          this.writing.catch(fail);
          return;
        }
        case 'taken':
          this.batch.reuse(message.arrays);
          this.inFlight--;
          this.onTaken?.();
          return;
        case 'done':
          void this.writing.then(() => {
            this.ended = true;
            finished();
          }, fail);
          return;
        case 'error':
          fail(new Error(message.message));
      }
    });
  }

  private send(message: ToThread, transfer?: ArrayBuffer[]): void {
    if (!this.closed) this.worker.postMessage(message, transfer);
  }

  start(): Promise<void> {
    this.send({ kind: 'start', columns: [...this.columns], sheetName: this.sheetName });
    return Promise.resolve();
  }

  /** Adds one row; a promise (await it) while the worker is behind. */
  addRow(values: readonly CellValue[]): Promise<void> | undefined {
    if (this.failure) return Promise.reject(this.failure);
    this.batch.add(values);
    this.rows++;
    if (!this.batch.full) return undefined;
    return this.sendBatch();
  }

  private sendBatch(): Promise<void> | undefined {
    if (this.batch.rows > 0) {
      const batch = this.batch.take();
      this.send({ kind: 'rows', batch }, [
        batch.kinds.buffer,
        batch.numbers.buffer,
        batch.chars.buffer,
      ]);
      this.inFlight++;
    }
    if (this.inFlight < MAX_IN_FLIGHT) return undefined;
    return new Promise<void>((resolve, reject) => {
      this.onTaken = () => {
        if (this.failure) reject(this.failure);
        else if (this.inFlight < MAX_IN_FLIGHT) {
          this.onTaken = null;
          resolve();
        }
      };
    });
  }

  get rowsWritten(): number {
    return this.rows;
  }

  async finish(): Promise<void> {
    const waiting = this.sendBatch();
    if (waiting) await waiting;
    this.send({ kind: 'finish', shared: this.shared.state });
    try {
      await this.done;
    } finally {
      await this.close();
    }
  }

  /** Stops the worker (also after a failure or when the caller abandons the file). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.fail(new Error('the XLSX writer was closed before the end'));
    await this.worker.terminate();
  }
}
