import { PassThrough } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { XlsxStreamWriter, type CellValue, type XlsxColumn } from '../../src/lib/xlsx/writer';

/** Writes rows through the streaming writer and returns the whole file. */
export async function writeXlsxFile(columns: XlsxColumn[], rows: CellValue[][]): Promise<Buffer> {
  const sink = new PassThrough();
  const parts: Buffer[] = [];
  sink.on('data', (c: Buffer) => parts.push(c));
  const writer = new XlsxStreamWriter(sink, columns);
  await writer.start();
  for (const row of rows) {
    const waiting = writer.addRow(row);
    if (waiting) await waiting;
  }
  await writer.finish();
  sink.end();
  return Buffer.concat(parts);
}

/** The parts of a ZIP by name, read through its central directory. */
export function unzip(file: Buffer): Map<string, string> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const compressed = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const extra = file.readUInt16LE(at + 30);
    const comment = file.readUInt16LE(at + 32);
    const local = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    out.set(name, inflateRawSync(file.subarray(dataAt, dataAt + compressed)).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

export async function readBack(file: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]!.eachRow({ includeEmpty: true }, (row, n) => {
    out[n - 1] = (row.values as unknown[]).slice(1);
  });
  return out;
}
