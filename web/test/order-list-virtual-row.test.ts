import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { sameRow } from '../src/features/order-list/components/VirtualRow';

/** The virtual row's skip rule: what must re-render a row and what must not. */

const Cell = () => null;
const columns = [{ key: 'orderNum' }, { key: 'status' }];
const record = { id: 1, orderNum: 'ZJ1', status: 1 };
const fixedInfoList = [{}, {}];

function cells(over: { record?: object; column?: object; className?: string } = {}): ReactNode[] {
  return columns.map((column, i) =>
    createElement(Cell, {
      key: i,
      column: i === 1 && over.column ? over.column : column,
      record: over.record ?? record,
      index: 0,
      renderIndex: 0,
      className: i === 0 ? over.className : undefined,
      rowInfo: { fixedInfoList },
    }),
  );
}

const row = (over: Record<string, unknown> = {}, children = cells()) => ({
  className: 'ant-table-row hl-row-near',
  'data-row-key': 1,
  'data-order-id': 1,
  style: { width: 5698 },
  onClick: () => undefined,
  onDoubleClick: () => undefined,
  rowRef: () => undefined,
  ...over,
  children,
});

describe('virtual row skip rule', () => {
  it('skips a scroll frame: fresh style object, handlers, ref and cell elements, same content', () => {
    expect(sameRow(row(), row())).toBe(true);
  });

  it('renders when the class, a data attribute or a style value changes', () => {
    expect(sameRow(row(), row({ className: 'ant-table-row ant-table-row-selected' }))).toBe(false);
    expect(sameRow(row(), row({ 'data-order-id': 2 }))).toBe(false);
    expect(sameRow(row(), row({ style: { width: 6000 } }))).toBe(false);
    expect(sameRow(row(), row({ title: 'x' }))).toBe(false);
  });

  it('renders when a cell gets another record, column definition or class', () => {
    expect(sameRow(row(), row({}, cells({ record: { ...record, status: 11 } })))).toBe(false);
    expect(sameRow(row(), row({}, cells({ column: { key: 'status', width: 1 } })))).toBe(false);
    expect(sameRow(row(), row({}, cells({ className: 'x' })))).toBe(false);
    expect(sameRow(row(), row({}, cells().slice(1)))).toBe(false);
  });

  it('renders when a non-handler function prop changes', () => {
    expect(sameRow(row({ render: () => 1 }), row({ render: () => 2 }))).toBe(false);
  });
});
