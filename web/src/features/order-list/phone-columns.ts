import type { ColumnPref } from './table-prefs';

/**
 * The table's columns on a phone (below antd's `sm`, 576 px): a 390 px screen shows the
 * checkbox and about two columns before the table scrolls sideways, and in the queues' default
 * order those were the row number, the hint and a countdown — often all empty — with the
 * order number (the link that opens it) and the title off screen. So on a phone the order
 * number and the title come first, the row number is left out, and the rest keep the user's
 * order. The stored preferences are not changed: the desktop shows them as set.
 */
export const PHONE_FIRST = ['orderNum', 'title'] as const;

export function phoneColumns<T extends Pick<ColumnPref, 'key'>>(columns: readonly T[]): T[] {
  const first = PHONE_FIRST.flatMap((key) => columns.filter((c) => c.key === key));
  const rest = columns.filter(
    (c) => c.key !== 'index' && !(PHONE_FIRST as readonly string[]).includes(c.key),
  );
  return [...first, ...rest];
}
