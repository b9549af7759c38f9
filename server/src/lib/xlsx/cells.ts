/** Cell helpers of the XLSX writer: column letters, white space at the edges, dates. */

const CHINA_OFFSET_MS = 8 * 3_600_000;
const EXCEL_EPOCH_DAYS = 25_569; // 1970-01-01 as an Excel serial day

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

/**
 * An instant as an Excel serial date in China time (UTC+8, no daylight saving: what the
 * people reading these sheets see on their clocks; Excel dates carry no zone).
 */
export function excelDate(d: Date): number {
  return excelSerial(d.getTime());
}

/** The same from epoch milliseconds. */
export function excelSerial(ms: number): number {
  return (ms + CHINA_OFFSET_MS) / 86_400_000 + EXCEL_EPOCH_DAYS;
}
