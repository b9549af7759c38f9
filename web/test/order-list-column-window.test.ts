import { createElement, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  ColumnWindowStore,
  columnsInWindow,
  nextWindow,
} from '../src/features/order-list/column-window';
import { lightCell, type VirtualCellProps } from '../src/features/order-list/components/light-cell';
import {
  lightSelectionCheckbox,
  lightTag,
  themeClassesOf,
} from '../src/features/order-list/components/light-antd';
import { rowCells } from '../src/features/order-list/components/VirtualRow';

/** Horizontal windowing of the virtual order table and its light cells. */

const cols = (...widths: number[]) => widths.map((width) => ({ width, fixed: false }));

describe('nextWindow', () => {
  it('adds the overscan on both sides, never left of 0', () => {
    expect(nextWindow({ left: 0, right: 0 }, 0, 1000, 200)).toEqual({ left: 0, right: 1200 });
    expect(nextWindow({ left: 0, right: 0 }, 500, 1000, 200)).toEqual({ left: 300, right: 1700 });
  });

  it('keeps the same window while it covers the viewport', () => {
    const current = { left: 300, right: 1700 };
    expect(nextWindow(current, 400, 1000, 200)).toBe(current);
    expect(nextWindow(current, 300, 1400, 200)).toBe(current);
    expect(nextWindow(current, 701, 1000, 200)).not.toBe(current);
    expect(nextWindow(current, 299, 1000, 200)).toEqual({ left: 99, right: 1499 });
  });
});

describe('columnsInWindow', () => {
  it('keeps the columns overlapping the window and the fixed ones, one gap per run', () => {
    const columns = [
      { width: 48, fixed: true },
      { width: 60, fixed: true },
      ...cols(100, 100, 100, 100, 100, 100),
    ];
    // content x: 0-48, 48-108 fixed; 108-208, 208-308, 308-408, 408-508, 508-608, 608-708
    const { keep, gaps } = columnsInWindow(columns, { left: 300, right: 450 });
    expect(keep).toEqual([true, true, false, true, true, true, false, false]);
    expect(gaps).toEqual([
      { from: 2, width: 100 },
      { from: 6, width: 200 },
    ]);
  });

  it('touching edges do not count as overlap', () => {
    const { keep } = columnsInWindow(cols(100, 100, 100), { left: 100, right: 200 });
    expect(keep).toEqual([false, true, false]);
  });

  it('keeps everything for a window over the whole row', () => {
    const { keep, gaps } = columnsInWindow(cols(100, 100), { left: 0, right: Infinity });
    expect(keep).toEqual([true, true]);
    expect(gaps).toEqual([]);
  });
});

describe('ColumnWindowStore', () => {
  it('notifies only when the window moves or the body starts or stops being scrolled', () => {
    const store = new ColumnWindowStore(1000, 200);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getState()).toEqual({ window: { left: 0, right: 1200 }, scrolled: false });
    store.update(0, 900);
    expect(listener).not.toHaveBeenCalled();
    store.update(100, undefined);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().scrolled).toBe(true);
    const before = store.getState();
    store.update(200, undefined);
    expect(store.getState()).toBe(before);
    store.update(2000, undefined);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getState().window).toEqual({ left: 1800, right: 3100 });
  });
});

describe('themeClassesOf', () => {
  it('finds the style hash and the CSS-variable scope', () => {
    expect(themeClassesOf('ant-tag ant-tag-filled ant-tag-blue css-1y106cm css-var-_r_0_')).toEqual(
      { hash: 'css-1y106cm', cssVar: 'css-var-_r_0_' },
    );
    expect(themeClassesOf('ant-tag')).toEqual({ hash: '', cssVar: '' });
  });
});

/** antd's VirtualCell element as the virtual row receives it. */
const Cell = () => null;
function cell(
  props: Partial<VirtualCellProps> & { colIndex: number },
): ReactElement<VirtualCellProps> {
  return createElement(Cell, {
    key: props.colIndex,
    record: { id: 7, orderNum: 'ZJ7', title: 'Noise' },
    index: 3,
    renderIndex: 3,
    rowInfo: {
      prefixCls: 'ant-table',
      fixedInfoList: [
        { fixStart: 0, fixedStartShadow: false, zIndex: 8, zIndexReverse: 4 },
        { fixStart: 48, fixedStartShadow: true, zIndex: 7, zIndexReverse: 5 },
        {},
        {},
      ],
    },
    ...props,
  } as VirtualCellProps) as ReactElement<VirtualCellProps>;
}

describe('lightCell', () => {
  it('renders what antd renders: classes, sticky offsets, width, onCell attributes, title', () => {
    const index = cell({
      colIndex: 1,
      column: {
        width: 60,
        fixed: 'left',
        ellipsis: true,
        render: (_v, _r, i) => i + 1,
        onCell: () => ({ 'data-col': 'index' }),
      },
    });
    const el = lightCell(index, false) as ReactElement<Record<string, unknown>>;
    expect(el.props.className).toBe(
      'ant-table-cell ant-table-cell-fix ant-table-cell-fix-start ant-table-cell-fix-start-shadow ant-table-cell-ellipsis',
    );
    expect(el.props.style).toEqual({
      insetInlineStart: 48,
      '--z-offset': 7,
      '--z-offset-reverse': 5,
      flex: '0 0 60px',
      width: '60px',
    });
    expect(el.props['data-col']).toBe('index');
    expect(el.props.title).toBe('4');
    const content = el.props.children as ReactElement<{ className: string; children: unknown }>;
    expect(content.props.className).toBe('ant-table-cell-content');
    expect(content.props.children).toBe(4);
    const scrolled = lightCell(index, true) as ReactElement<{ className: string }>;
    expect(scrolled.props.className).toContain('ant-table-cell-fix-start-shadow-show');
  });

  it('reads the value through dataIndex and titles an element with text', () => {
    const link = cell({
      colIndex: 2,
      column: {
        width: 170,
        ellipsis: true,
        dataIndex: 'orderNum',
        render: (v) => createElement('a', { className: 'hl-order-link' }, v as string),
      },
    });
    const el = lightCell(link, false) as ReactElement<Record<string, unknown>>;
    expect(el.props.className).toBe('ant-table-cell ant-table-cell-ellipsis');
    expect(el.props.title).toBe('ZJ7');
    expect(el.props.style).toEqual({ flex: '0 0 170px', width: '170px' });
    const plain = cell({ colIndex: 3, column: { width: 100, dataIndex: 'title' } });
    expect((lightCell(plain, false) as ReactElement<{ children: unknown }>).props.children).toBe(
      'Noise',
    );
  });

  it("leaves spans, fixed-end columns and legacy render results to antd's cell", () => {
    const span = cell({ colIndex: 2, column: { width: 1, onCell: () => ({ colSpan: 2 }) } });
    expect(lightCell(span, false)).toBeNull();
    const legacy = cell({
      colIndex: 2,
      column: { width: 1, render: () => ({ children: 'x', props: {} }) as never },
    });
    expect(lightCell(legacy, false)).toBeNull();
    const end = cell({
      colIndex: 2,
      column: { width: 1 },
      rowInfo: { prefixCls: 'ant-table', fixedInfoList: [{}, {}, { fixEnd: 0 }] },
    });
    expect(lightCell(end, false)).toBeNull();
  });
});

describe('rowCells', () => {
  it('renders the cells in the window and one spacer per run of the others', () => {
    const children = [
      cell({ colIndex: 0, column: { width: 48, fixed: 'left' } }),
      cell({ colIndex: 1, column: { width: 60, fixed: 'left' } }),
      cell({ colIndex: 2, column: { width: 1000, dataIndex: 'orderNum' } }),
      cell({ colIndex: 3, column: { width: 1000, dataIndex: 'title' } }),
    ];
    const out = rowCells(children, {
      window: { left: 0, right: 500 },
      scrolled: false,
    }) as ReactElement<{ className?: string; style?: { flex?: string } }>[];
    expect(out).toHaveLength(4);
    expect(out[2]!.props.className).toBe('ant-table-cell');
    expect(out[3]!.props.className).toBe('hl-col-gap');
    expect(out[3]!.props.style?.flex).toBe('0 0 1000px');
    expect(out[3]!.key).toBe('gap-3');
  });
});

describe('light tags and checkboxes', () => {
  const theme = { hash: 'css-h', cssVar: 'css-var-v' };

  it("a tag is a span with antd's classes once the theme classes are known", () => {
    const tag = lightTag(theme, 'blue', 'Open', { 'data-status': 1 }, 'k') as ReactElement<
      Record<string, unknown>
    >;
    expect(tag.type).toBe('span');
    expect(tag.key).toBe('k');
    expect(tag.props.className).toBe('ant-tag ant-tag-filled ant-tag-blue css-h css-var-v');
    expect(tag.props['data-status']).toBe(1);
    const plain = lightTag(theme, undefined, 'x') as ReactElement<{ className: string }>;
    expect(plain.props.className).toBe('ant-tag ant-tag-filled css-h css-var-v');
    expect((lightTag(null, 'blue', 'x') as ReactElement).type).not.toBe('span');
  });

  it("the row checkbox calls antd's handlers with the event shape antd's Checkbox gives", () => {
    const onChange = vi.fn();
    const onClick = vi.fn();
    const origin = createElement('i', { checked: true, onChange, onClick, 'aria-label': 'Row 1' });
    const label = lightSelectionCheckbox(theme, origin) as ReactElement<{
      className: string;
      children: ReactElement<{
        className: string;
        children: ReactElement<Record<string, unknown>>;
      }>;
    }>;
    expect(label.props.className).toBe(
      'ant-checkbox-wrapper ant-checkbox-wrapper-checked css-var-v ant-checkbox-css-var css-h',
    );
    const box = label.props.children;
    expect(box.props.className).toBe('ant-checkbox ant-wave-target css-h ant-checkbox-checked');
    const input = box.props.children;
    expect(input.props.checked).toBe(true);
    expect(input.props['aria-label']).toBe('Row 1');
    expect(input.props.onClick).toBe(onClick);
    const nativeEvent = { shiftKey: true };
    (input.props.onChange as (e: unknown) => void)({
      target: { checked: false },
      nativeEvent,
      stopPropagation: () => undefined,
      preventDefault: () => undefined,
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    const event = onChange.mock.calls[0]![0] as {
      target: { checked: boolean };
      nativeEvent: unknown;
    };
    expect(event.target.checked).toBe(false);
    expect(event.nativeEvent).toBe(nativeEvent);
  });
});
