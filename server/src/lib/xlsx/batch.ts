import { MAX_CELL_CHARS, type CellValue } from './cells';
import { SHARED_MAX_CHARS, type ColumnShare, type SharedStrings } from './shared-strings';

/**
 * Rows of cells as the sheet's bytes are written from them (writer.ts `addBatch`), in the
 * writer's own thread or on the XLSX worker (worker.ts): three typed arrays with no object per
 * cell — each cell's kind; its number (a number's value, an instant's epoch milliseconds, a
 * shared string's index, a text cell's length); and the text cells' UTF-16 code units one
 * after another. The arrays' memory is handed to the worker and handed back for the next batch.
 *
 * Earlier the text cells crossed as one string built with `+=`: flattening it (in
 * `postMessage`), copying a two-byte string into the worker's heap and slicing it apart again
 * cost about 2 ms a 200-row batch of 121 columns across the two threads, and the worker then
 * hashed each short slice to find its shared string. Now the builder finds a short value's
 * shared string where the value is made (the labels are the same string objects row after row,
 * their hashes kept) and copies other text code unit by code unit.
 */

/** A cell's kind. */
export const EMPTY = 0;
/** Inline text: `numbers` holds its length in code units, `chars` the units. */
export const TEXT = 1;
export const NUMBER = 2;
/** An instant from a Date (epoch milliseconds): a date cell in any column. */
export const DATE = 3;
/** A shared string: `numbers` holds its index in the table. */
export const SHARED = 4;

export interface BatchArrays {
  kinds: Uint8Array<ArrayBuffer>;
  numbers: Float64Array<ArrayBuffer>;
  chars: Uint16Array<ArrayBuffer>;
}

export interface Batch extends BatchArrays {
  rows: number;
  columns: number;
}

/** Text up to this length is copied code unit by code unit; longer, by Node's UTF-16 write. */
const NATIVE_FROM_CHARS = 24;

/** Code units a batch's text starts with room for (it grows for longer text). */
const INITIAL_CHARS = 64 * 1024;

/** The shared-string table the builder looks short text up in, and each column's record. */
export interface Sharing {
  table: SharedStrings;
  shares: readonly ColumnShare[];
}

/** Collects rows into one batch. */
export class BatchBuilder {
  private arrays: BatchArrays;
  private cell = 0;
  private used = 0;
  private readonly spare: BatchArrays[] = [];
  /** The text's array as bytes, for Node's copy of longer text. */
  private charBytes: Buffer | null = null;
  rows = 0;

  constructor(
    private readonly columns: number,
    private readonly capacity: number,
    private readonly sharing: Sharing,
  ) {
    this.arrays = this.fresh();
  }

  private fresh(): BatchArrays {
    return (
      this.spare.pop() ?? {
        kinds: new Uint8Array(this.columns * this.capacity),
        numbers: new Float64Array(this.columns * this.capacity),
        chars: new Uint16Array(INITIAL_CHARS),
      }
    );
  }

  get full(): boolean {
    return this.rows >= this.capacity;
  }

  add(values: readonly CellValue[]): void {
    if (this.full) throw new Error('the batch is full');
    const { kinds, numbers } = this.arrays;
    const { table, shares } = this.sharing;
    let k = this.cell;
    for (let i = 0; i < this.columns; i++, k++) {
      const v = values[i];
      if (v === null || v === undefined || v === '') {
        kinds[k] = EMPTY;
      } else if (typeof v === 'string') {
        const share = shares[i]!;
        const index = share.on && v.length <= SHARED_MAX_CHARS ? table.lookup(v, share) : undefined;
        if (index !== undefined) {
          kinds[k] = SHARED;
          numbers[k] = index;
        } else {
          kinds[k] = TEXT;
          numbers[k] = this.putChars(v);
        }
      } else if (typeof v === 'number') {
        kinds[k] = NUMBER;
        numbers[k] = v;
      } else {
        kinds[k] = DATE;
        numbers[k] = v.getTime();
      }
    }
    this.cell = k;
    this.rows++;
  }

  /** Appends a text cell's code units (Excel's limit cuts longer text); returns its length. */
  private putChars(v: string): number {
    const n = Math.min(v.length, MAX_CELL_CHARS);
    let chars = this.arrays.chars;
    const at = this.used;
    if (at + n > chars.length) {
      const grown = new Uint16Array(Math.max(chars.length * 2, at + n));
      grown.set(chars.subarray(0, at));
      chars = this.arrays.chars = grown;
    }
    if (n <= NATIVE_FROM_CHARS) {
      for (let j = 0; j < n; j++) chars[at + j] = v.charCodeAt(j);
    } else {
      // longer text is copied by Node (UTF-16LE: the code units as they are, lone surrogates too)
      if (this.charBytes?.buffer !== chars.buffer) {
        this.charBytes = Buffer.from(chars.buffer, chars.byteOffset, chars.byteLength);
      }
      this.charBytes.write(n === v.length ? v : v.slice(0, n), at * 2, 'utf16le');
    }
    this.used = at + n;
    return n;
  }

  /** The batch (its arrays are to be transferred), and a fresh builder state. */
  take(): Batch {
    const batch: Batch = { ...this.arrays, rows: this.rows, columns: this.columns };
    this.arrays = this.fresh();
    this.cell = 0;
    this.used = 0;
    this.rows = 0;
    return batch;
  }

  /** Arrays of a batch the worker has written (handed back), for a later batch. */
  reuse(arrays: BatchArrays): void {
    if (
      arrays.kinds.length === this.columns * this.capacity &&
      arrays.numbers.length === this.columns * this.capacity
    ) {
      this.spare.push(arrays);
    }
  }
}
