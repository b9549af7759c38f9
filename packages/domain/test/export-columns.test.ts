import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXPORT_COLUMNS,
  EXPORT_COLUMNS,
  EXPORT_GROUPS,
  FULL_PHONE_RULE,
  exportColumn,
  maskPhone,
  sanitizeCsvCell,
  seesFullPhones,
} from '../src/export-columns';

describe('export column catalogue', () => {
  it('holds about 120 unique columns, each in a known group with both headers', () => {
    expect(EXPORT_COLUMNS.length).toBeGreaterThanOrEqual(115);
    expect(EXPORT_COLUMNS.length).toBeLessThanOrEqual(130);
    const keys = EXPORT_COLUMNS.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    const zh = EXPORT_COLUMNS.map((c) => c.zh);
    expect(new Set(zh).size).toBe(zh.length);
    for (const c of EXPORT_COLUMNS) {
      expect(Object.keys(EXPORT_GROUPS)).toContain(c.group);
      expect(c.zh.trim(), c.key).not.toBe('');
      expect(c.en.trim(), c.key).not.toBe('');
      expect(c.width).toBeGreaterThan(0);
    }
  });

  it('contains every column the spec names, and the three call-back rounds', () => {
    for (const key of [
      'handleCode',
      'orderNum',
      'title',
      'majorContent',
      'callerName',
      'callerPhone',
      'myHandleType',
      'organizerName',
      'orgName',
      'deadlineDate',
      'callTime',
      'dispatchTime',
      'riskLevel',
      'tichuType',
    ]) {
      expect(exportColumn(key), key).toBeDefined();
    }
    for (const n of [1, 2, 3]) {
      expect(exportColumn(`visit${n}Time`)?.type).toBe('datetime');
      expect(exportColumn(`visit${n}Satisfaction`)?.group).toBe('rounds');
    }
    expect(exportColumn('callTime')?.type).toBe('datetime');
    expect(exportColumn('visitCount')?.type).toBe('int');
    expect(exportColumn('nope')).toBeUndefined();
    for (const key of DEFAULT_EXPORT_COLUMNS) expect(exportColumn(key), key).toBeDefined();
  });
});

describe('phone masking', () => {
  it.each([
    ['13800000001', '138****0001'],
    ['010-62345678', '010-****5678'],
    ['01062345678', '010****5678'],
    ['0755-1234567', '0755-****4567'],
    ['', ''],
    ['1234', '****'],
    ['123456', '****56'],
    ['+86 138 0000 0001', '+86**********0001'],
  ])('%s → %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it('shows phones in full to administrators, district staff and holders of the export rule', () => {
    expect(seesFullPhones({ admin: true, rules: [] })).toBe(true);
    expect(seesFullPhones({ admin: false, rules: ['/jsjb/dw'] })).toBe(true);
    expect(seesFullPhones({ admin: false, rules: [FULL_PHONE_RULE] })).toBe(true);
    expect(seesFullPhones({ admin: false, rules: ['/jsjb/sbld'] })).toBe(false);
    expect(seesFullPhones({ admin: false, rules: ['/jsjb/street', '/jsjb/bm'] })).toBe(false);
  });
});

describe('CSV formula guard', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+86 138', "'+86 138"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['普通文本', '普通文本'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j', (value, safe) => {
    expect(sanitizeCsvCell(value)).toBe(safe);
  });
});
