import { describe, expect, it } from 'vitest';
import { visibleText } from '../src/lib/visible-text';

describe('visibleText', () => {
  it('shows an override instead of obeying it', () => {
    expect(visibleText('invoice\u202egpj.txt')).toBe('invoice[U+202E]gpj.txt');
  });
  it('shows zero-width, BOM, controls and separators', () => {
    expect(visibleText('a\u200bb\ufeffc\u0007d\u2028e')).toBe(
      'a[U+200B]b[U+FEFF]c[U+0007]d[U+2028]e',
    );
  });
  it('leaves ordinary names, Chinese and Arabic letters alone', () => {
    for (const name of ['现场照片.jpg', 'report (1).pdf', 'ملف.txt']) {
      expect(visibleText(name)).toBe(name);
    }
  });
});
