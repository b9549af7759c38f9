import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { OrderSummary } from '@hotline/contract';
import '../src/i18n';
import { OrderCards } from '../src/features/order-list/components/OrderCards';
import { cardMeta, parseListView } from '../src/features/order-list/order-card';
import { mountEach } from './mount';

/** The order list on a phone as cards (OrderCards.tsx, order-card.ts). */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const HOUR = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

function order(id: number, patch: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id,
    orderNum: `20261201${String(id).padStart(4, '0')}`,
    title: `路灯不亮 ${id}`,
    status: 1,
    organizerName: '望湖街道',
    address: '望湖路 1 号',
    callTime: '2026-12-01T02:38:00.000Z',
    deadline: iso(Date.now() + 72 * HOUR),
    refuseDeadline: null,
    nextDeadline: null,
    isKeyAppeal: false,
    isSupervised: false,
    superviseCount: 0,
    isSecondVisit: false,
    escalationLevel: 0,
    ...patch,
  } as OrderSummary;
}

describe('cardMeta', () => {
  it('names the unit, the address and the call time, and leaves the empty ones out', () => {
    const meta = cardMeta({ organizerName: '望湖街道', address: '  ', callTime: '' });
    expect(meta).toEqual([{ key: 'organizerName', text: '望湖街道' }]);
    const all = cardMeta({ organizerName: 'A', address: 'B', callTime: '2026-12-01T02:38:00Z' });
    expect(all.map((m) => m.key)).toEqual(['organizerName', 'address', 'callTime']);
    expect(all[2]?.text).toMatch(/^2026-12-01 \d\d:38$/);
  });

  it('a stored view other than "table" reads as cards (the default)', () => {
    expect(parseListView('table')).toBe('table');
    expect(parseListView('cards')).toBe('cards');
    expect(parseListView(null)).toBe('cards');
    expect(parseListView('grid')).toBe('cards');
  });
});

describe('OrderCards', () => {
  const mount = mountEach();
  let host: HTMLElement;
  const show = (props: Partial<Parameters<typeof OrderCards>[0]>) => {
    const all = {
      rows: [],
      loading: false,
      selected: [],
      onSelect: () => undefined,
      onOpen: () => undefined,
      ...props,
    };
    host = mount(<OrderCards {...all} />);
  };
  const cards = () => [...host.querySelectorAll<HTMLElement>('li.hl-card')];

  it('one card per order: number, status, title as a button that opens it, named details', () => {
    const onOpen = vi.fn();
    const rows = [order(1), order(2)];
    show({ rows, onOpen });
    expect(cards()).toHaveLength(2);
    const first = cards()[0]!;
    expect(first.dataset.orderId).toBe('1');
    expect(first.querySelector('.hl-card-num')?.textContent).toBe('202612010001');
    expect(first.querySelector('[data-status="1"]')).not.toBeNull();
    const open = first.querySelector<HTMLButtonElement>('button.hl-card-open');
    expect(open?.textContent).toBe('路灯不亮 1');
    act(() => open?.click());
    expect(onOpen).toHaveBeenCalledWith(rows[0]);
    const meta = [...first.querySelectorAll('.hl-card-meta > div')].map((d) => d.textContent);
    expect(meta[0]).toBe('主办单位望湖街道');
    expect(meta[1]).toBe('社区地址望湖路 1 号');
  });

  it('the checkboxes select one order or the whole page, each named by its order number', () => {
    const onSelect = vi.fn();
    show({ rows: [order(1), order(2), order(3)], selected: [2], onSelect });
    const boxes = [...host.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes).toHaveLength(4);
    expect(boxes[1]?.getAttribute('aria-label')).toBe('选择工单 202612010001');
    expect(boxes[2]?.checked).toBe(true);
    expect(cards()[1]?.className).toContain('is-selected');
    act(() => boxes[1]?.click());
    expect(onSelect).toHaveBeenLastCalledWith([2, 1]);
    act(() => boxes[2]?.click());
    expect(onSelect).toHaveBeenLastCalledWith([]);
    // the page's box: some chosen → indeterminate; a click chooses them all
    expect(host.querySelector('.hl-cards-all .ant-checkbox-indeterminate')).not.toBeNull();
    act(() => boxes[0]?.click());
    expect(onSelect).toHaveBeenLastCalledWith([1, 2, 3]);
  });

  it('the keyboard cursor (j/k) marks its card, found by the order id', () => {
    show({ rows: [order(1), order(2)], cursorId: 2 });
    expect(cards()[1]?.className).toContain('is-cursor');
    expect(host.querySelector('[data-order-id="2"]')).toBe(cards()[1]);
    expect(cards()[0]?.className).not.toContain('is-cursor');
  });

  it('overdue and near-deadline orders stand out; a closed one does not', () => {
    show({
      rows: [
        order(1, { deadline: iso(Date.now() - HOUR) }),
        order(2, { deadline: iso(Date.now() + 2 * HOUR) }),
        order(3, { deadline: iso(Date.now() - HOUR), status: 92 }),
      ],
    });
    expect(cards().map((c) => c.className)).toEqual([
      'hl-card is-overdue',
      'hl-card is-near',
      'hl-card',
    ]);
  });

  it('the next deadline, the tips and the refusal countdown carry their words', () => {
    show({
      rows: [
        order(1, {
          status: 0,
          refuseDeadline: iso(Date.now() + 2 * HOUR),
          isKeyAppeal: true,
          nextDeadline: {
            limit: 'sign',
            at: '2026-12-02T02:34:00.000Z',
            dueSoonAt: '2026-12-02T01:34:00.000Z',
            state: 'onTime',
          },
        }),
      ],
    });
    const tags = cards()[0]!.querySelector('.hl-card-tags')!;
    expect(tags.querySelector('[data-deadline-state="onTime"]')?.textContent).toMatch(
      /^未到期签收 2026-12-02 \d\d:34$/,
    );
    expect(tags.textContent).toContain('重点');
    expect(tags.querySelector('.hl-card-countdown')?.textContent).toMatch(
      /^剩余拒签时间 0[12]:\d\d:\d\d$/,
    );
  });

  it('an empty page says so; a failed one offers a retry', () => {
    show({ rows: [] });
    expect(host.textContent).toContain('没有符合条件的工单');
    const onRetry = vi.fn();
    show({ rows: [], onRetry });
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('工单列表未能加载');
    act(() => host.querySelector<HTMLButtonElement>('[role="alert"] button')?.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
