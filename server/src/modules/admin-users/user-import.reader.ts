import ExcelJS from 'exceljs';
import { USER_IMPORT_MAX_ROWS } from '@hotline/contract';
import { badRequest } from '../../http/app-error';
import { columnLabel, columnOfHeader, IMPORT_COLUMNS, type ColumnKey } from './user-import.columns';

/** One filled row of the import file: its row number as the spreadsheet shows it, and its cells. */
export interface RawRow {
  row: number;
  cells: Record<ColumnKey, string>;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function cellText(cell: ExcelJS.Cell): string {
  try {
    return cell.text.replace(/\u00a0/g, ' ').trim();
  } catch {
    return '';
  }
}

/**
 * Reads the first sheet of an XLSX file: the first filled row is the header (columns found by
 * their names), every later row with anything in our columns is a user. Refuses (400) a file
 * that is not XLSX, lacks a required column, holds no user or more than USER_IMPORT_MAX_ROWS.
 */
export async function readImportFile(file: Buffer): Promise<RawRow[]> {
  if (file.length < ZIP_MAGIC.length || !file.subarray(0, 4).equals(ZIP_MAGIC))
    throw badRequest('userImport.notXlsx');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badRequest('userImport.notXlsx');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw badRequest('userImport.notXlsx');

  let columns: Map<number, ColumnKey> | null = null;
  const rows: RawRow[] = [];
  let filled = 0;
  let sawRow = false;
  sheet.eachRow((row, rowNumber) => {
    sawRow = true;
    if (!columns) {
      const found = new Map<number, ColumnKey>();
      row.eachCell((cell, col) => {
        const key = columnOfHeader(cellText(cell));
        if (key && ![...found.values()].includes(key)) found.set(col, key);
      });
      if (found.size > 0) columns = found;
      return;
    }
    const cells = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.key, ''])) as Record<
      ColumnKey,
      string
    >;
    for (const [col, key] of columns) cells[key] = cellText(row.getCell(col));
    if (Object.values(cells).every((v) => v === '')) return;
    filled += 1;
    // Past the limit only the count matters (for the message).
    if (filled <= USER_IMPORT_MAX_ROWS) rows.push({ row: rowNumber, cells });
  });
  const found = [...((columns as Map<number, ColumnKey> | null)?.values() ?? [])];
  if (!sawRow) throw badRequest('userImport.empty');
  const missing = IMPORT_COLUMNS.find((c) => c.required && !found.includes(c.key));
  if (missing) {
    const label = columnLabel(missing.key);
    throw badRequest('userImport.missingColumn', {
      column: { zh: missing.header, en: `${label.en} (${missing.zh})` },
    });
  }
  if (filled === 0) throw badRequest('userImport.empty');
  if (filled > USER_IMPORT_MAX_ROWS)
    throw badRequest('userImport.tooManyRows', { max: USER_IMPORT_MAX_ROWS, count: filled });
  return rows;
}
