import { z } from 'zod';
import {
  PHRASE_CATEGORIES,
  PHRASE_SCOPES,
  PHRASE_TEXT_MAX,
  type PhraseCategory,
  type PhraseScope,
} from '@hotline/domain';
import { envelope, intField } from './common';
import { endpoint } from './endpoint';

/**
 * Common phrases (常用语): the caller's own and their unit's shared ones, inserted into the long
 * text fields of the actions. Every signed-in user manages their own; the unit's shared ones
 * are managed by administrators and holders of the unit-phrases permission
 * (`canManageUnitPhrases` in the domain). Nobody reads or changes another user's or unit's.
 */

const id = intField((n) => n.positive());
export const phraseText = z
  .string()
  .trim()
  .min(1, 'phrase.textEmpty')
  .max(PHRASE_TEXT_MAX, 'phrase.textTooLong');
export const phraseCategory = z.enum(PHRASE_CATEGORIES as unknown as [PhraseCategory], {
  message: 'phrase.category',
});
export const phraseScope = z.enum(PHRASE_SCOPES as unknown as [PhraseScope], {
  message: 'phrase.scope',
});
const sort = intField((n) => n.min(0).max(9999));

export const phrase = z.object({
  id: z.number().int(),
  scope: phraseScope,
  category: phraseCategory,
  text: z.string(),
  sort: z.number().int(),
  updatedAt: z.string(),
});
export type Phrase = z.infer<typeof phrase>;

export const phraseListBody = z.object({
  /** Only the phrases offered for this field ('any' = all of them). */
  category: phraseCategory.optional(),
});
export const phraseListResponse = envelope(
  z.object({
    mine: z.array(phrase),
    unit: z.array(phrase),
    unitName: z.string(),
    /** The caller may create, change and delete the unit's shared phrases. */
    canManageUnit: z.boolean(),
  }),
);
export const phraseCreateBody = z.object({
  scope: phraseScope.default('user'),
  category: phraseCategory.default('any'),
  text: phraseText,
  sort: sort.optional(),
});
export const phraseUpdateBody = z.object({
  id,
  category: phraseCategory.optional(),
  text: phraseText.optional(),
  sort: sort.optional(),
});
export const phraseDeleteBody = z.object({ id });
export const phraseResponse = envelope(phrase);
export const phraseDeleteResponse = envelope(z.object({ id: z.number().int() }));

const tags = ['common phrases'];

export const phraseEndpoints = {
  listPhrases: endpoint({
    method: 'POST',
    paths: ['/phrase/list'],
    summary: "Your phrases and your unit's shared ones (optionally those offered for a category)",
    tags,
    access: 'user',
    body: phraseListBody,
    response: phraseListResponse,
  }),
  createPhrase: endpoint({
    idempotent: true,
    method: 'POST',
    paths: ['/phrase/create'],
    summary: 'Add a phrase of your own, or one your unit shares (unit-phrase managers)',
    tags,
    access: 'user',
    body: phraseCreateBody,
    response: phraseResponse,
  }),
  updatePhrase: endpoint({
    method: 'POST',
    paths: ['/phrase/update'],
    summary: "Change a phrase's text, category or order (yours, or your unit's if you manage them)",
    tags,
    access: 'user',
    body: phraseUpdateBody,
    response: phraseResponse,
  }),
  deletePhrase: endpoint({
    method: 'POST',
    paths: ['/phrase/delete'],
    summary: "Delete a phrase (yours, or your unit's if you manage them)",
    tags,
    access: 'user',
    body: phraseDeleteBody,
    response: phraseDeleteResponse,
  }),
};
