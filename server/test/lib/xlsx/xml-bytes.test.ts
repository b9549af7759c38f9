import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { excelSerial, serialText } from '../../../src/lib/xlsx/cells';
import { putChars, putNumber, putSerial, xmlText } from '../../../src/lib/xlsx/xml-bytes';
import { XlsxStreamWriter, type CellValue, type XlsxColumn } from '../../../src/lib/xlsx/writer';
import { randomText, random } from '../../support/random-text';
import { unzip, writeXlsxFile } from '../../support/xlsx';

/**
 * The sheet's rows are written as bytes (xml-bytes.ts); they must be exactly the UTF-8 of the
 * XML the string path builds, for every kind of text and number.
 */

describe('XML as bytes', () => {
  it('text: the UTF-8 of the escaped string, for every kind of character', () => {
    const next = random(7);
    const buf = Buffer.alloc(64 * 1024);
    // the text's code units, amid others (a batch's text cells lie one after another)
    const chars = new Uint16Array(100);
    for (let i = 0; i < 5000; i++) {
      const s = randomText(next, 40);
      const from = 1 + (i % 7);
      // low surrogates around: a lone high one at the end must not pair with what follows
      for (let j = 0; j < chars.length; j++) chars[j] = 0xdc00 + j;
      for (let j = 0; j < s.length; j++) chars[from + j] = s.charCodeAt(j);
      const end = putChars(buf, 0, chars, from, from + s.length);
      expect(buf.subarray(0, end).toString('hex'), JSON.stringify(s)).toBe(
        Buffer.from(xmlText(s), 'utf8').toString('hex'),
      );
    }
  });

  it('numbers: as String(n) prints them', () => {
    const next = random(11);
    const buf = Buffer.alloc(64);
    const samples = [
      0,
      -0,
      1,
      9,
      10,
      99,
      100,
      -1,
      -10,
      123456789,
      2 ** 53 - 1,
      -(2 ** 53 - 1),
      2 ** 53,
      1e21,
      -1e21,
      0.1,
      -0.5,
      1.5e-7,
      46_000.123456789,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
    ];
    for (let i = 0; i < 2000; i++) {
      samples.push(Math.floor(next() * 10 ** Math.floor(next() * 16)));
      samples.push((next() - 0.5) * 10 ** Math.floor(next() * 12));
    }
    for (const n of samples) {
      const end = putNumber(buf, 0, n);
      expect(buf.subarray(0, end).toString('latin1'), String(n)).toBe(String(n));
    }
  });

  it('instants: the serial date as the string path prints it, each millisecond read back', () => {
    const next = random(31);
    const buf = Buffer.alloc(64);
    const CHINA = 8 * 3_600_000;
    const samples = [
      0,
      -CHINA, // midnight in China, 1970-01-01: a whole day
      Date.UTC(2026, 10, 30, 3, 50, 0, 1) - 0,
      Date.UTC(2026, 10, 29, 15, 59, 59, 999), // 23:59:59.999 China time
      Date.UTC(2026, 10, 29, 16, 0, 0, 0), // midnight China time
      Date.UTC(2026, 10, 29, 16, 0, 0, 1),
      Date.UTC(1960, 0, 1), // before 1970: printed as the double
      Date.UTC(2099, 11, 31, 23, 59, 59, 999),
    ];
    for (let i = 0; i < 5000; i++) samples.push(Math.floor(next() * 4.1e12));
    for (const ms of samples) {
      const text = serialText(ms);
      const end = putSerial(buf, 0, ms);
      expect(buf.subarray(0, end).toString('latin1'), String(ms)).toBe(text);
      // What a reader makes of it (exceljs: the serial's milliseconds, rounded): the instant.
      const back = Math.round((Number(text) - 25_569) * 86_400_000) - CHINA;
      expect(back, text).toBe(ms);
      expect(Math.abs(Number(text) - excelSerial(ms))).toBeLessThan(1e-9);
      expect(text).toMatch(/^-?\d+(\.\d*[1-9])?(e-?\d+)?$/);
    }
    expect(serialText(-CHINA)).toBe('25569');
    expect(serialText(Date.UTC(2026, 10, 29, 16, 0, 0, 0) + 12 * 3_600_000)).toBe('46356.5');
  });

  it('data rows: the bytes of the XML the string path builds, shared strings included', async () => {
    const next = random(23);
    const columns: XlsxColumn[] = [
      { header: '状态', type: 'text', width: 10 },
      { header: '内容', type: 'text', width: 30 },
      { header: 'n', type: 'int', width: 8 },
      { header: 'x', type: 'number', width: 8 },
      { header: '时间', type: 'datetime', width: 18 },
      { header: '日期', type: 'text', width: 18 },
    ];
    const rows: CellValue[][] = [];
    for (let i = 0; i < 3000; i++) {
      const pick = next();
      rows.push([
        pick < 0.1 ? null : pick < 0.15 ? '' : ['已答复', '待回访', ' 空格 ', 'a&b'][i % 4]!,
        next() < 0.02 ? 'x'.repeat(33_000) : randomText(next, 60),
        next() < 0.1 ? undefined : Math.floor(next() * 1e6) - 5e5,
        next() < 0.1 ? Number.NaN : next() < 0.1 ? Number.POSITIVE_INFINITY : next() * 100,
        next() < 0.1 ? null : Date.UTC(2026, 0, 1) + Math.floor(next() * 1e10),
        next() < 0.3 ? new Date(Date.UTC(2026, 5, 1) + i * 1000) : next() < 0.1 ? new Date(NaN) : 7,
      ]);
    }
    // the bytes, through the writer
    const sheet = unzip(await writeXlsxFile(columns, rows)).get('xl/worksheets/sheet1.xml')!;
    // the strings, from a second writer taking the same rows in the same order
    const reference = new XlsxStreamWriter(new PassThrough().resume(), columns);
    await reference.start();
    const expected = rows.map((row) => reference.rowXml(row, false)).join('');
    const body = sheet.slice(sheet.indexOf('</row>') + 6, sheet.indexOf('</sheetData>'));
    // compared as UTF-8 (the sheet is read back as text: its lone surrogates are U+FFFD there)
    const a = Buffer.from(body, 'utf8');
    const b = Buffer.from(expected, 'utf8');
    expect(a.length).toBe(b.length);
    expect(a.equals(b)).toBe(true);
  });
});
