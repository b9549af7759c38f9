import type { Writable } from 'node:stream';
import type { ExportCellType } from '@hotline/domain';
import { ZipWriter, type EntryWriter } from './zip-writer';

/**
 * A streaming XLSX (SpreadsheetML) writer: one sheet, a bold frozen header row, column widths,
 * typed cells (numbers as numbers, times as real dates in China time, text as inline strings).
 * Rows go straight into the deflate stream of the sheet entry; memory stays flat however many
 * rows are written. Inline strings rather than a shared-string table, because a shared table
 * must be complete before the sheet is — i.e. held in memory.
 */

/** A number in a `datetime` column is an instant in epoch milliseconds. */
export type CellValue = string | number | Date | null | undefined;

export interface XlsxColumn {
  header: string;
  type: ExportCellType;
  width: number;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const CHINA_OFFSET_MS = 8 * 3_600_000;
const EXCEL_EPOCH_DAYS = 25_569; // 1970-01-01 as an Excel serial day

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;
// Styles: 0 default, 1 bold header with a grey fill, 2 date-time, 3 number with up to 2 decimals.
const STYLES = `${XML_HEAD}<styleSheet xmlns="${NS}"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/><numFmt numFmtId="165" formatCode="0.##"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFE8E8E8"/><bgColor indexed="64"/></patternFill></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

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

// Characters XML 1.0 does not allow at all are dropped; the markup ones are escaped.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
export function xmlText(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return s;
  return s
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
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

/** An instant as an Excel serial date in China time (what the district reads on its clocks). */
export function excelDate(d: Date): number {
  return excelSerial(d.getTime());
}

/** The same from epoch milliseconds. */
export function excelSerial(ms: number): number {
  return (ms + CHINA_OFFSET_MS) / 86_400_000 + EXCEL_EPOCH_DAYS;
}

const FLUSH_CHARS = 256 * 1024;
/** Excel's own limit per cell. */
const MAX_CELL_CHARS = 32_767;

export class XlsxStreamWriter {
  private readonly zip: ZipWriter;
  private sheet: EntryWriter | null = null;
  private buffer = '';
  private rowNumber = 0;
  private readonly letters: string[];
  private readonly dates: boolean[];

  constructor(
    sink: Writable,
    private readonly columns: readonly XlsxColumn[],
    private readonly sheetName = 'Sheet1',
  ) {
    this.zip = new ZipWriter(sink);
    this.letters = columns.map((_, i) => columnLetter(i));
    this.dates = columns.map((c) => c.type === 'datetime');
  }

  async start(): Promise<void> {
    await this.zip.file('[Content_Types].xml', CONTENT_TYPES);
    await this.zip.file('_rels/.rels', ROOT_RELS);
    await this.zip.file(
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${xmlText(this.sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    );
    await this.zip.file('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    await this.zip.file('xl/styles.xml', STYLES);
    this.sheet = await this.zip.entry('xl/worksheets/sheet1.xml');
    const cols = this.columns
      .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`)
      .join('');
    this.buffer =
      `${XML_HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">` +
      `<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
      `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`;
    this.addRowRaw(
      this.columns.map((c) => c.header),
      true,
    );
  }

  /**
   * One row of cells. A cell names its position (`r="C7"`) only when it does not directly
   * follow the cell before it (the row's first cell, or after an empty one): ECMA-376 places a
   * cell without `r` in the next column, and the attribute was over a third of the sheet's
   * bytes — bytes that cost string building, UTF-8 encoding and deflate time.
   */
  private addRowRaw(values: readonly CellValue[], header: boolean): void {
    const r = ++this.rowNumber;
    let xml = '<row r="' + r + '">';
    let placed = false;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      let cell: string;
      if (v === null || v === undefined || v === '') {
        placed = false;
        continue;
      } else if (typeof v === 'number') {
        if (!Number.isFinite(v)) {
          placed = false;
          continue;
        }
        if (this.dates[i] && !header) cell = ' s="2"><v>' + excelSerial(v) + '</v></c>';
        else cell = (Number.isInteger(v) ? '><v>' : ' s="3"><v>') + v + '</v></c>';
      } else if (v instanceof Date) {
        const serial = excelDate(v);
        if (Number.isNaN(serial)) {
          placed = false;
          continue;
        }
        cell = ' s="2"><v>' + serial + '</v></c>';
      } else {
        const text = v.length > MAX_CELL_CHARS ? v.slice(0, MAX_CELL_CHARS) : v;
        cell =
          (header ? ' t="inlineStr" s="1"><is><t' : ' t="inlineStr"><is><t') +
          (edgeSpace(text) ? ' xml:space="preserve">' : '>') +
          xmlText(text) +
          '</t></is></c>';
      }
      xml += (placed ? '<c' : '<c r="' + this.letters[i] + r + '"') + cell;
      placed = true;
    }
    this.buffer += xml + '</row>';
  }

  /** Adds one data row; resolves when the buffered XML has been handed to the zip stream. */
  async addRow(values: readonly CellValue[]): Promise<void> {
    this.addRowRaw(values, false);
    if (this.buffer.length >= FLUSH_CHARS) await this.flush();
  }

  get rowsWritten(): number {
    return Math.max(0, this.rowNumber - 1);
  }

  private async flush(): Promise<void> {
    if (!this.sheet || this.buffer === '') return;
    const out = this.buffer;
    this.buffer = '';
    await this.sheet.write(out);
  }

  async finish(): Promise<void> {
    if (!this.sheet) throw new Error('XlsxStreamWriter.start() was not called');
    this.buffer += `</sheetData></worksheet>`;
    await this.flush();
    await this.sheet.close();
    await this.zip.finish();
  }
}
