import { describe, expect, it } from 'vitest';
import { COLUMNS, defaultColumns } from '../src/features/order-list/columns';
import {
  formatDuration,
  refuseCountdown,
  rowTone,
  tipTags,
} from '../src/features/order-list/row-rules';
import {
  defaultPrefs,
  fromServer,
  moveColumn,
  placeColumn,
  normalizePrefs,
  toServer,
  toggleColumn,
  visibleColumns,
} from '../src/features/order-list/table-prefs';

const NOW = Date.parse('2026-11-21T08:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const H = 3600_000;

describe('row highlight', () => {
  it('marks open orders past the deadline overdue, within 8 hours near', () => {
    expect(rowTone({ status: 1, deadline: at(-1), refuseDeadline: null }, NOW)).toBe('overdue');
    expect(rowTone({ status: 11, deadline: at(8 * H), refuseDeadline: null }, NOW)).toBe('near');
    expect(
      rowTone({ status: 1, deadline: at(8 * H + 1000), refuseDeadline: null }, NOW),
    ).toBeNull();
    // closed orders and orders without a deadline never stand out
    expect(rowTone({ status: 92, deadline: at(-H), refuseDeadline: null }, NOW)).toBeNull();
    expect(rowTone({ status: 1, deadline: null, refuseDeadline: null }, NOW)).toBeNull();
  });
});

describe('refusal countdown', () => {
  it('counts down while unsigned, urgent in the last hour, expired after', () => {
    expect(
      refuseCountdown({ status: 0, deadline: null, refuseDeadline: at(2 * H + 5_000) }, NOW),
    ).toEqual({ kind: 'running', text: '02:00:05', urgent: false });
    expect(refuseCountdown({ status: 0, deadline: null, refuseDeadline: at(59_000) }, NOW)).toEqual(
      {
        kind: 'running',
        text: '00:00:59',
        urgent: true,
      },
    );
    expect(refuseCountdown({ status: 0, deadline: null, refuseDeadline: at(0) }, NOW)).toEqual({
      kind: 'expired',
    });
    expect(refuseCountdown({ status: 1, deadline: null, refuseDeadline: at(H) }, NOW)).toEqual({
      kind: 'none',
    });
  });
  it('formats days', () => {
    expect(formatDuration(26 * H + 61_000)).toBe('1d 02:01:01');
    expect(formatDuration(-5)).toBe('00:00:00');
  });
  it('tip tags', () => {
    expect(
      tipTags({ isKeyAppeal: true, isSupervised: true, superviseCount: 2, isSecondVisit: false }),
    ).toEqual([{ key: 'keyAppeal' }, { key: 'supervised', count: 2 }]);
  });
});

describe('columns per queue', () => {
  it('offers the 41 spec columns and the next deadline (issue 21), each key once', () => {
    expect(COLUMNS.length).toBe(42);
    expect(new Set(COLUMNS.map((c) => c.key)).size).toBe(42);
  });
  it('pending-sign queues show the countdown; street users never get the locking person', () => {
    expect(defaultColumns('qu_dqs', false)).toContain('refuseCountdown');
    expect(defaultColumns('qu_dqs', false)).toContain('lockUserName');
    expect(defaultColumns('jd_dqs', true)).not.toContain('lockUserName');
    expect(defaultColumns('hf_dhf', false)).toContain('visitResult');
    expect(defaultColumns('unknown', false)).toContain('orderNum');
  });
});

describe('table preferences', () => {
  const base = defaultPrefs('qu_blz', false);
  it('lists every column, the queue defaults first and visible', () => {
    expect(base.columns).toHaveLength(42);
    expect(visibleColumns(base)).toEqual(defaultColumns('qu_blz', false));
  });
  it('moves, toggles, and survives the server round trip', () => {
    const moved = moveColumn(toggleColumn(base, 'callerPhone', true), 'title', -1);
    const changed = { ...moved, stripe: false, border: true, lineHeight: 'small' as const };
    const body = toServer('orderList:qu_blz', changed);
    expect(body.table).toEqual({ stripe: false, border: true, lineHeight: 'small' });
    const back = fromServer(
      { cols: body.cols.map((c) => ({ ...c, visible: c.visible === 1 })), table: body.table },
      base,
      false,
    );
    expect(back).toEqual(changed);
    expect(moveColumn(base, base.columns[0]!.key, -1)).toBe(base);
  });
  it('places a dragged column anywhere, the others keeping their order', () => {
    const keys = (p: typeof base) => p.columns.map((c) => c.key);
    const last = base.columns.at(-1)!.key;
    const placed = placeColumn(base, last, 0);
    expect(keys(placed)).toEqual([last, ...keys(base).slice(0, -1)]);
    expect(keys(placeColumn(placed, last, 41))).toEqual(keys(base));
    expect(placeColumn(base, last, 42)).toBe(base);
    expect(placeColumn(base, 'nope', 0)).toBe(base);
    expect(placeColumn(base, last, 41)).toBe(base);
  });
  it('repairs stored values: unknown keys out, new columns in, no locking person for streets', () => {
    const repaired = normalizePrefs(
      {
        columns: [
          { key: 'nope', visible: true },
          { key: 'lockUserName', visible: true },
          { key: 'title', visible: 1 },
        ],
        lineHeight: 'huge',
      },
      defaultPrefs('jd_blz', true),
      true,
    );
    expect(visibleColumns(repaired)).toEqual(['title']);
    expect(repaired.columns.map((c) => c.key)).not.toContain('lockUserName');
    expect(repaired.columns).toHaveLength(41);
    expect(repaired.lineHeight).toBe('middle');
    expect(fromServer({ cols: null }, base, false)).toBeNull();
  });
});
