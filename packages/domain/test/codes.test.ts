import { describe, expect, it } from 'vitest';
import {
  CODE_TABLE,
  SUCCESS_CODES,
  codeMessage,
  httpStatusFor,
  isSuccessCode,
  pickLang,
} from '../src/codes';

describe('isSuccessCode', () => {
  it.each([200, 0, '200', '0', 20000, '20000'])('%j is a success code', (code) => {
    expect(isSuccessCode(code)).toBe(true);
  });
  it.each([
    201,
    202,
    400,
    401,
    402,
    500,
    '201',
    '00',
    ' 200',
    '200 ',
    2000,
    '',
    null,
    undefined,
    false,
    true,
    'ok',
    [200],
    { code: 200 },
  ])('%j is not', (code) => {
    expect(isSuccessCode(code)).toBe(false);
  });
  it('lists exactly the six codes of spec section 8', () => {
    expect([...SUCCESS_CODES]).toEqual([200, 0, '200', '0', 20000, '20000']);
  });
});

describe('httpStatusFor', () => {
  it.each([
    [200, 200],
    [201, 201],
    [202, 202],
    [400, 400],
    [401, 401],
    [402, 402],
    [403, 403],
    [404, 404],
    [409, 409],
    [423, 423],
    [429, 429],
    [500, 500],
    [501, 501],
    [503, 503],
  ])('body code %i → HTTP %i', (code, status) => {
    expect(httpStatusFor(code)).toBe(status);
  });
  it.each([0, 203, 205, 206, 208, 210, 217, 218, 601, 20000])(
    'non-standard code %i → HTTP 200',
    (code) => {
      expect(httpStatusFor(code)).toBe(200);
    },
  );
});

describe('pickLang', () => {
  it.each([
    [undefined, 'zh'],
    ['', 'zh'],
    ['zh-CN,zh;q=0.9', 'zh'],
    ['zh-CN,en;q=0.8', 'zh'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['EN-GB', 'en'],
    [' en-US', 'en'],
    ['fr-FR,en;q=0.5', 'en'],
    ['fr-FR,de;q=0.5', 'zh'],
    ['zh-CN;q=0.1,en-US;q=0.9', 'en'],
    ['en-US;q=0.5,zh-CN;q=0.5', 'en'],
    ['en;q=0,zh;q=0.1', 'zh'],
    ['en-US,zh;q=0.9', 'en'],
    ['zh-Hant-TW,en;q=0.8', 'zh'],
    ['english', 'zh'],
    ['*', 'zh'],
  ] as const)('%j → %s', (header, lang) => {
    expect(pickLang(header)).toBe(lang);
  });
});

describe('codeMessage', () => {
  it('answers from the table in both languages', () => {
    expect(codeMessage(200, 'zh')).toBe('成功');
    expect(codeMessage(200, 'en')).toBe('success');
    expect(codeMessage(402, 'zh')).toBe('令牌已过期');
    expect(codeMessage(402, 'en')).toBe('token expired');
    expect(codeMessage(401, 'en')).toBe('no permission (token invalid or wrong password)');
    expect(codeMessage(0, 'en')).toBe('unknown error (possibly cross-origin or missing address)');
    expect(codeMessage(601, 'zh')).toBe('无权限');
  });
  it('names an unknown code', () => {
    expect(codeMessage(999, 'en')).toBe('error 999');
    expect(codeMessage(999, 'zh')).toBe('错误 999');
  });
  it('has every code of the spec table, each with two non-empty texts', () => {
    for (const code of [
      0, 200, 201, 202, 206, 400, 401, 402, 403, 404, 406, 410, 500, 502, 503, 504, 601,
    ]) {
      expect(CODE_TABLE[code], `code ${code}`).toBeDefined();
    }
    for (const [code, info] of Object.entries(CODE_TABLE)) {
      expect(info.zh.trim(), `zh of ${code}`).not.toBe('');
      expect(info.en.trim(), `en of ${code}`).not.toBe('');
    }
  });
});

describe('roleTitle', () => {
  it('a built-in role in English when the console is; a custom one as written', async () => {
    const { roleTitle } = await import('../src/org');
    expect(roleTitle('区派单员', true)).toBe('District dispatcher');
    expect(roleTitle('区派单员', false)).toBe('区派单员');
    expect(roleTitle('只读领导（自定义）', true)).toBe('只读领导（自定义）');
  });
});
