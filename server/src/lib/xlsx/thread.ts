import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type { Batch, BatchArrays } from './batch';
import type { SharedState } from './shared-strings';
import { XlsxStreamWriter, type XlsxColumn } from './writer';

/**
 * The XLSX writer's own thread (see worker.ts): writes the sheet's XML as bytes from the
 * batches of rows it is sent, compresses it, and posts the file's bytes back.
 */

export type ToThread =
  | { kind: 'start'; columns: XlsxColumn[]; sheetName: string }
  | { kind: 'rows'; batch: Batch }
  /** The end; the shared-string table the batches' indices refer to. */
  | { kind: 'finish'; shared: SharedState }
  /** The main thread has passed on this many bytes of output (credit for more). */
  | { kind: 'sent'; bytes: number };

export type FromThread =
  | { kind: 'data'; chunk: Uint8Array }
  /** A batch of rows has been written (the main thread may send another); its arrays back. */
  | { kind: 'taken'; arrays: BatchArrays }
  | { kind: 'done' }
  | { kind: 'error'; message: string };

/** Output bytes posted but not yet passed on by the main thread, before the writer waits. */
const OUTPUT_CREDIT = 2 * 1024 * 1024;

const port = parentPort;
if (!port) throw new Error('lib/xlsx/thread.ts runs in a worker thread');
const post = (message: FromThread, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

/** Output goes to the main thread in blocks of this size (zlib's own chunks are small). */
const BLOCK_BYTES = 256 * 1024;

let unsent = 0;
let resumeOutput: (() => void) | null = null;
let block = new Uint8Array(BLOCK_BYTES);
let used = 0;

function postBlock(): void {
  if (used === 0) return;
  const full = block.subarray(0, used);
  post({ kind: 'data', chunk: full }, [full.buffer as ArrayBuffer]);
  unsent += used;
  block = new Uint8Array(BLOCK_BYTES);
  used = 0;
}

const output = new Writable({
  highWaterMark: 256 * 1024,
  write(chunk: Buffer, _encoding, callback) {
    // copied into a block of its own: zlib's output chunks may share one buffer
    for (let at = 0; at < chunk.length;) {
      const n = Math.min(chunk.length - at, BLOCK_BYTES - used);
      block.set(chunk.subarray(at, at + n), used);
      used += n;
      at += n;
      if (used === BLOCK_BYTES) postBlock();
    }
    if (unsent < OUTPUT_CREDIT) callback();
    else resumeOutput = () => callback();
  },
  final(callback) {
    postBlock();
    callback();
  },
});

let writer: XlsxStreamWriter | null = null;
/** Messages run one after another: a batch is written before the next is looked at. */
let queue = Promise.resolve();

async function handle(message: ToThread): Promise<void> {
  switch (message.kind) {
    case 'start':
      writer = new XlsxStreamWriter(output, message.columns, message.sheetName);
      await writer.start();
      return;
    case 'rows': {
      if (!writer) throw new Error('rows before start');
      const { batch } = message;
      const waiting = writer.addBatch(batch);
      if (waiting) await waiting;
      const arrays = { kinds: batch.kinds, numbers: batch.numbers, chars: batch.chars };
      post({ kind: 'taken', arrays }, [
        arrays.kinds.buffer,
        arrays.numbers.buffer,
        arrays.chars.buffer,
      ]);
      return;
    }
    case 'finish':
      if (!writer) throw new Error('finish before start');
      await writer.finish(message.shared);
      await new Promise<void>((resolve, reject) =>
        output.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      post({ kind: 'done' });
      return;
    case 'sent':
      break;
  }
}

port.on('message', (message: ToThread) => {
  if (message.kind === 'sent') {
    // credit comes back at once, not behind the queued batches
    unsent -= message.bytes;
    if (unsent < OUTPUT_CREDIT && resumeOutput) {
      const resume = resumeOutput;
      resumeOutput = null;
      resume();
    }
    return;
  }
  queue = queue
    .then(() => handle(message))
    .catch((error: Error) => post({ kind: 'error', message: error.message }));
});
