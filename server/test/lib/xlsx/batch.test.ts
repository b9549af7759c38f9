import { describe, expect, it } from 'vitest';
import {
  BatchBuilder,
  DATE,
  EMPTY,
  NUMBER,
  SHARED,
  TEXT,
  type Batch,
} from '../../../src/lib/xlsx/batch';
import { MAX_CELL_CHARS } from '../../../src/lib/xlsx/cells';
import { SharedStrings, type ColumnShare } from '../../../src/lib/xlsx/shared-strings';
import type { CellValue } from '../../../src/lib/xlsx/writer';

/**
 * Rows of cells as batches (what the sheet's bytes are written from, on the writer's thread or
 * the worker's): each cell's kind and number, the text cells' code units one after another.
 * What the bytes then are is held to the string path in xml-bytes.test.ts and worker.test.ts.
 */

type Cell = null | { text: string } | { shared: number } | { number: number } | { date: number };

/** The cells of a batch, read back as the writer reads them. */
function cellsOf(batch: Batch): Cell[][] {
  const out: Cell[][] = [];
  let k = 0;
  let c = 0;
  for (let r = 0; r < batch.rows; r++) {
    const row: Cell[] = [];
    for (let i = 0; i < batch.columns; i++, k++) {
      const n = batch.numbers[k]!;
      switch (batch.kinds[k]) {
        case TEXT:
          row.push({ text: String.fromCharCode(...batch.chars.subarray(c, c + n)) });
          c += n;
          break;
        case SHARED:
          row.push({ shared: n });
          break;
        case NUMBER:
          row.push({ number: n });
          break;
        case DATE:
          row.push({ date: n });
          break;
        default:
          expect(batch.kinds[k]).toBe(EMPTY);
          row.push(null);
      }
    }
    out.push(row);
  }
  return out;
}

function builder(columns: number, capacity: number, share = false) {
  const table = new SharedStrings();
  const shares: ColumnShare[] = Array.from({ length: columns }, () => ({
    cells: 0,
    added: 0,
    on: share,
  }));
  return { b: new BatchBuilder(columns, capacity, { table, shares }), table, shares };
}

describe('XLSX batches', () => {
  it('carries text, numbers, instants and empty cells unchanged', () => {
    const at = new Date('2026-11-21T01:30:00.123Z');
    const rows: CellValue[][] = [
      ['工单 A', 1, 0.25, at.getTime(), at],
      ['', null, undefined, null, null],
      ['with\u0001control\u0002chars', -0, Number.NaN, 0, new Date(Number.NaN)],
      ['😀 surrogate pairs 😀 \ud800 lone', 1e21, -3.5, Number.POSITIVE_INFINITY, at],
      ['<&>"', 42, 7, at.getTime(), 'text in a date column'],
    ];
    const { b } = builder(5, 10);
    for (const r of rows) b.add(r);
    const back = cellsOf(b.take());
    expect(back).toEqual([
      [
        { text: '工单 A' },
        { number: 1 },
        { number: 0.25 },
        { number: at.getTime() },
        { date: at.getTime() },
      ],
      // an empty string is an empty cell, as the writer treats it
      [null, null, null, null, null],
      [
        { text: 'with\u0001control\u0002chars' },
        { number: -0 },
        { number: Number.NaN },
        { number: 0 },
        { date: Number.NaN },
      ],
      [
        { text: '😀 surrogate pairs 😀 \ud800 lone' },
        { number: 1e21 },
        { number: -3.5 },
        { number: Number.POSITIVE_INFINITY },
        { date: at.getTime() },
      ],
      [
        { text: '<&>"' },
        { number: 42 },
        { number: 7 },
        { number: at.getTime() },
        { text: 'text in a date column' },
      ],
    ]);
    expect(Object.is((back[2]![1] as { number: number }).number, -0)).toBe(true);
  });

  it('grows its text for long cells and cuts a cell at Excel’s limit', () => {
    const { b } = builder(2, 3);
    const long = '长'.repeat(MAX_CELL_CHARS + 10);
    b.add([long, 'a']);
    b.add(['x'.repeat(70_000), 'b']);
    b.add(['tail', 'c']);
    const [first, second, third] = cellsOf(b.take());
    expect(first).toEqual([{ text: '长'.repeat(MAX_CELL_CHARS) }, { text: 'a' }]);
    expect(second).toEqual([{ text: 'x'.repeat(MAX_CELL_CHARS) }, { text: 'b' }]);
    expect(third).toEqual([{ text: 'tail' }, { text: 'c' }]);
  });

  it('looks short repeating text up in the shared-string table, as the writer would', () => {
    const { b, table, shares } = builder(2, 4, true);
    const note = 'n'.repeat(41); // longer than a shared string may be
    b.add(['已答复', note]);
    b.add(['待回访', note]);
    b.add(['已答复', null]);
    b.add(['已答复', '']);
    expect(cellsOf(b.take())).toEqual([
      [{ shared: 0 }, { text: note }],
      [{ shared: 1 }, { text: note }],
      [{ shared: 0 }, null],
      [{ shared: 0 }, null],
    ]);
    expect(table.state).toEqual({
      items: ['<si><t>已答复</t></si>', '<si><t>待回访</t></si>'],
      refs: 4,
    });
    // empty cells and long text are not looked up
    expect(shares[0]).toMatchObject({ cells: 4, added: 2 });
    expect(shares[1]).toMatchObject({ cells: 0, added: 0 });
  });

  it('starts afresh after take, refuses a row beyond its capacity, reuses handed-back arrays', () => {
    const { b } = builder(2, 2);
    b.add(['a', 1]);
    b.add(['b', 2]);
    expect(b.full).toBe(true);
    expect(() => b.add(['c', 3])).toThrow(/full/);
    const first = b.take();
    expect(b.rows).toBe(0);
    b.reuse({ kinds: first.kinds, numbers: first.numbers, chars: first.chars });
    b.add(['c', 3]);
    const second = b.take();
    expect(second.kinds).not.toBe(first.kinds);
    // the batch after takes the handed-back arrays, their old contents overwritten
    b.add([null, 'd']);
    const third = b.take();
    expect(third.kinds).toBe(first.kinds);
    expect(third.numbers).toBe(first.numbers);
    expect(third.chars).toBe(first.chars);
    expect(cellsOf(second)).toEqual([[{ text: 'c' }, { number: 3 }]]);
    expect(cellsOf(third)).toEqual([[null, { text: 'd' }]]);
    // a partial batch has only its own rows
    expect(second.rows).toBe(1);
    // arrays of another shape are not taken
    b.reuse({ kinds: new Uint8Array(3), numbers: new Float64Array(3), chars: new Uint16Array(3) });
    b.add(['e', 5]);
    expect(b.take().kinds.length).toBe(4);
  });
});
