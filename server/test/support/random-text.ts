/**
 * Random text for the tests that hold an XML writer to a reference (xml-bytes, Open311's
 * escaping): a repeatable sequence and an alphabet that reaches every branch.
 */

/** A deterministic pseudo-random sequence (mulberry32). */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Characters that test every branch: ASCII, markup, controls, 2- and 3-byte, surrogates. */
const ALPHABET = [
  'a',
  'Z',
  ' ',
  '?',
  '~',
  '\u007f',
  '&',
  '<',
  '>',
  '"',
  "'",
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u0001',
  '\u000b',
  '\u001f',
  'é',
  'ß',
  '\u07ff',
  '\u0800',
  '工',
  '单',
  '\u3000',
  '\ud7ff',
  '\ue000',
  '\ufffd',
  '\ufffe',
  '\uffff',
  '😀',
  '\ud83d', // a lone high surrogate
  '\ude00', // a lone low surrogate
];

export function randomText(next: () => number, max: number): string {
  const n = Math.floor(next() * max);
  let s = '';
  for (let i = 0; i < n; i++) s += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return s;
}
