import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH_RANGE, passwordClasses, passwordProblem } from '@hotline/domain';
import { OTP_MIN_LENGTH, oneTimePassword } from '../../src/modules/admin-users/one-time-password';
import {
  IMPORT_COLUMNS,
  columnOfHeader,
  extraRuleOf,
  splitList,
  yesNo,
} from '../../src/modules/admin-users/user-import.columns';

/** The pure parts of the user administration: one-time passwords and import cells. */

describe('one-time passwords', () => {
  it('meet every policy the settings allow, and never contain the user name', () => {
    const [lo, hi] = PASSWORD_MIN_LENGTH_RANGE;
    for (let minLength = lo; minLength <= hi; minLength++) {
      for (let classes = 1; classes <= 4; classes++) {
        const policy = { minLength, classes };
        const password = oneTimePassword(policy, 'abc');
        expect(passwordProblem(password, policy, { username: 'abc' })).toBeNull();
        expect(password.length).toBe(Math.max(OTP_MIN_LENGTH, minLength));
        expect(passwordClasses(password)).toBeGreaterThanOrEqual(Math.min(classes, 4));
      }
    }
  });

  it('leave out characters that are easy to misread, and differ each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = oneTimePassword({ minLength: 8, classes: 4 }, 'someone');
      expect(password).not.toMatch(/[0O1lI]/);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});

describe('import cells', () => {
  it('recognises each template header, and the bare Chinese or English names', () => {
    for (const c of IMPORT_COLUMNS) {
      expect(columnOfHeader(c.header)).toBe(c.key);
      expect(columnOfHeader(c.zh)).toBe(c.key);
      expect(columnOfHeader(c.en.toUpperCase())).toBe(c.key);
    }
    expect(columnOfHeader('备注 remark')).toBeNull();
    expect(columnOfHeader('')).toBeNull();
  });

  it('splits lists on either comma, 、, semicolons and line breaks', () => {
    expect(splitList('street, 区派单员，reviewer、leader;领导\n回访员')).toEqual([
      'street',
      '区派单员',
      'reviewer',
      'leader',
      '领导',
      '回访员',
    ]);
    expect(splitList(' , ')).toEqual([]);
  });

  it('reads 是/否 (empty is no) and nothing else', () => {
    expect(['是', 'Yes', 'Y', '1', 'true'].map(yesNo)).toEqual([true, true, true, true, true]);
    expect(['否', '', 'no', '0', 'FALSE'].map(yesNo)).toEqual([false, false, false, false, false]);
    expect(yesNo('也许')).toBeNull();
  });

  it('reads individual permissions by name in either language or by rule string', () => {
    expect(extraRuleOf('外呼坐席')).toBe('/jsjb/callout');
    expect(extraRuleOf('dispatcher clock-in')).toBe('/jsjb/qu/dcl');
    expect(extraRuleOf('/jsjb/qu/call/bjdhf')).toBe('/jsjb/qu/call/bjdhf');
    expect(extraRuleOf('/jsjb/dw')).toBeNull();
  });
});
