import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * Bulk loading with COPY … FROM STDIN (text format): rows as tab-separated lines, written to
 * the server with back-pressure, so memory stays flat however many rows go in.
 */

export type CopyValue = string | number | boolean | Date | null | readonly (string | number)[];

/** Backslash, tab, newline and carriage return escaped as COPY's text format wants them. */
export function escapeCopy(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/** A PostgreSQL array literal; elements are double-quoted with `"` and `\` escaped. */
function arrayLiteral(items: readonly (string | number)[]): string {
  const parts = items.map((v) =>
    typeof v === 'number' ? String(v) : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`,
  );
  return `{${parts.join(',')}}`;
}

export function copyField(value: CopyValue): string {
  if (value === null) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return escapeCopy(arrayLiteral(value));
  return escapeCopy(value as string);
}

export interface CopyWriter {
  /**
   * Queues `rows` lines of COPY text (each ending in a newline, fields made by `copyField`);
   * resolves at once unless the server is behind (then after it drains).
   */
  write(text: string, rows: number): Promise<void>;
  /** Ends the COPY and waits until the server has all rows. */
  end(): Promise<void>;
  rows: number;
}

const CHUNK_BYTES = 256 * 1024;

export function openCopy(
  client: PoolClient,
  table: string,
  columns: readonly string[],
): CopyWriter {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  let failure: Error | null = null;
  stream.on('error', (e: Error) => {
    failure = e;
  });
  let buffer = '';
  const flush = async (): Promise<void> => {
    if (failure) throw failure;
    const chunk = buffer;
    buffer = '';
    if (!stream.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        stream.once('error', reject);
        stream.once('drain', () => {
          stream.off('error', reject);
          resolve();
        });
      });
    }
  };
  const writer: CopyWriter = {
    rows: 0,
    async write(text, rows) {
      buffer += text;
      writer.rows += rows;
      if (buffer.length >= CHUNK_BYTES) await flush();
    },
    async end() {
      if (buffer.length > 0) await flush();
      await new Promise<void>((resolve, reject) => {
        stream.once('finish', resolve);
        stream.once('error', reject);
        stream.end();
      });
      if (failure) throw failure;
    },
  };
  return writer;
}
