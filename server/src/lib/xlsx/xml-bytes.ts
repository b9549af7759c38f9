import { EXCEL_EPOCH_DAYS, excelSerial, serialBillionths, serialDay } from './cells';

/**
 * XML written straight into a byte buffer as UTF-8, for the sheet's rows: building each row as
 * a string and encoding it cost a string piece per markup fragment, the join of those pieces
 * and the encoding pass (with their garbage, over half of the XLSX worker's time). Markup is
 * ASCII and copied from pre-encoded bytes; text is escaped and encoded in one pass.
 *
 * The bytes are exactly those of `Buffer.from(xmlText(s), 'utf8')` (below): characters
 * XML 1.0 does not allow are dropped, `& < > "` become entities, a lone surrogate becomes
 * U+FFFD as Node's encoder writes it.
 */

/** Bytes one UTF-16 unit can need at most here (`"` → `&quot;`). */
export const MAX_BYTES_PER_CHAR = 6;

/** A string's bytes (ASCII markup). */
export function ascii(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x7f) throw new Error(`not ASCII: ${s}`);
    out[i] = c;
  }
  return out;
}

/** Copies pre-encoded bytes; returns the end. */
export function putBytes(buf: Uint8Array, at: number, bytes: Uint8Array): number {
  const n = bytes.length;
  if (n > 32) {
    buf.set(bytes, at);
    return at + n;
  }
  for (let i = 0; i < n; i++) buf[at + i] = bytes[i]!;
  return at + n;
}

/** A whole number ≥ 0 below 2^53, in decimal; returns the end. */
export function putUint(buf: Uint8Array, at: number, n: number): number {
  if (n < 10) {
    buf[at] = 48 + n;
    return at + 1;
  }
  let digits = 1;
  for (let p = 10; p <= n; p *= 10) digits++;
  const end = at + digits;
  for (let i = end - 1; i >= at; i--) {
    const q = Math.floor(n / 10);
    buf[i] = 48 + (n - q * 10);
    n = q;
  }
  return end;
}

/** An instant (epoch milliseconds) as `serialText` prints it (cells.ts); returns the end. */
export function putSerial(buf: Uint8Array, at: number, ms: number): number {
  const day = serialDay(ms);
  if (day < EXCEL_EPOCH_DAYS) return putNumber(buf, at, excelSerial(ms));
  at = putUint(buf, at, day);
  let f = serialBillionths(ms);
  if (f === 0) return at;
  buf[at++] = 46; // .
  let width = 9;
  while (f % 10 === 0) {
    f /= 10;
    width--;
  }
  for (let p = 10 ** (width - 1); p > f; p /= 10) buf[at++] = 48; // leading zeros
  return putUint(buf, at, f);
}

/** A number as JavaScript prints it (`String(n)`); returns the end. */
export function putNumber(buf: Uint8Array, at: number, n: number): number {
  if (Number.isSafeInteger(n) && !Object.is(n, -0)) {
    if (n >= 0) return putUint(buf, at, n);
    buf[at] = 45; // -
    return putUint(buf, at + 1, -n);
  }
  const s = String(n);
  for (let i = 0; i < s.length; i++) buf[at + i] = s.charCodeAt(i);
  return at + s.length;
}

const AMP = ascii('&amp;');
const LT = ascii('&lt;');
const GT = ascii('&gt;');
const QUOT = ascii('&quot;');

/**
 * Text escaped for XML and encoded as UTF-8, from its UTF-16 code units `chars[from..to)`;
 * returns the end. Text with a character XML does not allow (rare: it is dropped, which may
 * join the surrogates around it) is escaped as a string first and then encoded.
 */
export function putChars(
  buf: Uint8Array,
  start: number,
  chars: Uint16Array,
  from: number,
  to: number,
): number {
  let at = start;
  for (let i = from; i < to; i++) {
    const c = chars[i]!;
    if (c < 0x80) {
      if (c >= 0x3f || (c >= 0x20 && c !== 0x22 && c !== 0x26 && c !== 0x3c && c !== 0x3e)) {
        buf[at++] = c;
      } else if (c === 0x26) {
        at = putBytes(buf, at, AMP);
      } else if (c === 0x3c) {
        at = putBytes(buf, at, LT);
      } else if (c === 0x3e) {
        at = putBytes(buf, at, GT);
      } else if (c === 0x22) {
        at = putBytes(buf, at, QUOT);
      } else if (c === 0x09 || c === 0x0a || c === 0x0d) {
        buf[at++] = c;
      } else {
        return putEscapedString(buf, start, stringOf(chars, from, to));
      }
    } else if (c < 0x800) {
      buf[at++] = 0xc0 | (c >> 6);
      buf[at++] = 0x80 | (c & 0x3f);
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < to ? chars[i + 1]! : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        buf[at++] = 0xf0 | (cp >> 18);
        buf[at++] = 0x80 | ((cp >> 12) & 0x3f);
        buf[at++] = 0x80 | ((cp >> 6) & 0x3f);
        buf[at++] = 0x80 | (cp & 0x3f);
        i++;
      } else {
        // a lone surrogate: U+FFFD, as Buffer.write encodes it
        buf[at++] = 0xef;
        buf[at++] = 0xbf;
        buf[at++] = 0xbd;
      }
    } else if (c < 0xfffe) {
      buf[at++] = 0xe0 | (c >> 12);
      buf[at++] = 0x80 | ((c >> 6) & 0x3f);
      buf[at++] = 0x80 | (c & 0x3f);
    } else {
      return putEscapedString(buf, start, stringOf(chars, from, to));
    }
  }
  return at;
}

/** Code units back as a string (the rare text with a character XML does not allow). */
function stringOf(chars: Uint16Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i += 4096) {
    s += String.fromCharCode(...chars.subarray(i, Math.min(to, i + 4096)));
  }
  return s;
}

// Characters XML 1.0 does not allow at all are dropped; the markup ones are escaped.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/** Text escaped for XML, as a string (the header row, shared strings, and the reference for `putChars`). */
export function xmlText(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return s;
  return s
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function putEscapedString(buf: Uint8Array, at: number, s: string): number {
  return at + Buffer.from(buf.buffer, buf.byteOffset, buf.length).write(xmlText(s), at, 'utf8');
}
