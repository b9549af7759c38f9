import type { z } from 'zod';
import type { Phrase, phraseCreateBody, phraseListBody, phraseUpdateBody } from '@hotline/contract';
import {
  canManageUnitPhrases,
  PHRASE_CATEGORIES,
  PHRASES_PER_OWNER_MAX,
  phraseOffered,
  type PhraseCategory,
} from '@hotline/domain';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import type { AuthContext } from '../auth/auth-context';
import * as repo from './phrase.repository';

/**
 * Common phrases (常用语). Row scope: a user reads and changes only their own phrases and reads
 * their own unit's shared ones; the shared ones are changed only by those who manage them
 * (`canManageUnitPhrases`). A phrase of someone else's answers 404, as if it did not exist.
 */

const present = (row: repo.PhraseRow): Phrase => ({
  id: row.id,
  scope: row.scope,
  category: row.category as PhraseCategory,
  text: row.text,
  sort: row.sort,
  updatedAt: new Date(row.updated_at).toISOString(),
});

const mineOf = (actor: AuthContext): repo.PhraseOwner => ({ scope: 'user', userId: actor.userId });
const unitOf = (actor: AuthContext): repo.PhraseOwner => ({
  scope: 'unit',
  unitId: actor.unit.id,
});

export async function listPhrases(
  ctx: AppContext,
  actor: AuthContext,
  body: z.output<typeof phraseListBody>,
) {
  const field = body.category;
  const categories = field ? PHRASE_CATEGORIES.filter((c) => phraseOffered(c, field)) : undefined;
  const [mine, unit] = await Promise.all([
    repo.listPhrases(ctx.db, mineOf(actor), categories),
    repo.listPhrases(ctx.db, unitOf(actor), categories),
  ]);
  return {
    mine: mine.map(present),
    unit: unit.map(present),
    unitName: actor.unit.name,
    canManageUnit: canManageUnitPhrases(actor.acl),
  };
}

/** The owner `scope` names for this actor, refused when they may not manage it. */
function ownerFor(actor: AuthContext, scope: 'user' | 'unit'): repo.PhraseOwner {
  if (scope === 'user') return mineOf(actor);
  if (!canManageUnitPhrases(actor.acl)) throw forbidden('phrase.unitForbidden');
  return unitOf(actor);
}

export async function createPhrase(
  ctx: AppContext,
  actor: AuthContext,
  body: z.output<typeof phraseCreateBody>,
): Promise<Phrase> {
  const owner = ownerFor(actor, body.scope);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await repo.lockOwner(trx, owner);
    if ((await repo.countPhrases(trx, owner)) >= PHRASES_PER_OWNER_MAX) {
      throw badRequest('phrase.tooMany', { max: PHRASES_PER_OWNER_MAX });
    }
    return repo.insertPhrase(trx, owner, {
      category: body.category,
      text: body.text,
      sort: body.sort ?? (await repo.nextSort(trx, owner)),
      createdBy: actor.userId,
      now: ctx.now(),
    });
  });
  return present(row);
}

/**
 * Loads a phrase the actor may change: their own, or their unit's when they manage it. Another
 * user's or unit's answers 404; their own unit's without the right answers 403.
 */
async function ownPhrase(db: AppContext['db'], actor: AuthContext, id: number) {
  const row = await repo.findPhraseForUpdate(db, id);
  const visible =
    row &&
    ((row.scope === 'user' && row.user_id === actor.userId) ||
      (row.scope === 'unit' && row.unit_id === actor.unit.id));
  if (!row || !visible) throw notFound('phrase.notFound');
  if (row.scope === 'unit' && !canManageUnitPhrases(actor.acl)) {
    throw forbidden('phrase.unitForbidden');
  }
  return row;
}

export async function updatePhrase(
  ctx: AppContext,
  actor: AuthContext,
  body: z.output<typeof phraseUpdateBody>,
): Promise<Phrase> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    await ownPhrase(trx, actor, body.id);
    const changes: Parameters<typeof repo.updatePhrase>[2] = { now: ctx.now() };
    if (body.category !== undefined) changes.category = body.category;
    if (body.text !== undefined) changes.text = body.text;
    if (body.sort !== undefined) changes.sort = body.sort;
    return repo.updatePhrase(trx, body.id, changes);
  });
  return present(row);
}

export async function deletePhrase(
  ctx: AppContext,
  actor: AuthContext,
  id: number,
): Promise<{ id: number }> {
  await ctx.db.transaction().execute(async (trx) => {
    await ownPhrase(trx, actor, id);
    await repo.deletePhrase(trx, id);
  });
  return { id };
}
