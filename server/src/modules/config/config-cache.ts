import type { AppContext } from '../../context';
import type { MenuRow } from '../../db/schema';
import { getValues } from './config.repository';

/**
 * The configuration and the menu table, read on nearly every request (every list, count and
 * menu call) and changed by an administrator a few times a year. Each node keeps them for
 * `settings.configCacheMs` (CONFIG_CACHE_MS, default 5 s): a change made on this node is
 * seen at once (the writes call `forgetConfig`), on the other nodes within that time.
 * 0 turns the cache off (tests, which change configuration directly in the database).
 */
interface Entry<T> {
  until: number;
  value: Promise<T>;
}

const caches = new WeakMap<object, Map<string, Entry<unknown>>>();

export function cached<T>(ctx: AppContext, key: string, load: () => Promise<T>): Promise<T> {
  const ttl = ctx.settings.configCacheMs;
  if (ttl <= 0) return load();
  let cache = caches.get(ctx.db);
  if (!cache) caches.set(ctx.db, (cache = new Map()));
  const hit = cache.get(key) as Entry<T> | undefined;
  const now = Date.now();
  if (hit && hit.until > now) return hit.value;
  const value = load();
  const entry: Entry<T> = { until: now + ttl, value };
  cache.set(key, entry);
  // A failed read is not kept: the next request tries again.
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}

/** The values of one configuration group (name → value). */
export function configValues(ctx: AppContext, group: string): Promise<Record<string, string>> {
  return cached(ctx, `config:${group}`, () => getValues(ctx.db, group));
}

/** Every menu entry, in menu order. */
export function menuRows(ctx: AppContext): Promise<MenuRow[]> {
  return cached(ctx, 'menus', () =>
    ctx.db.selectFrom('menus').selectAll().orderBy('sort').orderBy('id').execute(),
  );
}

/** After a committed configuration or menu change on this node. */
export function forgetConfig(ctx: AppContext): void {
  caches.delete(ctx.db);
}
