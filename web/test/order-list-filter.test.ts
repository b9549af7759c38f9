import { describe, expect, it } from 'vitest';
import {
  dateRangeProblem,
  filterSearch,
  filterToQuery,
  keywordProblem,
  listRequest,
  parseFilter,
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
    expect([f.pageSize, f.pageNo, f.typeId]).toEqual([30, 1, [1, 5, 7]]);
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
    expect(f).toEqual({ status: [0, 92], typeId: [1, 5, 7], pageNo: 1, pageSize: 10 });
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
      typeId: '1,5,7',
    });
    const text = listRequest(undefined, parseFilter({ keyword: '  停水 ' }, 10));
    expect(text.endpoint.paths[0]).toBe('/addons/jsjb/lists/searchEs');
    expect(text.body.keyword).toBe('停水');
    expect(text.body.menuId).toBeUndefined();
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
