import { describe, expect, it } from 'vitest';
import { MenuFormatError, parseMenu, type MenuNode } from '../src/features/menu/api';
import { SCROLL_CLASS, toMenuItems } from '../src/features/menu/menu-items';
import {
  buildRouteTable,
  homeRoute,
  matchRoute,
  rootOf,
  shownRoot,
} from '../src/features/menu/routes';
import { matchEntries } from '../src/features/search/api';
import { redirectTarget } from '../src/features/auth/components/use-login-success';

function node(
  path: string,
  component: string,
  children: MenuNode[] = [],
  extra: Partial<MenuNode['meta']> = {},
): MenuNode {
  return {
    id: path.length,
    key: path,
    path,
    name: path,
    component,
    meta: {
      title: path,
      titleEn: path,
      icon: '',
      hidden: false,
      menuId: null,
      badge: null,
      ...extra,
    },
    children,
  };
}

const tree = [
  node('/index', 'index/index'),
  node('/g', 'Layout', [
    node('/g/a', 'workorder/queue', [], { menuId: 'qu_a' }),
    node('/g/x', 'no/such'),
  ]),
  node('/jsjb/order/:id', 'workorder/detail', [], { hidden: true }),
];
const known = new Set(['index/index', 'workorder/queue', 'workorder/detail']);
const acl = { admin: false, roles: [], permissions: [] };

describe('menu → routes', () => {
  it('parses the reply and refuses a malformed one', () => {
    expect(parseMenu({ list: tree })).toHaveLength(3);
    expect(() => parseMenu({ list: 'x' })).toThrow(MenuFormatError);
    expect(() => parseMenu({ list: [{ path: 1 }] })).toThrow(MenuFormatError);
    expect(() => parseMenu(null)).toThrow(MenuFormatError);
  });

  it('maps known components to routes; unknown ones are left out (→ /404)', () => {
    const table = buildRouteTable(tree, known, acl);
    expect(table.map((r) => r.path)).toEqual(['/index', '/g/a', '/jsjb/order/:id']);
    expect(matchRoute(table, '/g/x')).toBeNull();
    expect(matchRoute(table, '/nope')).toBeNull();
    expect(matchRoute(table, '/jsjb/order/42')).toMatchObject({ params: { id: '42' } });
    expect(table[1]?.trail.map((c) => c.path)).toEqual(['/g', '/g/a']);
    expect(homeRoute(table)?.path).toBe('/index');
    expect(rootOf(tree, '/g/a')?.path).toBe('/g');
  });

  it('a hidden root keeps the side on the root shown before', () => {
    const g = tree[1]!;
    const hidden = tree[2]!;
    expect(shownRoot(tree, '/g/a', undefined)).toBe(g);
    expect(shownRoot(tree, '/jsjb/order/:id', g)).toBe(g);
    // Nothing shown before (the page opened first), or a root of an older menu: its own.
    expect(shownRoot(tree, '/jsjb/order/:id', undefined)).toBe(hidden);
    expect(shownRoot(tree, '/jsjb/order/:id', node('/g', 'Layout'))).toBe(hidden);
    expect(shownRoot(tree, '/index', g)?.path).toBe('/index');
  });

  it('filters routes by a guard in meta (admin passes)', () => {
    const guarded = [node('/s', 'index/index', [], { guard: ['/only'] } as never)];
    expect(buildRouteTable(guarded, known, acl)).toHaveLength(0);
    expect(buildRouteTable(guarded, known, { ...acl, admin: true })).toHaveLength(1);
  });

  it('a group with more than 18 children scrolls', () => {
    const many = Array.from({ length: 19 }, (_, i) => node(`/m/${i}`, 'workorder/queue'));
    const ctx = { english: false, counts: {}, dots: new Set<string>(), cap: 99 };
    const [group] = toMenuItems([node('/m', 'Layout', many)], ctx) as { className?: string }[];
    expect(group?.className).toBe(SCROLL_CLASS);
    const [small] = toMenuItems([node('/m', 'Layout', many.slice(0, 18))], ctx) as {
      className?: string;
    }[];
    expect(small?.className).toBeUndefined();
  });

  it('search matches menu entries by title or path', () => {
    const entries = [
      { title: '待签收', url: '#/jsjb/district/qu_dqs' },
      { title: 'Home', url: '#/index' },
    ];
    expect(matchEntries(entries, '签收')).toHaveLength(1);
    expect(matchEntries(entries, 'HOME')).toHaveLength(1);
    expect(matchEntries(entries, '')).toHaveLength(2);
  });

  it('login redirects only to console paths', () => {
    expect(redirectTarget('/jsjb/district/qu_dqs?x=1')).toBe('/jsjb/district/qu_dqs?x=1');
    expect(redirectTarget('//evil.example')).toBe('/');
    expect(redirectTarget('https://evil.example')).toBe('/');
    expect(redirectTarget('/login')).toBe('/');
    expect(redirectTarget(null)).toBe('/');
  });
});
