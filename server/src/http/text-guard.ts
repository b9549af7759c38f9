/**
 * Text PostgreSQL cannot store is refused at the door, for every endpoint: a NUL character
 * (PostgreSQL's text has none: "invalid byte sequence for encoding UTF8: 0x00") and an
 * unpaired UTF-16 surrogate (no UTF-8 for it: a `json` column refuses it, a text column would
 * keep U+FFFD instead of what was sent). Without this each such value reached the database and
 * answered 500 on some forty endpoints; now it is a 400 naming the field, before any write.
 */
// (NUL on purpose: PostgreSQL's text cannot hold it)
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (or object key) in `value` that holds unstorable text. */
export function unstorableText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return [...path, key];
    const found = unstorableText(item, [...path, key]);
    if (found) return found;
  }
  return null;
}
