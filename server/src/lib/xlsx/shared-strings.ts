import type { EntryWriter } from '../zip/zip-writer';
import { edgeSpace } from './cells';
import { NS, XML_HEAD } from './parts';
import { xmlText } from './xml-bytes';

/**
 * The sheet's bounded shared-string table (see writer.ts): a short value of a column that
 * repeats its values goes in once and cells hold its index; a column whose first values are
 * mostly new stops adding, and the table itself is capped.
 */

/** Longer text is free text: always inline. */
export const SHARED_MAX_CHARS = 40;
/** The shared-string table's cap (entries); later new values go inline. */
const SHARED_MAX_ENTRIES = 20_000;
/** A column's first values that decide whether it repeats … */
const PROBE_CELLS = 200;
/** … : it keeps adding to the table while at most this share of its values were new. */
const NEW_SHARE = 0.2;

/** How one column has used the shared-string table. */
export interface ColumnShare {
  cells: number;
  added: number;
  /** Off once the column proved to hold mostly different values. */
  on: boolean;
}

/** A fresh record for each of `columns` columns (every column may add at first). */
export function columnShares(columns: number): ColumnShare[] {
  return Array.from({ length: columns }, () => ({ cells: 0, added: 0, on: true }));
}

/** The table's part as written: the `<si>` markup in index order, and the cells referring. */
export interface SharedState {
  items: string[];
  refs: number;
}

/**
 * The shared-string table: value → index, and the `<si>` markup in index order. On the XLSX
 * worker the table is kept by the thread that builds the batches (batch.ts) and handed over as
 * its `state` at the end, to be written by the sheet's writer.
 */
export class SharedStrings {
  private readonly index = new Map<string, number>();
  private readonly items: string[];
  /** Cells that refer to the table (the part's `count`). */
  refs: number;

  constructor(state: SharedState = { items: [], refs: 0 }) {
    this.items = state.items;
    this.refs = state.refs;
  }

  /** The part's content so far (the lookup index stays here). */
  get state(): SharedState {
    return { items: this.items, refs: this.refs };
  }

  /** The value's index, adding it while the column repeats and the table has room. */
  lookup(text: string, column: ColumnShare): number | undefined {
    const found = this.index.get(text);
    column.cells++;
    if (found !== undefined) {
      this.refs++;
      return found;
    }
    if (!column.on || this.items.length >= SHARED_MAX_ENTRIES) return undefined;
    if (column.cells > PROBE_CELLS && column.added > column.cells * NEW_SHARE) {
      column.on = false;
      return undefined;
    }
    column.added++;
    const at = this.items.length;
    this.index.set(text, at);
    this.items.push(
      (edgeSpace(text) ? '<si><t xml:space="preserve">' : '<si><t>') + xmlText(text) + '</t></si>',
    );
    this.refs++;
    return at;
  }

  /** The part, appended item by item. */
  async writeTo(part: EntryWriter): Promise<void> {
    await part.append(
      `${XML_HEAD}<sst xmlns="${NS}" count="${this.refs}" uniqueCount="${this.items.length}">`,
    );
    for (const item of this.items) {
      const waiting = part.append(item);
      if (waiting) await waiting;
    }
    await part.write('</sst>');
  }
}
