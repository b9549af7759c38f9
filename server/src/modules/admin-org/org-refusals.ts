import {
  translate,
  UNIT_KIND_NAMES,
  type Lang,
  type MessageKey,
  type MessageParams,
  type UnitKind,
} from '@hotline/domain';

/**
 * Pieces of the org administration's refusals: a message in both languages as one parameter
 * of another ("cannot disable X: it still has 3 enabled users, 2 open orders"), counts capped
 * where counting everything would be slow, and the database errors a write may still meet.
 */

type Both = Record<Lang, string>;

/** A message in both languages, for use as a parameter (the error handler picks one). */
export function both(key: MessageKey, params: MessageParams = {}): Both {
  return { zh: translate(key, 'zh', params), en: translate(key, 'en', params) };
}

/** Several messages as one parameter: "a、b" in Chinese, "a, b" in English. */
export function joined(parts: readonly Both[]): Both {
  return {
    zh: parts.map((p) => p.zh).join('、'),
    en: parts.map((p) => p.en).join(', '),
  };
}

/** A kind, or a list of kinds, by name in both languages. */
export function kindNames(kinds: readonly string[]): Both {
  return joined(kinds.map((k) => UNIT_KIND_NAMES[k as UnitKind] ?? { zh: k, en: k }));
}

/** Counts stop here: a refusal says "1000+" rather than count a big unit's whole history. */
export const COUNT_CAP = 1000;

export const shownCount = (n: number): string => (n > COUNT_CAP ? `${COUNT_CAP}+` : String(n));

/** The constraint a PostgreSQL error names, when the error is of `code` (23503, 23505, …). */
export function pgConstraint(error: unknown, code: string): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; constraint?: unknown };
  if (e.code !== code) return null;
  return typeof e.constraint === 'string' ? e.constraint : '';
}
