import { act } from 'react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LIST_TOTAL_CAP, MAX_LIST_OFFSET } from '@hotline/contract';
import '../src/i18n';
import zhCN from '../src/i18n/zh-CN';
import enUS from '../src/i18n/en-US';
import { ListToolbar } from '../src/features/order-list/components/ListToolbar';
import {
  lastServedPage,
  pagerTotal,
  shownTotal,
  totalText,
} from '../src/features/order-list/list-total';
import { mountEach } from './mount';

/** The list's total: "共 10,000+ 条" past the cap, the exact-count button, the pager's reach. */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const texts = i18next.createInstance();
beforeAll(async () => {
  await texts.init({
    resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
    lng: 'zh-CN',
    interpolation: { escapeValue: false },
  });
});
const say = (lng: 'zh-CN' | 'en-US', reply: Parameters<typeof shownTotal>[0], exact?: number) => {
  const total = shownTotal(reply, exact);
  if (!total) return '';
  const { key, n } = totalText(total);
  return texts.t(key, { n, lng });
};

describe('the total the toolbar shows', () => {
  it('a capped total reads "共 10,000+ 条" / "10,000+ items"', () => {
    const capped = { totalCount: LIST_TOTAL_CAP, totalCapped: true };
    expect(say('zh-CN', capped)).toBe('共 10,000+ 条');
    expect(say('en-US', capped)).toBe('10,000+ items');
  });

  it('an estimated total reads "约 N 条" / "About N items"; past the cap "约 10,000+ 条"', () => {
    const estimate = { totalCount: 4_321, totalEstimated: true };
    expect(say('zh-CN', estimate)).toBe('约 4,321 条');
    expect(say('en-US', estimate)).toBe('About 4,321 items');
    const past = { totalCount: LIST_TOTAL_CAP, totalCapped: true, totalEstimated: true };
    expect(say('zh-CN', past)).toBe('约 10,000+ 条');
    expect(say('en-US', past)).toBe('About 10,000+ items');
    expect(say('zh-CN', estimate, 4_400)).toBe('共 4,400 条');
  });

  it('an exact total reads in full, grouped by thousands; the exact count replaces the cap', () => {
    expect(say('zh-CN', { totalCount: 37 })).toBe('共 37 条');
    expect(say('zh-CN', { totalCount: 9_412_345 })).toBe('共 9,412,345 条');
    expect(say('en-US', { totalCount: 1_234 })).toBe('1,234 in total');
    const capped = { totalCount: LIST_TOTAL_CAP, totalCapped: true };
    expect(say('zh-CN', capped, 9_412_345)).toBe('共 9,412,345 条');
    expect(say('zh-CN', undefined)).toBe('');
    expect(say('zh-CN', {})).toBe('');
  });
});

describe('the pager', () => {
  const page = { pageNo: 1, pageSize: 20, rows: 20, hasMore: true };

  it('a capped total offers the pages past the cap up to the offset limit, no further', () => {
    const total = { n: LIST_TOTAL_CAP, capped: true, estimated: false };
    const t = pagerTotal({ ...page, total });
    // every offered page starts at an offset the server serves
    expect(Math.ceil(t / 20)).toBe(lastServedPage(20));
    expect((Math.ceil(t / 20) - 1) * 20).toBeLessThanOrEqual(MAX_LIST_OFFSET);
    expect(Math.ceil(t / 20) * 20).toBeGreaterThan(LIST_TOTAL_CAP);
    for (const pageSize of [10, 15, 30, 150]) {
      const pages = Math.ceil(pagerTotal({ ...page, pageSize, total }) / pageSize);
      expect((pages - 1) * pageSize, String(pageSize)).toBeLessThanOrEqual(MAX_LIST_OFFSET);
      expect(pages * pageSize, String(pageSize)).toBeGreaterThan(MAX_LIST_OFFSET);
    }
  });

  it('a small cap: one page past it, more as the pages show more rows', () => {
    const total = { n: 12, capped: true, estimated: false };
    expect(pagerTotal({ ...page, pageSize: 10, rows: 10, total })).toBe(13);
    expect(pagerTotal({ pageNo: 3, pageSize: 10, rows: 10, hasMore: true, total })).toBe(31);
    expect(pagerTotal({ pageNo: 3, pageSize: 10, rows: 4, hasMore: false, total })).toBe(24);
  });

  it('an estimate: its pages, or more when the pages show more rows than it said', () => {
    const total = { n: 30, capped: false, estimated: true };
    expect(pagerTotal({ ...page, total })).toBe(30);
    expect(pagerTotal({ pageNo: 2, pageSize: 20, rows: 20, hasMore: true, total })).toBe(41);
    expect(pagerTotal({ pageNo: 1, pageSize: 20, rows: 3, hasMore: false, total })).toBe(30);
  });

  it('an exact total: its pages, bounded by the offset limit', () => {
    expect(pagerTotal({ ...page, total: { n: 37, capped: false, estimated: false } })).toBe(37);
    expect(pagerTotal({ ...page, total: { n: 9_412_345, capped: false, estimated: false } })).toBe(
      lastServedPage(20) * 20,
    );
    expect(pagerTotal({ ...page, pageNo: 2, rows: 5, hasMore: false, total: undefined })).toBe(25);
  });
});

describe('ListToolbar', () => {
  const mount = mountEach();
  let host: HTMLElement;
  const show = (props: Partial<Parameters<typeof ListToolbar>[0]>) => {
    host = mount(
      <ListToolbar
        total={undefined}
        selectedCount={0}
        refreshing={false}
        onRefresh={() => undefined}
        onSettings={() => undefined}
        {...props}
      />,
    );
  };
  const exactButton = () => host.querySelector<HTMLButtonElement>('[data-testid="exact-total"]');

  it('capped: "共 10,000+ 条" and a real button named 精确计数 that asks for the count', () => {
    const onExactTotal = vi.fn();
    show({ total: { n: LIST_TOTAL_CAP, capped: true, estimated: false }, onExactTotal });
    expect(host.querySelector('[data-testid="list-total"]')?.textContent).toBe('共 10,000+ 条');
    const button = exactButton();
    expect(button?.tagName).toBe('BUTTON');
    expect(button?.textContent?.replace(/\s/g, '')).toBe('精确计数');
    act(() => button?.click());
    expect(onExactTotal).toHaveBeenCalledTimes(1);
  });

  it('estimated: "约 4,321 条" and the button for the exact count', () => {
    const onExactTotal = vi.fn();
    show({ total: { n: 4_321, capped: false, estimated: true }, onExactTotal });
    expect(host.querySelector('[data-testid="list-total"]')?.textContent).toBe('约 4,321 条');
    act(() => exactButton()?.click());
    expect(onExactTotal).toHaveBeenCalledTimes(1);
  });

  it('exact: the figure alone, no button', () => {
    show({
      total: { n: 9_412_345, capped: false, estimated: false },
      onExactTotal: () => undefined,
    });
    expect(host.querySelector('[data-testid="list-total"]')?.textContent).toBe('共 9,412,345 条');
    expect(exactButton()).toBeNull();
  });
});
