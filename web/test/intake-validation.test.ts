import { describe, expect, it } from 'vitest';
import {
  canMergeInto,
  checkLabels,
  checkPhone,
  checkText,
  intakeBody,
  similarQuery,
} from '../src/features/intake/validation';

describe('intake rules (as the server checks them)', () => {
  it('phone: mainland mobile or fixed line', () => {
    for (const ok of ['13812345678', '010-12345678', '0731-1234567', '01012345678'])
      expect(checkPhone(ok), ok).toBeNull();
    for (const bad of ['12812345678', '1381234567', '010-123', 'abc'])
      expect(checkPhone(bad), bad).toEqual({ kind: 'phoneInvalid' });
    expect(checkPhone('  ')).toEqual({ kind: 'required' });
  });
  it('texts: required, minimum for the content, maximum', () => {
    expect(checkText('  ', 50)).toEqual({ kind: 'required' });
    expect(checkText('短内容', 5000, 10)).toEqual({ kind: 'contentShort' });
    expect(checkText('x'.repeat(51), 50)).toEqual({ kind: 'tooLong', max: 50 });
    expect(checkText('张三', 50)).toBeNull();
  });
  it('labels: at most 10 of at most 20 characters', () => {
    expect(checkLabels(undefined)).toBeNull();
    expect(checkLabels(['a', 'b'])).toBeNull();
    expect(checkLabels(Array.from({ length: 11 }, (_, i) => `l${i}`))).toEqual({
      kind: 'labelsInvalid',
    });
    expect(checkLabels(['x'.repeat(21)])).toEqual({ kind: 'labelsInvalid' });
  });
  it('builds the body: trimmed, defaults, merge target', () => {
    const body = intakeBody(
      {
        title: ' 路灯不亮 ',
        majorContent: ' 小区门口路灯连续三天不亮，影响出行 ',
        callerName: '张三',
        callerPhone: '13812345678',
        address: '望湖路1号',
        categoryId: 9,
        urgency: 'general',
        orderNature: 'complaint',
        labels: [' 夜间 ', ''],
      },
      42,
    );
    expect(body).toEqual({
      title: '路灯不亮',
      majorContent: '小区门口路灯连续三天不亮，影响出行',
      callerName: '张三',
      callerPhone: '13812345678',
      callerCount: 1,
      callerSubject: 'individual',
      address: '望湖路1号',
      categoryId: 9,
      urgency: 'general',
      orderNature: 'complaint',
      typeId: 5,
      labels: ['夜间'],
      mergeIntoId: 42,
    });
  });
  it('asks for similar orders once the title has 2 characters; only open orders take a merge', () => {
    expect(similarQuery('路', '')).toBeNull();
    expect(similarQuery('路灯', ' ')).toEqual({ title: '路灯' });
    expect(similarQuery('路灯', '不亮了')).toEqual({ title: '路灯', content: '不亮了' });
    expect([0, 1, 11, 12, 71, 91, 92].map(canMergeInto)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
