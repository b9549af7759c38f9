import { open, readFile } from 'node:fs/promises';

/**
 * Content sniffing: the first bytes must be what the extension claims, so a renamed program
 * (or a document renamed to another document type) is refused. The checks are the published
 * signatures of each format; nothing here parses a document beyond the zip directory.
 */

export type SniffRefusal = 'executable' | 'mismatch' | 'text';

const HEAD_BYTES = 64;

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Windows PE (MZ), ELF, Mach-O (both byte orders, fat) and scripts with a #! line. */
export function looksExecutable(head: Buffer): boolean {
  return (
    startsWith(head, ascii('MZ')) ||
    startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) ||
    startsWith(head, ascii('#!')) ||
    startsWith(head, [0xfe, 0xed, 0xfa, 0xce]) ||
    startsWith(head, [0xfe, 0xed, 0xfa, 0xcf]) ||
    startsWith(head, [0xce, 0xfa, 0xed, 0xfe]) ||
    startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith(head, [0xca, 0xfe, 0xba, 0xbe])
  );
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const isoMedia = (head: Buffer) => startsWith(head, ascii('ftyp'), 4);

/** Signature checks of the formats that have one (text and zip documents are checked whole). */
const SIGNATURES: Readonly<Record<string, (head: Buffer) => boolean>> = {
  png: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  pdf: (h) => startsWith(h, ascii('%PDF-')),
  doc: (h) => startsWith(h, OLE2),
  xls: (h) => startsWith(h, OLE2),
  docx: (h) => startsWith(h, ZIP),
  xlsx: (h) => startsWith(h, ZIP),
  // An ID3 tag, or straight into an MPEG audio frame (11 sync bits set).
  mp3: (h) => startsWith(h, ascii('ID3')) || (h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0),
  m4a: isoMedia,
  mp4: isoMedia,
  m4e: isoMedia,
  wav: (h) => startsWith(h, ascii('RIFF')) && startsWith(h, ascii('WAVE'), 8),
  txt: () => true,
};

/** The part of an OOXML package that names its kind. */
const OOXML_PART: Readonly<Record<string, string>> = { docx: 'word/', xlsx: 'xl/' };

export async function sniffFile(
  path: string,
  extension: string,
  size: number,
): Promise<SniffRefusal | null> {
  const head = await readRange(path, 0, Math.min(size, HEAD_BYTES));
  if (looksExecutable(head)) return 'executable';
  const signature = SIGNATURES[extension];
  if (!signature?.(head)) return 'mismatch';
  if (extension === 'txt') return isCleanUtf8(await readFile(path)) ? null : 'text';
  const part = OOXML_PART[extension];
  if (part) {
    const names = await zipEntryNames(path, size);
    const ok =
      names !== null &&
      names.includes('[Content_Types].xml') &&
      names.some((n) => n.startsWith(part));
    return ok ? null : 'mismatch';
  }
  return null;
}

/** Valid UTF-8 (a BOM is fine) with no NUL byte: what a text attachment must be. */
export function isCleanUtf8(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

async function readRange(path: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;

/**
 * Entry names from a zip's central directory (read from the end, as unzip does), or null when
 * the file is not a well-formed zip. Zip64 archives are not needed at 20 MB and count as
 * malformed.
 */
export async function zipEntryNames(path: string, size: number): Promise<string[] | null> {
  if (size < EOCD_MIN) return null;
  const tailLength = Math.min(size, EOCD_MIN + 0xffff);
  const tail = await readRange(path, size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - EOCD_MIN; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  if (directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > size) return null;
  const directory = await readRange(path, directoryOffset, directorySize);
  const names: string[] = [];
  let at = 0;
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    if (at + 46 + nameLength > directory.length) return null;
    names.push(directory.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
