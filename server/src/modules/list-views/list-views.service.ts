import { z } from 'zod';
import { LIST_VIEW_MAX } from '@hotline/domain';
import { listView, type ListView } from '@hotline/contract';
import type { AppContext } from '../../context';
import { badRequest, AppError } from '../../http/app-error';
import { lockViews, readViews, writeViews } from './list-views.repository';

/**
 * Saved list views (我的查询): each user's own, per list, at most LIST_VIEW_MAX, names unique
 * per list (saving under a taken name replaces that view, in its place). Only the owner reads
 * or changes them; a stored value that no longer parses reads as none.
 */

const stored = z.array(listView);

function parse(value: unknown): ListView[] {
  const parsed = stored.safeParse(value);
  return parsed.success ? parsed.data : [];
}

export async function listViews(ctx: AppContext, userId: number, key: string) {
  return { key, views: parse(await readViews(ctx.db, userId, key)) };
}

export async function saveView(
  ctx: AppContext,
  userId: number,
  input: { key: string; name: string; query: Record<string, string> },
) {
  const now = ctx.now();
  const views = await ctx.db.transaction().execute(async (trx) => {
    await lockViews(trx, userId, input.key);
    const views = parse(await readViews(trx, userId, input.key, true));
    const view: ListView = { name: input.name, query: input.query, savedAt: now.toISOString() };
    const at = views.findIndex((v) => v.name === input.name);
    if (at >= 0) views[at] = view;
    else if (views.length >= LIST_VIEW_MAX) {
      throw badRequest('views.tooMany', { max: LIST_VIEW_MAX });
    } else views.push(view);
    await writeViews(trx, userId, input.key, views, now);
    return views;
  });
  return { key: input.key, views };
}

export async function deleteView(
  ctx: AppContext,
  userId: number,
  input: { key: string; name: string },
) {
  const views = await ctx.db.transaction().execute(async (trx) => {
    await lockViews(trx, userId, input.key);
    const views = parse(await readViews(trx, userId, input.key, true));
    const kept = views.filter((v) => v.name !== input.name);
    if (kept.length === views.length) {
      throw new AppError(404, 'views.notFound', { name: input.name });
    }
    await writeViews(trx, userId, input.key, kept, ctx.now());
    return kept;
  });
  return { key: input.key, views };
}
