import { describe, expect, it } from 'vitest';
import { zh } from '../src/i18n/parts/detail';
import {
  codesText,
  eventName,
  FIELD_GROUPS,
  fileKind,
  formatTime,
  humanSize,
  isBlank,
  stateName,
  statusColor,
} from '../src/features/order-detail/format';

describe('detail presentation rules', () => {
  it('groups every field once, each with a label in the texts', () => {
    const all = FIELD_GROUPS.flatMap((g) => g.fields.map((f) => f.key));
    expect(new Set(all).size).toBe(all.length);
    for (const key of all) expect(zh.fields, key).toHaveProperty(key);
    for (const group of FIELD_GROUPS) expect(zh.groups).toHaveProperty(group.key);
    // the spec's list columns that belong to one order are all there
    for (const key of [
      'orderNum',
      'districtCaseNum',
      'organizerName',
      'subordinateName',
      'deadline',
      'visitResult',
      'tichuType',
    ]) {
      expect(all).toContain(key);
    }
  });

  it('names state codes in both languages and keeps unknown codes readable', () => {
    expect(stateName('status', 92, 'zh')).toBe('已办结');
    expect(stateName('status', 92, 'en')).toBe('closed');
    expect(stateName('mainOrgStatus', -1, 'zh')).toBe('未派单');
    expect(stateName('huifangState', 13, 'en')).toContain('unreachable');
    expect(stateName('status', 55, 'zh')).toBe('55');
    expect(codesText({ status: 1, mainOrgStatus: 0 }, 'zh')).toBe('办理中 / 承办单位待签收');
    expect(codesText(null, 'en')).toBe('—');
    expect(eventName('attach', 'zh')).toBe('上传附件');
    expect(eventName('made_up', 'en')).toBe('made_up');
  });

  it('colours refused and returned red, closed green, review purple', () => {
    expect(statusColor(71)).toBe('red');
    expect(statusColor(72)).toBe('red');
    expect(statusColor(92)).toBe('green');
    expect(statusColor(11)).toBe('purple');
    expect(statusColor(0)).toBe('orange');
  });

  it('previews images and PDFs, downloads the rest', () => {
    expect(fileKind('image/png', 'a.png')).toBe('image');
    expect(fileKind('application/octet-stream', 'scan.JPG')).toBe('image');
    expect(fileKind('application/pdf', 'x.pdf')).toBe('pdf');
    expect(fileKind('application/msword', '情况说明.doc')).toBe('other');
    expect(fileKind('audio/mpeg', 'call.mp3')).toBe('other');
  });

  it('formats times, sizes and blanks', () => {
    expect(formatTime('')).toBe('');
    expect(formatTime(null)).toBe('');
    expect(formatTime('not a time')).toBe('not a time');
    expect(formatTime('2026-03-01T08:30:00+08:00')).toMatch(/^2026-03-01 \d\d:30:00$/);
    expect(humanSize(512)).toBe('512 B');
    expect(humanSize(2048)).toBe('2.0 KB');
    expect(humanSize(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(isBlank([])).toBe(true);
    expect(isBlank(0)).toBe(false);
    expect(isBlank(false)).toBe(false);
  });
});
