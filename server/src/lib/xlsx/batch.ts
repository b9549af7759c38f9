import type { CellValue } from './writer';

/**
 * How rows of cell values cross to the XLSX worker thread (worker.ts). Posting arrays of values made the
 * structured clone the largest single cost of a big sheet (a serialiser step per value on this
 * thread, a new object per value on the worker: about a sixth of both threads' time on
 * 100,000 × 121). A batch is instead one string — the text cells, one after another — and two
 * typed arrays with an entry per cell: its kind, and its number (a text cell's length, a
 * number's value, an instant's epoch milliseconds). The string is copied in one piece, the
 * arrays' memory is handed over (and handed back for the next batch), and the worker cuts the
 * text cells out with `slice`. No text needs escaping: lengths, not separators, mark the cells.
 */

/** A cell's kind. */
const EMPTY = 0;
const TEXT = 1;
const NUMBER = 2;
/** An instant from a Date (epoch milliseconds). */
const DATE = 3;

export interface Batch {
  rows: number;
  columns: number;
  text: string;
  kinds: Uint8Array<ArrayBuffer>;
  numbers: Float64Array<ArrayBuffer>;
}

/** A batch's arrays, to be used again once the worker has read them. */
export interface BatchArrays {
  kinds: Uint8Array<ArrayBuffer>;
  numbers: Float64Array<ArrayBuffer>;
}

/** Collects rows into one batch. */
export class BatchBuilder {
  private text = '';
  private kinds: Uint8Array<ArrayBuffer>;
  private numbers: Float64Array<ArrayBuffer>;
  private cell = 0;
  private readonly spare: BatchArrays[] = [];
  rows = 0;

  constructor(
    private readonly columns: number,
    private readonly capacity: number,
  ) {
    this.kinds = new Uint8Array(columns * capacity);
    this.numbers = new Float64Array(columns * capacity);
  }

  get full(): boolean {
    return this.rows >= this.capacity;
  }

  add(values: readonly CellValue[]): void {
    if (this.full) throw new Error('the batch is full');
    const kinds = this.kinds;
    const numbers = this.numbers;
    let k = this.cell;
    for (let i = 0; i < this.columns; i++, k++) {
      const v = values[i];
      if (v === null || v === undefined || v === '') {
        kinds[k] = EMPTY;
      } else if (typeof v === 'string') {
        kinds[k] = TEXT;
        numbers[k] = v.length;
        this.text += v;
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

  /** The batch (its arrays are to be transferred), and a fresh builder state. */
  take(): Batch {
    const batch: Batch = {
      rows: this.rows,
      columns: this.columns,
      text: this.text,
      kinds: this.kinds,
      numbers: this.numbers,
    };
    const next = this.spare.pop();
    this.kinds = next?.kinds ?? new Uint8Array(this.columns * this.capacity);
    this.numbers = next?.numbers ?? new Float64Array(this.columns * this.capacity);
    this.text = '';
    this.cell = 0;
    this.rows = 0;
    return batch;
  }

  /** Arrays of a batch the worker has read (handed back), for a later batch. */
  reuse(arrays: BatchArrays): void {
    if (
      arrays.kinds.length === this.kinds.length &&
      arrays.numbers.length === this.numbers.length
    ) {
      this.spare.push(arrays);
    }
  }
}

/**
 * Calls `each` with every row of a batch as cell values; `dates[i]` says whether column i is a
 * datetime column (an instant there stays epoch milliseconds, elsewhere it becomes a Date).
 * `each` may return a promise, which is awaited before the next row.
 */
export async function eachRow(
  batch: Batch,
  dates: readonly boolean[],
  each: (values: CellValue[]) => Promise<void> | undefined,
): Promise<void> {
  const { text, kinds, numbers, columns } = batch;
  let at = 0;
  let k = 0;
  for (let r = 0; r < batch.rows; r++) {
    const values = new Array<CellValue>(columns);
    for (let i = 0; i < columns; i++, k++) {
      switch (kinds[k]) {
        case TEXT: {
          const end = at + numbers[k]!;
          values[i] = text.slice(at, end);
          at = end;
          break;
        }
        case NUMBER:
          values[i] = numbers[k];
          break;
        case DATE:
          values[i] = dates[i] ? numbers[k] : new Date(numbers[k]!);
          break;
        default:
          values[i] = null;
      }
    }
    const waiting = each(values);
    if (waiting) await waiting;
  }
}
