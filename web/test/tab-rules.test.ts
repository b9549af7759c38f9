import { describe, expect, it } from 'vitest';
import {
  applyTabAction,
  closableActions,
  MAX_CACHED_VIEWS,
  tabUrl,
  touchCached,
  type VisitedTab,
} from '../src/features/tabs/tab-rules';

function tab(path: string, query: Record<string, string> = {}): VisitedTab {
  return {
    path,
    name: path,
    query,
    params: {},
    meta: { title: path, titleEn: path, icon: '', menuId: null },
    parentIcon: '',
  };
}

const home = tab('/index');
const [a, b, c] = [tab('/a'), tab('/b'), tab('/c')];
const paths = (tabs: VisitedTab[]) => tabs.map((t) => t.path);

describe('tab rules', () => {
  it('keeps visited routes once, in order, with the latest query', () => {
    let tabs = applyTabAction([], { type: 'visit', tab: a, first: home }, '/a').tabs;
    expect(paths(tabs)).toEqual(['/index', '/a']);
    tabs = applyTabAction(tabs, { type: 'visit', tab: b }, '/b').tabs;
    tabs = applyTabAction(tabs, { type: 'visit', tab: tab('/a', { x: '1' }) }, '/a').tabs;
    expect(paths(tabs)).toEqual(['/index', '/a', '/b']);
    expect(tabs[1]?.query).toEqual({ x: '1' });
    expect(tabUrl(tabs[1] as VisitedTab)).toBe('/a?x=1');
  });

  it('a tab keeps its label (an order number) when its route is visited again', () => {
    const order = { ...tab('/jsjb/order/7'), label: 'ZJ202612010001' };
    let tabs = applyTabAction([home], { type: 'visit', tab: order }, '/jsjb/order/7').tabs;
    tabs = applyTabAction(
      tabs,
      { type: 'visit', tab: tab('/jsjb/order/7', { menuId: 'q' }) },
      '/x',
    ).tabs;
    expect(tabs[1]?.label).toBe('ZJ202612010001');
    expect(tabs[1]?.query).toEqual({ menuId: 'q' });
  });

  it('the first tab cannot be closed', () => {
    const tabs = [home, a, b];
    expect(applyTabAction(tabs, { type: 'close', path: '/index' }, '/a').tabs).toEqual(tabs);
    expect(paths(applyTabAction(tabs, { type: 'closeAll' }, '/a').tabs)).toEqual(['/index']);
    expect(paths(applyTabAction(tabs, { type: 'closeOthers', path: '/b' }, '/b').tabs)).toEqual([
      '/index',
      '/b',
    ]);
  });

  it('close left and close right keep the first tab and the clicked one', () => {
    const tabs = [home, a, b, c];
    expect(paths(applyTabAction(tabs, { type: 'closeLeft', path: '/b' }, '/b').tabs)).toEqual([
      '/index',
      '/b',
      '/c',
    ]);
    expect(paths(applyTabAction(tabs, { type: 'closeRight', path: '/a' }, '/a').tabs)).toEqual([
      '/index',
      '/a',
    ]);
  });

  it('closing the active tab goes to the last remaining tab', () => {
    const result = applyTabAction(
      [home, a, tab('/b', { q: '2' }), c],
      { type: 'close', path: '/c' },
      '/c',
    );
    expect(result.navigateTo).toBe('/b?q=2');
    expect(result.closed).toEqual(['/c']);
  });

  it('closing another tab stays where it is', () => {
    const result = applyTabAction([home, a, b], { type: 'close', path: '/a' }, '/b');
    expect(result.navigateTo).toBeNull();
  });

  it('goes to / when no tab is left', () => {
    const result = applyTabAction([a], { type: 'closeAll' }, '/a');
    // a lone first tab stays (it cannot be closed); with none at all, /
    expect(result.navigateTo).toBeNull();
    expect(applyTabAction([], { type: 'closeAll' }, '/x').navigateTo).toBeNull();
    const onlyOthers = applyTabAction([home, a], { type: 'closeAll' }, '/a');
    expect(onlyOthers.navigateTo).toBe('/index');
  });

  it('says which close actions apply', () => {
    expect(closableActions([home, a, b], '/index')).toEqual({
      close: false,
      closeOthers: true,
      closeLeft: false,
      closeRight: true,
      closeAll: true,
    });
    expect(closableActions([home, a, b], '/b')).toMatchObject({
      close: true,
      closeRight: false,
      closeLeft: true,
    });
  });
});

describe('kept-alive views', () => {
  it('keeps at most 20, evicting the least recently used', () => {
    let cached: string[] = [];
    for (let i = 0; i < 25; i += 1) cached = touchCached(cached, `/p${i}`);
    expect(cached).toHaveLength(MAX_CACHED_VIEWS);
    expect(cached[0]).toBe('/p5');
    cached = touchCached(cached, '/p5');
    expect(cached[cached.length - 1]).toBe('/p5');
    expect(cached[0]).toBe('/p6');
  });
});
