import type { Writable } from 'node:stream';
import { ZipWriter, type EntryWriter } from '../zip/zip-writer';
import { BatchBuilder, DATE, NUMBER, SHARED, TEXT, type Batch } from './batch';
import {
  columnLetter,
  edgeSpace,
  edgeSpaceIn,
  MAX_CELL_CHARS,
  serialText,
  type CellValue,
} from './cells';
import { CONTENT_TYPES, NS, REL_NS, ROOT_RELS, STYLES, WORKBOOK_RELS, XML_HEAD } from './parts';
import {
  columnShares,
  SHARED_MAX_CHARS,
  SharedStrings,
  type ColumnShare,
  type SharedState,
} from './shared-strings';
import {
  ascii,
  MAX_BYTES_PER_CHAR,
  putBytes,
  putChars,
  putNumber,
  putSerial,
  putUint,
  xmlText,
} from './xml-bytes';

/**
 * A streaming XLSX (SpreadsheetML) writer: one sheet, a bold frozen header row, column widths,
 * typed cells (numbers as numbers, times as real dates in China time, text as shared or inline
 * strings). Rows go straight into the deflate stream of the sheet entry; memory stays flat
 * however many rows are written.
 *
 * Text: a short value of a column that repeats its values (states, units, categories, yes/no)
 * goes into a bounded shared-string table and the cell holds its index — `<c t="s"><v>7</v>`
 * instead of the value in `<c t="inlineStr"><is><t>…</t></is></c>` markup (over half of a
 * sheet's bytes were that markup). Free text (titles, contents, addresses, numbers that differ
 * per row) stays inline: a column whose first values are mostly new stops adding to the table,
 * and the table itself is capped, so it stays a few megabytes on a sheet of any length. The
 * table is written after the sheet (a ZIP's parts may come in any order; readers go by the
 * relationships; shared-strings.ts).
 */

export type { CellValue } from './cells';

/** What a column holds: only `datetime` changes how a cell is written (numbers as dates). */
export type XlsxCellType = 'text' | 'int' | 'number' | 'datetime' | 'bool';

export interface XlsxColumn {
  header: string;
  type: XlsxCellType;
  width: number;
}

// Markup of data rows, pre-encoded (xml-bytes.ts).
const ROW_OPEN = ascii('<row r="');
const TAG_END = ascii('">');
const ROW_CLOSE = ascii('</row>');
const CELL_AT = ascii('<c r="');
const QUOTE = ascii('"');
const CELL = ascii('<c');
const SHARED_V = ascii(' t="s"><v>');
const DATE_V = ascii(' s="2"><v>');
const INT_V = ascii('><v>');
const FRACTION_V = ascii(' s="3"><v>');
const V_CLOSE = ascii('</v></c>');
const INLINE = ascii(' t="inlineStr"><is><t>');
const INLINE_PRESERVE = ascii(' t="inlineStr"><is><t xml:space="preserve">');
const INLINE_CLOSE = ascii('</t></is></c>');
/** Bytes of a data cell's markup at most (position, type, style, tags), besides its text. */
const CELL_MARKUP_BYTES = 96;

export class XlsxStreamWriter {
  private readonly zip: ZipWriter;
  private sheet: EntryWriter | null = null;
  private rowNumber = 0;
  private readonly letters: string[];
  private readonly dates: boolean[];
  private shared = new SharedStrings();
  private readonly shares: ColumnShare[];
  private readonly letterBytes: Uint8Array[];
  /** Rows given one by one (addRow) become one-row batches here. */
  private readonly own: BatchBuilder;
  /** The batch being written, and where its next row starts (fillRow reads from there). */
  private batch: Batch | null = null;
  private cell = 0;
  private char = 0;

  constructor(
    sink: Writable,
    private readonly columns: readonly XlsxColumn[],
    private readonly sheetName = 'Sheet1',
  ) {
    this.zip = new ZipWriter(sink);
    this.letters = columns.map((_, i) => columnLetter(i));
    this.letterBytes = this.letters.map(ascii);
    this.dates = columns.map((c) => c.type === 'datetime');
    this.shares = columnShares(columns.length);
    this.own = new BatchBuilder(columns.length, 1, { table: this.shared, shares: this.shares });
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
    const sheet = this.sheet;
    await sheet.append(
      `${XML_HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">` +
        `<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
        `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>` +
        this.rowXml(
          this.columns.map((c) => c.header),
          true,
        ),
    );
  }

  /**
   * One row of cells as a string: the header row, and the reference for data rows (which
   * `fillRow` writes as bytes; the tests hold the two to the same XML). A cell names its
   * position (`r="C7"`) only when it does not directly follow the cell before it (the row's
   * first cell, or after an empty one): ECMA-376 places a cell without `r` in the next column,
   * and the attribute was over a third of the sheet's bytes — bytes that cost building,
   * encoding and deflate time.
   */
  rowXml(values: readonly CellValue[], header: boolean): string {
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
        if (this.dates[i] && !header) cell = ' s="2"><v>' + serialText(v) + '</v></c>';
        else cell = (Number.isInteger(v) ? '><v>' : ' s="3"><v>') + v + '</v></c>';
      } else if (v instanceof Date) {
        const ms = v.getTime();
        if (Number.isNaN(ms)) {
          placed = false;
          continue;
        }
        cell = ' s="2"><v>' + serialText(ms) + '</v></c>';
      } else {
        const share = this.shares[i]!;
        const at =
          !header && share.on && v.length <= SHARED_MAX_CHARS
            ? this.shared.lookup(v, share)
            : undefined;
        if (at !== undefined) {
          xml += (placed ? '<c t="s"><v>' : '<c r="' + this.letters[i] + r + '" t="s"><v>') + at;
          xml += '</v></c>';
          placed = true;
          continue;
        }
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
    return xml + '</row>';
  }

  /**
   * Adds one data row. Returns a promise only when the buffered XML was handed to the zip
   * stream (await it: it carries the stream's backpressure); most rows need no wait at all.
   */
  addRow(values: readonly CellValue[]): Promise<void> | undefined {
    if (!this.sheet) throw new Error('XlsxStreamWriter.start() was not called');
    this.own.add(values);
    const batch = this.own.take();
    const waiting = this.addBatch(batch);
    if (!waiting) {
      this.own.reuse(batch);
      return undefined;
    }
    return waiting.then(() => this.own.reuse(batch));
  }

  /**
   * Adds a batch's rows (batch.ts; its shared strings are this writer's table, or the table
   * `finish` is given). A promise when a row had to wait for the zip stream (await it before
   * the next batch); the batch's arrays are free again once it has settled.
   */
  addBatch(batch: Batch): Promise<void> | undefined {
    if (!this.sheet) throw new Error('XlsxStreamWriter.start() was not called');
    if (batch.columns !== this.columns.length) throw new Error('a batch of other columns');
    this.batch = batch;
    this.cell = 0;
    this.char = 0;
    return this.writeRows(this.sheet, batch.rows);
  }

  private writeRows(sheet: EntryWriter, left: number): Promise<void> | undefined {
    for (; left > 0; left--) {
      const waiting = sheet.appendBytes(this.rowBound(), this.fillRow);
      if (waiting) return waiting.then(() => this.writeRows(sheet, left - 1));
    }
    return undefined;
  }

  /** Bytes the batch's next row can need at most. */
  private rowBound(): number {
    const { kinds, numbers } = this.batch!;
    let bound = 64;
    for (let i = 0, k = this.cell; i < this.columns.length; i++, k++) {
      bound += CELL_MARKUP_BYTES + (kinds[k] === TEXT ? numbers[k]! * MAX_BYTES_PER_CHAR : 0);
    }
    return bound;
  }

  /**
   * The batch's next row as bytes into `buf` from `at` (returns the end): the same XML as
   * `rowXml` gives, UTF-8 encoded — see `rowXml` for the markup.
   */
  private readonly fillRow = (buf: Uint8Array, start: number): number => {
    const { kinds, numbers, chars } = this.batch!;
    const r = ++this.rowNumber;
    let at = putBytes(buf, start, ROW_OPEN);
    at = putUint(buf, at, r);
    at = putBytes(buf, at, TAG_END);
    let placed = false;
    let k = this.cell;
    let c = this.char;
    for (let i = 0; i < this.columns.length; i++, k++) {
      const kind = kinds[k];
      if (kind === SHARED) {
        at = this.openCell(buf, at, i, r, placed);
        at = putBytes(buf, at, SHARED_V);
        at = putUint(buf, at, numbers[k]!);
        at = putBytes(buf, at, V_CLOSE);
        placed = true;
      } else if (kind === TEXT) {
        const end = c + numbers[k]!;
        at = this.openCell(buf, at, i, r, placed);
        at = putBytes(buf, at, edgeSpaceIn(chars, c, end) ? INLINE_PRESERVE : INLINE);
        at = putChars(buf, at, chars, c, end);
        at = putBytes(buf, at, INLINE_CLOSE);
        c = end;
        placed = true;
      } else if (kind === NUMBER || kind === DATE) {
        const n = numbers[k]!;
        // a number that is not finite, or an invalid Date, is an empty cell
        if (!Number.isFinite(n)) {
          placed = false;
          continue;
        }
        // n is an instant's epoch milliseconds when `date`
        const date = kind === DATE || this.dates[i]!;
        at = this.openCell(buf, at, i, r, placed);
        at = putBytes(buf, at, date ? DATE_V : Number.isInteger(n) ? INT_V : FRACTION_V);
        at = date ? putSerial(buf, at, n) : putNumber(buf, at, n);
        at = putBytes(buf, at, V_CLOSE);
        placed = true;
      } else {
        placed = false;
      }
    }
    this.cell = k;
    this.char = c;
    return putBytes(buf, at, ROW_CLOSE);
  };

  /** `<c`, with the cell's position (`<c r="C7"`) unless it follows the cell before it. */
  private openCell(buf: Uint8Array, at: number, i: number, r: number, placed: boolean): number {
    if (placed) return putBytes(buf, at, CELL);
    at = putBytes(buf, at, CELL_AT);
    at = putBytes(buf, at, this.letterBytes[i]!);
    at = putUint(buf, at, r);
    return putBytes(buf, at, QUOTE);
  }

  get rowsWritten(): number {
    return Math.max(0, this.rowNumber - 1);
  }

  /**
   * Ends the file. `shared`: the shared-string table the batches' indices refer to, when another
   * thread built them (worker.ts); otherwise this writer's own.
   */
  async finish(shared?: SharedState): Promise<void> {
    if (!this.sheet) throw new Error('XlsxStreamWriter.start() was not called');
    if (shared) this.shared = new SharedStrings(shared);
    await this.sheet.write('</sheetData></worksheet>');
    await this.sheet.close();
    const part = await this.zip.entry('xl/sharedStrings.xml');
    await this.shared.writeTo(part);
    await part.close();
    await this.zip.finish();
  }
}
