import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@hotline/contract';
import { issueText, MESSAGES } from '@hotline/domain';
import { get, post } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The contract's own validation messages are message keys (with arguments after `|`), so a
 * refusal says what a field must look like in the caller's language — in Chinese too, where
 * zod's generic "无效输入" used to replace every English hint.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ orders: 0 });
  token = await t.login('dispatcher');
});
afterAll(async () => {
  await t?.close();
});

const LIST = '/api/addons/jsjb/lists/search';

describe('validation messages in both languages', () => {
  it.each([
    [
      LIST,
      { status: 'abc' },
      'status: 须为以下代码之一或多个（逗号分隔）：',
      'status: a list of codes from ',
    ],
    [LIST, { pageSize: 7 }, 'pageSize: 每页条数须为 10, 15, 20', 'pageSize: one of 10, 15, 20'],
    [
      LIST,
      { callTimeFrom: 'yesterday' },
      'callTimeFrom: 须为日期（如 2025-03-01）',
      'callTimeFrom: a date like 2025-03-01',
    ],
    [
      '/api/addons/jsjb/export/kanban',
      { from: '2026-10-05', to: '2026-10-01' },
      'from: 开始日期不能晚于结束日期',
      'from: from is after to',
    ],
  ])('%s %j', async (url, body, zh, en) => {
    const inZh = await post(t, url, body, { token, lang: 'zh' });
    const inEn = await post(t, url, body, { token, lang: 'en' });
    expect([inZh.status, inEn.status]).toEqual([400, 400]);
    expect(inZh.msg.startsWith(zh), inZh.msg).toBe(true);
    expect(inEn.msg.startsWith(en), inEn.msg).toBe(true);
  });

  it('issueText reads a key with its arguments, and nothing else', () => {
    expect(issueText('valid.listPageSize|10, 20|200', 'en')).toBe(
      'one of 10, 20 (200 only with isAmount 1)',
    );
    expect(issueText('valid.exportColumn|abc', 'zh')).toBe('未知的导出列：abc');
    expect(issueText('Invalid input', 'zh')).toBeNull();
    expect(issueText('toString', 'zh')).toBeNull();
  });

  it('every valid.* key has both languages, and the endpoints declare no English hint outside them', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      if (!key.startsWith('valid.')) continue;
      expect(text.zh.length * text.en.length, key).toBeGreaterThan(0);
    }
    // A sentence in English in a schema's checks (a space and no key) would reach Chinese
    // callers as zod's generic words again. Zod keeps a check's message as an `error`
    // function; a superRefine's issues are made at run time (the cases above).
    const english: string[] = [];
    let keys = 0;
    const visit = (value: unknown, seen: Set<unknown>, where: string, depth: number) => {
      if (value === null || typeof value !== 'object' || seen.has(value) || depth > 40) return;
      seen.add(value);
      // a check keeps its definition under a non-enumerable `_zod`
      const zod = (value as { _zod?: unknown })._zod;
      const entries = Object.entries(value);
      if (zod !== undefined && !entries.some(([k]) => k === '_zod')) entries.push(['_zod', zod]);
      for (const [k, v] of entries) {
        let text: unknown = v;
        if (k === 'error' && typeof v === 'function') {
          try {
            text = (v as (issue: object) => unknown)({});
          } catch {
            text = undefined;
          }
        }
        if ((k === 'error' || k === 'message') && typeof text === 'string') {
          if (issueText(text, 'zh') !== null) keys += 1;
          else if (/ /.test(text)) english.push(`${where}: ${text}`);
        }
        visit(v, seen, where, depth + 1);
      }
    };
    for (const ep of allEndpoints()) {
      for (const part of [ep.body, ep.query]) if (part) visit(part, new Set(), ep.paths[0], 0);
    }
    expect(keys).toBeGreaterThan(50);
    expect(english).toEqual([]);
  });
});

describe('success messages in both languages', () => {
  it('a success says 操作成功 to a Chinese caller and success to an English one', async () => {
    // the user info answers with ok()'s default message; lists/search with its own
    for (const lang of ['zh', 'en'] as const) {
      const info = await get(t, '/api/user/userInfo', { token, lang });
      const list = await post(t, LIST, {}, { token, lang });
      const said = lang === 'zh' ? '操作成功' : 'success';
      expect([info.code, info.msg, list.code, list.msg], lang).toEqual([200, said, 200, said]);
    }
  });
});
