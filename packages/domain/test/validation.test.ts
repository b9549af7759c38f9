import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MIN_LENGTH,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  checkUpload,
  fileBaseNameLongEnough,
  fileExtension,
  hasUpperCaseExtension,
  isChineseName,
  isDecimal2,
  isEmail,
  isIPv4,
  isIdCard,
  isMobile,
  isPort,
  isValidPassword,
} from '../src/validation';

/** GB 11643 check character, computed independently of the code under test. */
function withCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (2 ** (17 - i) % 11);
  return first17 + '10X98765432'.charAt(sum % 11);
}

describe('isValidPassword', () => {
  it('needs at least 6 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(isValidPassword('')).toBe(false);
    expect(isValidPassword('12345')).toBe(false);
    expect(isValidPassword('123456')).toBe(true);
    expect(isValidPassword('Demo@12345')).toBe(true);
  });
});

describe('isMobile', () => {
  it.each(['13800000000', '15912345678', '19999999999', '14700000001'])('accepts %s', (m) => {
    expect(isMobile(m)).toBe(true);
  });
  it.each([
    '12800000000', // second digit 2
    '10800000000',
    '1380000000', // 10 digits
    '138000000000', // 12 digits
    '+8613800000000',
    ' 13800000000',
    '1380000000a',
    '23800000000',
    '',
  ])('refuses %j', (m) => {
    expect(isMobile(m)).toBe(false);
  });
});

describe('isIdCard', () => {
  it('accepts any 15-digit number (old format)', () => {
    expect(isIdCard('110105491231002')).toBe(true);
  });
  it('refuses 14, 16 and 17 digits and non-digits in 15', () => {
    expect(isIdCard('11010549123100')).toBe(false);
    expect(isIdCard('1101054912310021')).toBe(false);
    expect(isIdCard('11010519491231002')).toBe(false);
    expect(isIdCard('11010549123100X')).toBe(false);
  });
  it('accepts 18 characters with the correct check character, X in either case', () => {
    const withX = withCheckChar('11010519491231002');
    expect(withX).toBe('11010519491231002X');
    expect(isIdCard(withX)).toBe(true);
    expect(isIdCard(withX.toLowerCase())).toBe(true);
    const withDigit = withCheckChar('44052418800101001');
    expect(withDigit).toBe('440524188001010014');
    expect(isIdCard(withDigit)).toBe(true);
    expect(isIdCard(withCheckChar('32010619900307123'))).toBe(true);
  });
  it('refuses 18 characters with a wrong check character', () => {
    expect(isIdCard('110105194912310021')).toBe(false);
    expect(isIdCard('440524188001010015')).toBe(false);
    expect(isIdCard('44052418800101001X')).toBe(false);
  });
  it('refuses X anywhere but the end, and other letters', () => {
    expect(isIdCard('1101051949123100X2')).toBe(false);
    expect(isIdCard('11010519491231002Y')).toBe(false);
    expect(isIdCard('')).toBe(false);
  });
});

describe('isEmail', () => {
  it.each(['a@b.co', 'first.last+tag@example.com.cn', 'x_y-z@sub-domain.org'])(
    'accepts %s',
    (e) => {
      expect(isEmail(e)).toBe(true);
    },
  );
  it.each(['a@b', 'a@b.c', '@b.com', 'a b@c.com', 'a@@b.com', 'a@b..com', 'ab.com', ''])(
    'refuses %j',
    (e) => {
      expect(isEmail(e)).toBe(false);
    },
  );
});

describe('isChineseName', () => {
  it.each(['张三', '王晓丽', '欧阳娜娜'])('accepts %s', (n) => {
    expect(isChineseName(n)).toBe(true);
  });
  it.each(['张', '欧阳娜娜娜', 'Zhang', '张3', '张 三', '', '张三a'])('refuses %j', (n) => {
    expect(isChineseName(n)).toBe(false);
  });
});

describe('isIPv4', () => {
  it.each(['0.0.0.0', '127.0.0.1', '192.168.1.254', '255.255.255.255'])('accepts %s', (ip) => {
    expect(isIPv4(ip)).toBe(true);
  });
  it.each([
    '256.1.1.1',
    '1.1.1',
    '1.1.1.1.1',
    '01.1.1.1',
    '1.1.1.-1',
    'a.b.c.d',
    '1..1.1',
    '',
    '1.1.1.1 ',
  ])('refuses %j', (ip) => {
    expect(isIPv4(ip)).toBe(false);
  });
});

describe('isPort', () => {
  it.each(['0', '80', '8080', '65535', 0, 443, 65535])('accepts %j', (p) => {
    expect(isPort(p)).toBe(true);
  });
  it.each(['65536', '-1', 'abc', '', '80.5', ' 80', '123456', 65536, -1, 1.5])(
    'refuses %j',
    (p) => {
      expect(isPort(p)).toBe(false);
    },
  );
});

describe('isDecimal2', () => {
  it.each(['0', '12', '12.3', '12.34', '-1.5', 3.25, 100])('accepts %j', (v) => {
    expect(isDecimal2(v)).toBe(true);
  });
  it.each(['12.345', '1.', '.5', 'abc', '', '1,5', '1.2.3', 1.234])('refuses %j', (v) => {
    expect(isDecimal2(v)).toBe(false);
  });
});

describe('file names', () => {
  it('fileBaseNameLongEnough measures the name without its extension', () => {
    expect(fileBaseNameLongEnough('abc.txt', 3)).toBe(true);
    expect(fileBaseNameLongEnough('ab.txt', 3)).toBe(false);
    expect(fileBaseNameLongEnough('abc', 3)).toBe(true);
    expect(fileBaseNameLongEnough('report.final.pdf', 12)).toBe(true);
    expect(fileBaseNameLongEnough('report.final.pdf', 13)).toBe(false);
    expect(fileBaseNameLongEnough('  a  .txt', 2)).toBe(false);
    expect(fileBaseNameLongEnough('工单附件.docx', 4)).toBe(true);
    expect(fileBaseNameLongEnough('工单附件.docx', 5)).toBe(false);
  });

  it('fileExtension and hasUpperCaseExtension', () => {
    expect(fileExtension('a.b.PDF')).toBe('PDF');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
    expect(fileExtension('.hidden')).toBe('');
    expect(hasUpperCaseExtension('scan.PDF')).toBe(true);
    expect(hasUpperCaseExtension('scan.Jpg')).toBe(true);
    expect(hasUpperCaseExtension('scan.pdf')).toBe(false);
    expect(hasUpperCaseExtension('SCAN.pdf')).toBe(false);
    expect(hasUpperCaseExtension('README')).toBe(false);
    expect(hasUpperCaseExtension('trailing.')).toBe(false);
  });
});

describe('checkUpload', () => {
  it('has the type groups and the 20 MB limit of spec section 9', () => {
    expect(UPLOAD_TYPES).toEqual({
      image: ['png', 'jpg'],
      file: ['pdf', 'doc', 'xls', 'txt', 'xlsx', 'docx'],
      audio: ['mp3', 'm4a', 'wav'],
      video: ['m4e', 'mp4'],
    });
    expect(UPLOAD_MAX_BYTES).toBe(20 * 1024 * 1024);
  });

  const allowed = Object.entries(UPLOAD_TYPES).flatMap(([kind, exts]) =>
    exts.map((ext) => [kind, ext] as const),
  );
  it.each(allowed)('accepts a %s with extension .%s (any case)', (kind, ext) => {
    expect(checkUpload(`证据材料.${ext}`, 1024)).toEqual({ ok: true, kind, extension: ext });
    expect(checkUpload(`SCAN.${ext.toUpperCase()}`, 1)).toEqual({ ok: true, kind, extension: ext });
  });

  it.each(['virus.exe', 'a.jpeg', 'a.gif', 'a.zip', 'noextension', 'a.png.exe', 'trailing.'])(
    'refuses the type of %s',
    (name) => {
      expect(checkUpload(name, 1024)).toEqual({ ok: false, reason: 'type' });
    },
  );

  it('refuses empty files and files over 20 MB; exactly 20 MB is fine', () => {
    expect(checkUpload('a.png', 0)).toEqual({ ok: false, reason: 'empty' });
    expect(checkUpload('a.png', -5)).toEqual({ ok: false, reason: 'empty' });
    expect(checkUpload('a.png', UPLOAD_MAX_BYTES)).toEqual({
      ok: true,
      kind: 'image',
      extension: 'png',
    });
    expect(checkUpload('a.png', UPLOAD_MAX_BYTES + 1)).toEqual({ ok: false, reason: 'size' });
    expect(checkUpload('a.mp4', 100 * 1024 * 1024)).toEqual({ ok: false, reason: 'size' });
  });

  it('refuses a size that is not a number', () => {
    expect(checkUpload('a.png', Number.NaN).ok).toBe(false);
    expect(checkUpload('a.png', Number.POSITIVE_INFINITY).ok).toBe(false);
  });

  it.each([
    '',
    '   ',
    'dir/a.png',
    'dir\\a.png',
    'a:b.png',
    'a*.png',
    'a?.png',
    'a"b.png',
    'a<b>.png',
    'a|b.png',
  ])('refuses the name %j', (name) => {
    expect(checkUpload(name, 1024)).toEqual({ ok: false, reason: 'name' });
  });

  it('refuses names over 200 characters', () => {
    expect(checkUpload(`${'a'.repeat(196)}.png`, 10).ok).toBe(true);
    expect(checkUpload(`${'a'.repeat(197)}.png`, 10)).toEqual({ ok: false, reason: 'name' });
  });

  it('checks the name before the size, and the size before the type', () => {
    expect(checkUpload('a/b.exe', 0)).toEqual({ ok: false, reason: 'name' });
    expect(checkUpload('b.exe', 0)).toEqual({ ok: false, reason: 'empty' });
    expect(checkUpload('b.exe', UPLOAD_MAX_BYTES + 1)).toEqual({ ok: false, reason: 'size' });
  });
});
