import { describe, expect, it } from 'vitest';
import type { CellValue, XlsxColumn } from '../../../src/lib/xlsx/writer';
import { readBack, unzip, writeXlsxFile } from '../../support/xlsx';

const text = (header: string): XlsxColumn => ({ header, type: 'text', width: 10 });

describe('XlsxStreamWriter', () => {
  it('shares the values of repeating columns and keeps free text inline; readers see the same cells', async () => {
    const rows: CellValue[][] = [];
    for (let i = 0; i < 1000; i++) {
      rows.push([
        ['已答复', '待回访', '已办结'][i % 3]!,
        `关于小区供暖的诉求 ${i}`,
        i % 2 === 0 ? ' 前后有空格 ' : 'a < b & "c"',
        i,
        i % 5 === 0 ? null : '是',
      ]);
    }
    const file = await writeXlsxFile(
      [
        text('状态'),
        text('标题'),
        text('备注'),
        { header: 'n', type: 'int', width: 6 },
        text('是否'),
      ],
      rows,
    );
    const parts = unzip(file);
    const sheet = parts.get('xl/worksheets/sheet1.xml')!;
    const sst = parts.get('xl/sharedStrings.xml')!;
    expect(parts.get('[Content_Types].xml')).toContain('/xl/sharedStrings.xml');
    expect(parts.get('xl/_rels/workbook.xml.rels')).toContain('Target="sharedStrings.xml"');

    // repeating columns: in the table once each, cells refer to them
    for (const v of ['已答复', '待回访', '已办结', '是']) {
      expect(sst.split(`<t>${v}</t>`).length - 1).toBe(1);
      expect(sheet).not.toContain(`<t>${v}</t>`);
    }
    expect(sst).toContain('<t xml:space="preserve"> 前后有空格 </t>');
    expect(sst).toContain('a &lt; b &amp; &quot;c&quot;');
    // the title differs on every row: after its first values it is written inline
    expect(sheet).toContain('<t>关于小区供暖的诉求 999</t>');
    const titlesShared = (sst.match(/关于小区供暖的诉求/g) ?? []).length;
    expect(titlesShared).toBeGreaterThan(0);
    expect(titlesShared).toBeLessThanOrEqual(250);
    // count = cells referring to the table, uniqueCount = its entries
    const refs = (sheet.match(/t="s"/g) ?? []).length;
    const entries = (sst.match(/<si>/g) ?? []).length;
    expect(sst).toContain(`count="${refs}" uniqueCount="${entries}"`);

    const back = await readBack(file);
    expect(back).toHaveLength(1001);
    expect(back[0]).toEqual(['状态', '标题', '备注', 'n', '是否']);
    for (const i of [0, 1, 5, 250, 999]) {
      rows[i]!.forEach((v, k) => expect(back[i + 1]![k]).toEqual(v === null ? undefined : v));
    }
  });

  it('stops adding to the table at its cap and writes later new values inline', async () => {
    // five columns that repeat each value ten times (shareable): 25,000 values in all
    const rows: CellValue[][] = [];
    for (let i = 0; i < 50_000; i++) {
      rows.push([0, 1, 2, 3, 4].map((c) => `c${c}-${Math.floor(i / 10)}`));
    }
    const file = await writeXlsxFile(
      [0, 1, 2, 3, 4].map((c) => text(`c${c}`)),
      rows,
    );
    const parts = unzip(file);
    const entries = (parts.get('xl/sharedStrings.xml')!.match(/<si>/g) ?? []).length;
    expect(entries).toBe(20_000);
    const sheet = parts.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<t>c4-4999</t>');
    expect(sheet).not.toContain('<t>c0-0</t>');
    const back = await readBack(file);
    expect(back[50_000]).toEqual(['c0-4999', 'c1-4999', 'c2-4999', 'c3-4999', 'c4-4999']);
    expect(back[1]).toEqual(['c0-0', 'c1-0', 'c2-0', 'c3-0', 'c4-0']);
  });
});
