import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { XlsxStreamWriter, type CellValue, type XlsxColumn } from './xlsx-writer';

/**
 * The XLSX writer's own thread (see xlsx-worker.ts): builds the sheet's XML from the rows of
 * cell values it is sent, encodes and compresses it, and posts the file's bytes back.
 */

export type ToThread =
  | { kind: 'start'; columns: XlsxColumn[]; sheetName: string }
  | { kind: 'rows'; rows: CellValue[][] }
  | { kind: 'finish' }
  /** The main thread has passed on this many bytes of output (credit for more). */
  | { kind: 'sent'; bytes: number };

export type FromThread =
  | { kind: 'data'; chunk: Uint8Array }
  /** A batch of rows has been written (the main thread may send another). */
  | { kind: 'taken' }
  | { kind: 'done' }
  | { kind: 'error'; message: string };

/** Output bytes posted but not yet passed on by the main thread, before the writer waits. */
const OUTPUT_CREDIT = 2 * 1024 * 1024;

const port = parentPort;
if (!port) throw new Error('xlsx-thread runs in a worker thread');
const post = (message: FromThread, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

let unsent = 0;
let resumeOutput: (() => void) | null = null;
const output = new Writable({
  highWaterMark: 256 * 1024,
  write(chunk: Buffer, _encoding, callback) {
    // a copy of its own: zlib's output chunks may share one buffer, which must not move
    const copy = new Uint8Array(chunk);
    post({ kind: 'data', chunk: copy }, [copy.buffer]);
    unsent += copy.length;
    if (unsent < OUTPUT_CREDIT) callback();
    else resumeOutput = () => callback();
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
      for (const row of message.rows) {
        const waiting = writer.addRow(row);
        if (waiting) await waiting;
      }
      post({ kind: 'taken' });
      return;
    }
    case 'finish':
      if (!writer) throw new Error('finish before start');
      await writer.finish();
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
