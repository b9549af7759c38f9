import { sql } from 'kysely';
import type { Db } from '../../../context';

/**
 * Which of a keyword's bigrams the search index is asked for. An order containing the keyword
 * contains every one of its bigrams, but the index need not be asked for all of them: the
 * substring test confirms each candidate anyway. A lookup costs the posting lists it reads and
 * a fetch and test of every candidate they leave: a very common bigram's list is long ("号院",
 * in 28 % of ten million orders, took most of a 51 ms lookup: docs/performance.md, "Fourteenth
 * session at 10M"), while one of a few per cent that stands apart from the rare ones cuts the
 * candidates many times over. So bigrams the column statistics know to be frequent (in more
 * than FREQUENT_BIGRAM of the orders) are left out when at least two rarer ones remain. The
 * keyword is still cut by the SQL function the index uses (`hotline_bigrams`), so the two never
 * tokenise differently; leaving a bigram out only widens the candidates, never loses a match.
 */

/**
 * A bigram in more than this share of orders is left out of a lookup when rarer ones remain.
 * Ten per cent, not five: a bigram of 6–8 % standing apart from the rare ones (the "7号" of
 * "新华坊17号楼", the "3号" of "松林村3号院") cut the candidates 3–11 times at ten million orders
 * for a few milliseconds of posting list (docs/performance.md, "Nineteenth session").
 */
export const FREQUENT_BIGRAM = 0.1;
/** Fewest bigrams a lookup keeps (all of them, when the keyword has no more). */
const KEEP_AT_LEAST = 2;
/** How long a node keeps the statistics' frequencies (ANALYZE changes them rarely). */
const FREQUENCIES_TTL_MS = 10 * 60_000;

const frequencies = new WeakMap<Db, { at: number; map: Promise<ReadonlyMap<string, number>> }>();

/**
 * The frequent elements of the search index's expression and their share of rows, as ANALYZE
 * sampled them (`pg_stats.most_common_elems` of `order_search_keys_idx`); empty before the
 * first ANALYZE. An element not listed is rarer than every listed one.
 */
async function readFrequencies(db: Db): Promise<ReadonlyMap<string, number>> {
  const { rows } = await sql<{ e: string; f: number }>`
    SELECT m.e, m.f
      FROM pg_stats s,
           unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS m(e, f)
     WHERE s.schemaname = current_schema() AND s.tablename = 'order_search_keys_idx'
       AND m.e IS NOT NULL`.execute(db);
  return new Map(rows.map((r) => [r.e, Number(r.f)]));
}

/** The frequencies, read at most once per FREQUENCIES_TTL_MS per database. */
export function bigramFrequencies(db: Db, now = Date.now()): Promise<ReadonlyMap<string, number>> {
  const held = frequencies.get(db);
  if (held && now - held.at < FREQUENCIES_TTL_MS) return held.map;
  const map = readFrequencies(db).catch(() => new Map<string, number>());
  frequencies.set(db, { at: now, map });
  return map;
}

/**
 * The bigrams to look up, rarest first: those in at most FREQUENT_BIGRAM of the orders (an
 * unlisted one counts as rare), and at least the KEEP_AT_LEAST rarest whatever their share;
 * given the keyword, with two that do not overlap in it where it has them (withApartPair).
 */
export function lookupBigrams(
  bigrams: readonly string[],
  frequency: ReadonlyMap<string, number>,
  keyword?: string,
): string[] {
  const share = (b: string) => frequency.get(b) ?? 0;
  const rarestFirst = [...new Set(bigrams)].sort((a, b) => share(a) - share(b));
  const rare = rarestFirst.filter((b) => share(b) <= FREQUENT_BIGRAM);
  const chosen = rare.length >= KEEP_AT_LEAST ? rare : rarestFirst.slice(0, KEEP_AT_LEAST);
  return keyword === undefined ? chosen : withApartPair(chosen, rarestFirst, keyword.toLowerCase());
}

/**
 * Two bigrams that overlap in the keyword (松林 and 林村 of 松林村) are one three-character piece:
 * nearly every order holding one holds the other, so together they narrow the candidates
 * little. "松林村123号院" at ten million orders: 林村 and 松林, its only rare bigrams, are in
 * 146,591 orders for 644 matches; the lookup's bitmap went lossy and took 44 s over all history,
 * 5.2 s for weeks 27–104 — with 3号 (8 % of orders) added, 0.36 s and 0.28 s (docs/performance.md,
 * "Sixteenth session"). So when no two chosen bigrams stand apart, the rarest bigram that
 * overlaps none of them is added (when the keyword has one: not in a three-character term).
 */
function withApartPair(chosen: string[], rarestFirst: readonly string[], text: string): string[] {
  const at = (b: string) => text.indexOf(b);
  const apart = (a: string, b: string) => Math.abs(at(a) - at(b)) > 1;
  const placed = chosen.filter((b) => at(b) >= 0);
  if (placed.length === 0 || placed.some((a, i) => placed.slice(i + 1).some((b) => apart(a, b)))) {
    return chosen;
  }
  const extra = rarestFirst.find(
    (b) => !chosen.includes(b) && at(b) >= 0 && placed.every((c) => apart(b, c)),
  );
  return extra === undefined ? chosen : [...chosen, extra];
}

/** The bigrams of `keyword` the search index is asked for (see above). */
export async function searchKeys(db: Db, keyword: string): Promise<string[]> {
  const [cut, frequency] = await Promise.all([
    sql<{ b: string[] | null }>`SELECT hotline_bigrams(lower(${keyword})) AS b`.execute(db),
    bigramFrequencies(db),
  ]);
  return lookupBigrams(cut.rows[0]?.b ?? [], frequency, keyword);
}

/**
 * The share of orders a lookup of `keys` leaves as candidates, as the statistics suggest: the
 * two rarest bigrams standing apart in the keyword taken as independent (at ten million orders
 * 口村 × 6号 predicted 49,500 candidates for 58,305 found, 松林 × 3号 21,000 for 14,983, 新华 ×
 * 7号 15,400 for 12,089). Not more than two: pieces of one address are not independent, and a
 * third factor made the prediction five times too small (前营 × 村2 × 7号: 2,368 for 12,028).
 * A bigram overlapping a rarer chosen one is left out (one piece with it: 松林 and 林村 are both
 * in nearly every order holding 松林村); one the statistics do not list counts as half the
 * rarest listed share. Undefined without statistics.
 */
export function candidateShare(
  keys: readonly string[],
  frequency: ReadonlyMap<string, number>,
  keyword: string,
): number | undefined {
  if (frequency.size === 0) return undefined;
  const unlisted = Math.min(...frequency.values()) / 2;
  const share = (b: string) => frequency.get(b) ?? unlisted;
  const text = keyword.toLowerCase();
  const at = (b: string) => text.indexOf(b);
  const apart: string[] = [];
  for (const b of [...keys].sort((x, y) => share(x) - share(y))) {
    if (at(b) >= 0 && apart.every((c) => Math.abs(at(b) - at(c)) > 1)) apart.push(b);
  }
  return apart.slice(0, 2).reduce((p, b) => p * share(b), 1);
}

/**
 * The share of orders in the posting lists of `keys` together, as the statistics list them (a
 * bigram in 7 % of the orders has a list of that many entries): what a lookup of those bigrams
 * reads in the index, whatever it leaves (search-in-hand.ts). A bigram the statistics do not
 * list counts as half the rarest listed share, as in candidateShare; 0 without statistics.
 */
export function postingShare(
  keys: readonly string[],
  frequency: ReadonlyMap<string, number>,
): number {
  if (frequency.size === 0) return 0;
  const unlisted = Math.min(...frequency.values()) / 2;
  return [...new Set(keys)].reduce((sum, b) => sum + (frequency.get(b) ?? unlisted), 0);
}
