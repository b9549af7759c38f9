import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '@hotline/domain';
import { exportRequestBody, jobPercent, replaceGroup } from '../src/features/export/export-rules';
import { fileNameOf } from '../src/lib/download';

describe('export dialog rules', () => {
  it('sends the list filter without paging, with the queue and the selection', () => {
    expect(
      exportRequestBody(
        ['orderNum'],
        { keyword: '供暖', pageNo: 3, pageSize: 50 },
        'qu_blz',
        [4, 5],
      ),
    ).toEqual({
      columns: ['orderNum'],
      filter: { keyword: '供暖', menuId: 'qu_blz' },
      ids: [4, 5],
    });
    expect(exportRequestBody(['id'], {}, undefined, [])).toEqual({ columns: ['id'], filter: {} });
  });

  it('replaces one group of picked columns and keeps the catalogue order', () => {
    const rounds = EXPORT_COLUMNS.filter((c) => c.group === 'rounds').map((c) => c.key);
    const picked = replaceGroup(['title', 'orderNum'], 'rounds', rounds.slice(0, 2));
    expect(picked).toEqual(['orderNum', 'title', ...rounds.slice(0, 2)]);
    expect(replaceGroup(picked, 'rounds', [])).toEqual(['orderNum', 'title']);
    expect(replaceGroup(picked, 'basic', [])).toEqual(['title', ...rounds.slice(0, 2)]);
  });

  it('shows job progress below 100 % until the job is done', () => {
    expect(jobPercent({ status: 'queued', rows: 0, total: null })).toBe(0);
    expect(jobPercent({ status: 'running', rows: 500, total: 1000 })).toBe(50);
    expect(jobPercent({ status: 'running', rows: 1000, total: 1000 })).toBe(99);
    expect(jobPercent({ status: 'done', rows: 1000, total: 1000 })).toBe(100);
  });

  it('reads the UTF-8 file name of a download', () => {
    const cd = `attachment; filename="_____-20261121.xlsx"; filename*=UTF-8''${encodeURIComponent('工单导出-20261121.xlsx')}`;
    expect(fileNameOf(cd, 'x.xlsx')).toBe('工单导出-20261121.xlsx');
    expect(fileNameOf('attachment; filename="a.csv"', 'x')).toBe('a.csv');
    expect(fileNameOf(null, 'x.docx')).toBe('x.docx');
  });
});
