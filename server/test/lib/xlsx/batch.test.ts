import { describe, expect, it } from 'vitest';
import { BatchBuilder, eachRow, type Batch } from '../../../src/lib/xlsx/batch';
import type { CellValue } from '../../../src/lib/xlsx/writer';

/** Rows cross to the XLSX worker as batches: what comes out must be what went in. */

async function rowsOf(batch: Batch, dates: boolean[]): Promise<CellValue[][]> {
  const out: CellValue[][] = [];
  await eachRow(batch, dates, (values) => {
    out.push(values);
    return undefined;
  });
  return out;
}

describe('XLSX worker batches', () => {
  it('carries text, numbers, instants and empty cells unchanged', async () => {
    const at = new Date('2026-11-21T01:30:00.123Z');
    const rows: CellValue[][] = [
      ['工单 A', 1, 0.25, at.getTime(), at],
      ['', null, undefined, null, null],
      ['with\u0001control\u0002chars', -0, Number.NaN, 0, new Date(0)],
      ['😀 surrogate pairs 😀', 1e21, -3.5, Number.POSITIVE_INFINITY, at],
      ['<&>"', 42, 7, at.getTime(), 'text in a date column'],
    ];
    const b = new BatchBuilder(5, 10);
    for (const r of rows) b.add(r);
    const dates = [false, false, false, true, false];
    const back = await rowsOf(b.take(), dates);
    expect(back).toHaveLength(rows.length);
    // an empty string is an empty cell, as the writer treats it
    expect(back[1]).toEqual([null, null, null, null, null]);
    expect(back[0]).toEqual(['工单 A', 1, 0.25, at.getTime(), at]);
    expect(back[0]![4]).toBeInstanceOf(Date);
    expect(back[2]![0]).toBe('with\u0001control\u0002chars');
    expect(Object.is(back[2]![1], -0)).toBe(true);
    expect(back[2]![2]).toBeNaN();
    expect(back[3]).toEqual(['😀 surrogate pairs 😀', 1e21, -3.5, Number.POSITIVE_INFINITY, at]);
    expect(back[4]).toEqual(['<&>"', 42, 7, at.getTime(), 'text in a date column']);
  });

  it('keeps a datetime column as epoch milliseconds and a Date elsewhere', async () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const b = new BatchBuilder(2, 1);
    b.add([at, at]);
    const [row] = await rowsOf(b.take(), [true, false]);
    expect(row![0]).toBe(at.getTime());
    expect(row![1]).toEqual(at);
  });

  it('starts afresh after take, refuses a row beyond its capacity, reuses handed-back arrays', async () => {
    const b = new BatchBuilder(2, 2);
    b.add(['a', 1]);
    b.add(['b', 2]);
    expect(b.full).toBe(true);
    expect(() => b.add(['c', 3])).toThrow(/full/);
    const first = b.take();
    expect(b.rows).toBe(0);
    b.reuse({ kinds: first.kinds, numbers: first.numbers });
    b.add(['c', 3]);
    const second = b.take();
    expect(second.kinds).not.toBe(first.kinds);
    // the batch after takes the handed-back arrays, their old contents overwritten
    b.add([null, 'd']);
    const third = b.take();
    expect(third.kinds).toBe(first.kinds);
    expect(third.numbers).toBe(first.numbers);
    expect(await rowsOf(second, [false, false])).toEqual([['c', 3]]);
    expect(await rowsOf(third, [false, false])).toEqual([[null, 'd']]);
    // a partial batch has only its own rows
    expect(second.rows).toBe(1);
  });

  it('waits for each row the writer is not ready for', async () => {
    const b = new BatchBuilder(1, 3);
    for (const v of ['x', 'y', 'z']) b.add([v]);
    const seen: string[] = [];
    await eachRow(b.take(), [false], (values) => {
      seen.push(values[0] as string);
      return new Promise<void>((resolve) => setTimeout(resolve, 1));
    });
    expect(seen).toEqual(['x', 'y', 'z']);
  });
});
