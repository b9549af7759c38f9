import { act } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '@hotline/contract';
import zhCN from '../src/i18n/zh-CN';
import enUS from '../src/i18n/en-US';
import { columnByKey, defaultColumns } from '../src/features/order-list/columns';
import { renderCell } from '../src/features/order-list/components/cells';
import { deadlineBadge, DEADLINE_STATE_COLOR } from '../src/features/order-list/deadline-state';

/**
 * The next deadline of an open order in the lists (issue 21): the server's state as a tag with
 * colour and words in both languages, which limit and when; nothing for an order without one.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const texts = i18next.createInstance();
beforeAll(async () => {
  await texts.init({
    resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
    lng: 'zh-CN',
    interpolation: { escapeValue: false },
  });
});

const next = (state: NonNullable<OrderSummary['nextDeadline']>['state'], limit = 'handling') =>
  ({
    nextDeadline: {
      limit: limit as 'sign' | 'handling',
      at: '2026-05-12T06:00:00.000Z',
      dueSoonAt: '2026-05-11T06:00:00.000Z',
      state,
    },
  }) as OrderSummary;

/** The cell as the table renders it, in a language. */
function cell(order: OrderSummary, lng: 'zh-CN' | 'en-US'): HTMLElement {
  const t = texts.getFixedT(lng);
  const host = document.createElement('div');
  const root = createRoot(host);
  act(() => {
    root.render(
      <>
        {renderCell(columnByKey('nextDeadline')!, order, {
          index: 1,
          onOpen: () => {},
          t,
          en: lng === 'en-US',
        })}
      </>,
    );
  });
  return host;
}

describe('deadlineBadge', () => {
  it.each([
    ['onTime', 'green'],
    ['dueSoon', 'orange'],
    ['overdue', 'red'],
    ['escalated', 'magenta'],
  ] as const)('%s → %s', (state, color) => {
    expect(deadlineBadge(next(state))).toMatchObject({
      state,
      color,
      stateKey: `workOrders.deadline.${state}`,
      limitKey: 'workOrders.deadline.handling',
    });
  });
  it('no open limit: nothing', () => {
    expect(deadlineBadge({ nextDeadline: null })).toBeNull();
  });
  it('every state has distinct colours', () => {
    expect(new Set(Object.values(DEADLINE_STATE_COLOR)).size).toBe(4);
  });
});

describe('the next-deadline cell', () => {
  it.each([
    ['zh-CN', 'dueSoon', '临期', '办理'],
    ['zh-CN', 'escalated', '超期已升级', '办理'],
    ['en-US', 'overdue', 'Overdue', 'Handling'],
    ['en-US', 'onTime', 'On time', 'Handling'],
  ] as const)(
    '%s %s: the word "%s" in a coloured tag, then the limit',
    (lng, state, word, limit) => {
      const host = cell(next(state), lng);
      const wrap = host.querySelector('.hl-next-deadline')!;
      expect(wrap.getAttribute('data-deadline-state')).toBe(state);
      const tag = wrap.querySelector('.ant-tag')!;
      expect(tag.textContent).toBe(word);
      expect(tag.className).toContain(`ant-tag-${DEADLINE_STATE_COLOR[state]}`);
      expect(wrap.querySelector('.hl-next-deadline-at')!.textContent).toMatch(
        new RegExp(`^${limit} 2026-05-1[12] \\d\\d:00$`),
      );
      expect(wrap.getAttribute('title')).toContain(limit);
    },
  );
  it('the sign limit is named', () => {
    expect(cell(next('dueSoon', 'sign'), 'zh-CN').textContent).toContain('签收');
  });
  it('closed orders show nothing', () => {
    expect(cell({ nextDeadline: null } as OrderSummary, 'zh-CN').textContent).toBe('');
  });
});

describe('default columns', () => {
  it.each(['qu_dqs', 'qu_blz', 'jd_blz', 'bm_blz', 'qu_yjyj', 'qu_zdsq', 'unknown'])(
    '%s shows the next deadline',
    (menuId) => {
      expect(defaultColumns(menuId, menuId.startsWith('jd_'))).toContain('nextDeadline');
    },
  );
  it.each(['qu_ybj', 'hf_dhf'])('%s (nothing open) does not', (menuId) => {
    expect(defaultColumns(menuId, false)).not.toContain('nextDeadline');
  });
});
