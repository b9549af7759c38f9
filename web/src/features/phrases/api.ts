import { queryOptions } from '@tanstack/react-query';
import type { EndpointData, EndpointInput } from '@hotline/contract';
import { phraseEndpoints } from '@hotline/contract/client';
import type { PhraseCategory } from '@hotline/domain';
import { call } from '../../lib/api-client';

/** Calls of the common phrases (常用语, docs/api.md "Common phrases"). */

export type PhraseList = EndpointData<typeof phraseEndpoints.listPhrases>;
export type Phrase = PhraseList['mine'][number];
export type PhraseCreate = EndpointInput<typeof phraseEndpoints.createPhrase>;
export type PhraseUpdate = EndpointInput<typeof phraseEndpoints.updatePhrase>;

/** Every phrase query starts with this (a change invalidates them all). */
export const phrasesKey = ['phrases'] as const;

/** The caller's and their unit's phrases; with `category`, those offered for that field. */
export const phrasesQuery = (category?: PhraseCategory) =>
  queryOptions({
    queryKey: [...phrasesKey, category ?? 'all'],
    queryFn: ({ signal }) =>
      call(phraseEndpoints.listPhrases, category ? { category } : {}, { signal, noError: true }),
    staleTime: 60_000,
  });

export const createPhrase = (input: PhraseCreate) =>
  call(phraseEndpoints.createPhrase, input, { noError: true });
export const updatePhrase = (input: PhraseUpdate) =>
  call(phraseEndpoints.updatePhrase, input, { noError: true });
export const deletePhrase = (id: number) =>
  call(phraseEndpoints.deletePhrase, { id }, { noError: true });
