/**
 * Characters that change how text around them is shown without being seen themselves: bidi
 * controls (U+202E makes "invoice\u202Egpj.txt" read "invoicetxt.jpg"), zero-width characters,
 * the byte-order mark, C0/C1 controls and the line and paragraph separators.
 */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- exactly what is made visible
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/**
 * A name as it may be shown: each invisible character written as its code point, e.g.
 * "invoice[U+202E]gpj.txt". The server refuses such names in new uploads; this is for names
 * stored before it did, or arriving from elsewhere (a city push).
 */
export function visibleText(text: string): string {
  return text.replace(
    INVISIBLE,
    (c) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`,
  );
}
