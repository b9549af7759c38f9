import { describe, expect, it } from 'vitest';
import {
  dateRangeProblem,
  filterSearch,
  filterToQuery,
  keywordProblem,
  listRequest,
  parseFilter,
  sortOf,
  sortPatch,
} from '../src/features/order-list/filter-url';

describe('filter ⇄ URL query', () => {
  it('round-trips every field and leaves defaults out of the URL', () => {
    const query = {
      orderNum: 'ZJ202611220001',
      keyword: '停水',
      status: '0,1',
      hostUnitId: '12',
      categoryId: '7',
      urgency: 'emergency,general',
      typeId: '1,5',
      isKeyAppeal: '1',
      callTimeFrom: '2026-11-01',
      callTimeTo: '2026-11-20',
      deadlineTo: '2026-12-01',
      pageNo: '3',
      pageSize: '50',
    };
    const filter = parseFilter(query, 10);
    expect(filter).toMatchObject({
      status: [0, 1],
      hostUnitId: 12,
      urgency: ['emergency', 'general'],
      typeId: [1, 5],
      isKeyAppeal: 1,
      pageNo: 3,
      pageSize: 50,
    });
    expect(filterToQuery(filter, 10)).toEqual(query);
    expect(filterSearch(parseFilter({}, 10), 10)).toBe('');
  });

  it('uses the stored page size as default and keeps it out of the URL', () => {
    const f = parseFilter({}, 30);
    // no sources: the list's own default, decided by the server (decision 0019)
    expect([f.pageSize, f.pageNo, f.typeId]).toEqual([30, 1, undefined]);
    expect(filterToQuery({ ...f, pageSize: 30 }, 30)).toEqual({});
    expect(filterToQuery({ ...f, pageSize: 10 }, 30)).toEqual({ pageSize: '10' });
    // an unusable stored size falls back to 10
    expect(parseFilter({}, 33).pageSize).toBe(10);
  });

  it('drops what the server would refuse from a hand-edited link', () => {
    const f = parseFilter(
      {
        status: '0,5,abc,92',
        pageSize: '25',
        pageNo: '-2',
        typeId: '99',
        urgency: 'soon',
        callTimeFrom: '2026-02-30',
        keyword: 'a',
        isKeyAppeal: 'yes',
        hostUnitId: '1.5',
      },
      10,
    );
    expect(f).toEqual({ status: [0, 92], pageNo: 1, pageSize: 10 });
  });

  it('builds the list call: searchEs for a keyword, lists as comma strings, isAmount 1', () => {
    const plain = listRequest('qu_dqs', parseFilter({ status: '0,1' }, 10));
    expect(plain.endpoint.paths[0]).toBe('/addons/jsjb/lists/search');
    expect(plain.body).toEqual({
      pageNo: 1,
      pageSize: 10,
      isAmount: 1,
      menuId: 'qu_dqs',
      status: '0,1',
    });
    // sources asked for, even the district's default, are sent as asked
    expect(listRequest('jd_dqs', parseFilter({ typeId: '1,5,7' }, 10)).body.typeId).toBe('1,5,7');
    const text = listRequest(undefined, parseFilter({ keyword: '  停水 ' }, 10));
    expect(text.endpoint.paths[0]).toBe('/addons/jsjb/lists/searchEs');
    expect(text.body.keyword).toBe('停水');
    expect(text.body.menuId).toBeUndefined();
  });

  it('keeps a sort other than newest call first in the URL and the request', () => {
    expect(parseFilter({ sort: 'callTime', sortOrder: 'desc' }, 10).sort).toBeUndefined();
    const byDeadline = parseFilter({ sort: 'deadline', sortOrder: 'asc' }, 10);
    expect([byDeadline.sort, byDeadline.sortOrder]).toEqual(['deadline', 'asc']);
    expect(filterToQuery(byDeadline, 10)).toEqual({ sort: 'deadline', sortOrder: 'asc' });
    expect(listRequest('qu_blz', byDeadline).body).toMatchObject({
      sort: 'deadline',
      sortOrder: 'asc',
    });
    // an unknown sort is dropped; a missing order is descending
    expect(parseFilter({ sort: 'title' }, 10).sort).toBeUndefined();
    expect(parseFilter({ sort: 'dispatchTime' }, 10).sortOrder).toBe('desc');
    expect(sortOf(parseFilter({}, 10))).toEqual({ sort: 'callTime', sortOrder: 'desc' });
    expect(sortPatch('callTime', 'desc')).toEqual({ sort: undefined, sortOrder: undefined });
    expect(sortPatch('callTime', 'asc')).toEqual({ sort: 'callTime', sortOrder: 'asc' });
  });

  it('names keyword and date-range mistakes before sending', () => {
    expect(keywordProblem('a')).toBe('short');
    expect(keywordProblem('x'.repeat(101))).toBe('long');
    expect(keywordProblem('  ')).toBeNull();
    expect(keywordProblem('路灯')).toBeNull();
    expect(dateRangeProblem({ callTimeFrom: '2026-11-02', callTimeTo: '2026-11-01' })).toBe(
      'callTimeFrom',
    );
    expect(dateRangeProblem({ deadlineFrom: '2026-11-01', deadlineTo: '2026-11-01' })).toBeNull();
  });
});
