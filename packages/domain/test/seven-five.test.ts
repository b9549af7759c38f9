import { describe, expect, it } from 'vitest';
import { SEVEN_FIVE_NAMES, SEVEN_FIVE_VALUES, sevenFiveName } from '../src/seven-five';

describe('seven haves and five natures', () => {
  it('offers the seven haves, then the five natures, each with an English name', () => {
    expect(SEVEN_FIVE_VALUES).toHaveLength(12);
    expect(SEVEN_FIVE_VALUES.slice(0, 7).every((v) => v.includes('有所'))).toBe(true);
    expect(SEVEN_FIVE_VALUES.slice(7).every((v) => v.endsWith('性'))).toBe(true);
    for (const v of SEVEN_FIVE_VALUES) {
      expect(SEVEN_FIVE_NAMES[v].zh).toBe(v);
      expect(SEVEN_FIVE_NAMES[v].en).toMatch(/^[A-Z][a-z ]+$/);
    }
  });

  it('names a stored value in the language asked, and shows an unlisted one as it is', () => {
    expect(sevenFiveName('宜居性', 'en')).toBe('Livability');
    expect(sevenFiveName('宜居性', 'zh')).toBe('宜居性');
    expect(sevenFiveName('老有所养', 'en')).toBe('Care for the elderly');
    expect(sevenFiveName('自定义分类', 'en')).toBe('自定义分类');
    expect(sevenFiveName(null, 'en')).toBeNull();
    // no inherited keys of a plain object
    expect(sevenFiveName('toString', 'en')).toBe('toString');
  });
});
