/** Cell helpers of the XLSX writer: column letters, white space at the edges, dates. */

const CHINA_OFFSET_MS = 8 * 3_600_000;
/** 1970-01-01 as an Excel serial day. */
export const EXCEL_EPOCH_DAYS = 25_569;
const DAY_MS = 86_400_000;

/** A cell's value. A number in a `datetime` column is an instant in epoch milliseconds. */
export type CellValue = string | number | Date | null | undefined;

/** Excel's own limit per cell. */
export const MAX_CELL_CHARS = 32_767;

/** Column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** JavaScript's `\s` (what `/^\s|\s$/` tested), by code unit: no regular expression per cell. */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Text with leading or trailing white space keeps it only with xml:space="preserve". */
export function edgeSpace(text: string): boolean {
  return isSpace(text.charCodeAt(0)) || isSpace(text.charCodeAt(text.length - 1));
}

/** `edgeSpace` of the non-empty text held as code units in `chars[from..to)`. */
export function edgeSpaceIn(chars: Uint16Array, from: number, to: number): boolean {
  return isSpace(chars[from]!) || isSpace(chars[to - 1]!);
}

/**
 * An instant (epoch milliseconds) as an Excel serial date in China time (UTC+8, no daylight
 * saving: what the people reading these sheets see on their clocks; Excel dates carry no zone).
 */
export function excelSerial(ms: number): number {
  return (ms + CHINA_OFFSET_MS) / DAY_MS + EXCEL_EPOCH_DAYS;
}

/**
 * How the sheets write an instant (epoch milliseconds): its Excel serial day, then the day's
 * fraction in billionths (86 µs: every millisecond reads back as itself), as
 * `serialText` prints it. Printing the double `excelSerial` gives (`String(n)`: up to 17
 * shortest round-trip digits) was most of the XLSX worker's number printing; these are two
 * integers. Days before 1970 are not written this way (`serialDay` < EXCEL_EPOCH_DAYS: the
 * writers print `excelSerial` instead).
 */
export function serialDay(ms: number): number {
  return Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS) + EXCEL_EPOCH_DAYS;
}

/** The day's fraction of `serialDay`, in billionths of a day (0 ≤ n < 10⁹). */
export function serialBillionths(ms: number): number {
  const local = ms + CHINA_OFFSET_MS;
  const ofDay = local - Math.floor(local / DAY_MS) * DAY_MS;
  return Math.round((ofDay * 10_000) / 864);
}

/** An instant as the text of its Excel serial date: `46355.395833333` (no trailing zeros). */
export function serialText(ms: number): string {
  const day = serialDay(ms);
  if (day < EXCEL_EPOCH_DAYS) return String(excelSerial(ms));
  const f = serialBillionths(ms);
  if (f === 0) return String(day);
  return `${day}.${String(f).padStart(9, '0').replace(/0+$/, '')}`;
}
