import { describe, expect, it } from 'vitest';
import { phoneColumns } from '../src/features/order-list/phone-columns';

/** The order table's columns on a phone (phone-columns.ts). */

const keys = (cols: { key: string }[]) => cols.map((c) => c.key);

describe('phoneColumns', () => {
  it('puts the order number and the title first, leaves the row number out, keeps the rest in order', () => {
    const shown = [
      'index',
      'refuseCountdown',
      'tip',
      'nextDeadline',
      'orderNum',
      'status',
      'title',
      'callTime',
    ];
    expect(keys(phoneColumns(shown.map((key) => ({ key, visible: true }))))).toEqual([
      'orderNum',
      'title',
      'refuseCountdown',
      'tip',
      'nextDeadline',
      'status',
      'callTime',
    ]);
  });

  it('a column the user hid stays hidden (only the shown ones are passed), and widths travel along', () => {
    const out = phoneColumns([
      { key: 'status', width: 90 },
      { key: 'title', width: 300 },
    ]);
    expect(out).toEqual([
      { key: 'title', width: 300 },
      { key: 'status', width: 90 },
    ]);
  });
});
