import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '@hotline/contract';
import { COLUMNS } from '../src/features/order-list/columns';
import { renderCell, type CellContext } from '../src/features/order-list/components/cells';

/** The seven-haves/five-natures column shows the category in the console's language. */

const column = COLUMNS.find((c) => c.key === 'sevenFiveCategory')!;
const ctx = (en: boolean): CellContext => ({
  index: 0,
  onOpen: () => undefined,
  t: ((key: string) => key) as unknown as CellContext['t'],
  en,
});
const order = (sevenFiveCategory: string | null) => ({ sevenFiveCategory }) as OrderSummary;

describe('seven-haves/five-natures cell', () => {
  it('names a listed category in English or Chinese; an unlisted one as stored; empty when none', () => {
    expect(renderCell(column, order('宜居性'), ctx(true))).toBe('Livability');
    expect(renderCell(column, order('宜居性'), ctx(false))).toBe('宜居性');
    expect(renderCell(column, order('幼有所育'), ctx(true))).toBe('Care for young children');
    expect(renderCell(column, order('自定义分类'), ctx(true))).toBe('自定义分类');
    expect(renderCell(column, order(null), ctx(true))).toBeNull();
  });
});
