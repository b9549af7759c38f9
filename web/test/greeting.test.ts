import { describe, expect, it } from 'vitest';
import { greetingKey, type GreetingKey } from '../src/lib/greeting';
import zhCN from '../src/i18n/zh-CN';
import enUS from '../src/i18n/en-US';

describe('greetingKey', () => {
  const expected: [number, GreetingKey][] = [
    [0, 'morning'],
    [7, 'morning'],
    [8, 'forenoon'],
    [11, 'forenoon'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
  ];

  it.each(expected)('hour %i → %s', (hour, key) => {
    expect(greetingKey(hour)).toBe(key);
  });

  it('covers every hour with the spec texts in Chinese', () => {
    const texts = Array.from({ length: 24 }, (_, hour) => zhCN.greeting[greetingKey(hour)]);
    expect(texts).toEqual([
      ...Array<string>(8).fill('早上好'),
      ...Array<string>(4).fill('上午好'),
      ...Array<string>(2).fill('中午好'),
      ...Array<string>(4).fill('下午好'),
      ...Array<string>(6).fill('晚上好'),
    ]);
  });

  it('has an English text for every key', () => {
    for (const key of Object.keys(zhCN.greeting) as GreetingKey[]) {
      expect(enUS.greeting[key]).toMatch(/^Good /);
    }
  });
});
