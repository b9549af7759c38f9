import { describe, expect, it } from 'vitest';
import { escapeXml } from '../../src/modules/open311/open311-format';
import { random, randomText } from '../support/random-text';

/**
 * Open311's XML text: markup characters escaped, characters XML 1.0 cannot hold dropped (C0
 * controls but tab, LF and CR; lone surrogates; U+FFFE and U+FFFF), everything else — Chinese,
 * emoji as surrogate pairs — kept. `escapeXml` skips the work when nothing needs it; held here to
 * the full chain of replacements on random text of every kind of character.
 */

function reference(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text[i]! + text[i + 1]!;
        i++;
      }
      continue;
    }
    if (c >= 0xdc00 && c <= 0xdfff) continue;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff) {
      continue;
    }
    const ch = text[i]!;
    out += { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }[ch] ?? ch;
  }
  return out;
}

describe('escapeXml', () => {
  it('leaves text with nothing to escape as it is', () => {
    for (const text of ['', '路灯不亮', '2026-11-25T09:30:00+08:00', 'C010101', '12.5']) {
      expect(escapeXml(text)).toBe(text);
    }
  });

  it('escapes markup and drops what XML cannot hold', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
    expect(escapeXml('a\u0000b\u0007c\td\ne\rf')).toBe('abc\td\ne\rf');
    expect(escapeXml('😀 \uD83D x \uDE00 \uFFFE\uFFFF')).toBe('😀  x  ');
  });

  it('agrees with the full chain of replacements on random text', () => {
    const next = random(20261205);
    for (let n = 0; n < 5_000; n++) {
      const text = randomText(next, 24);
      expect(escapeXml(text), JSON.stringify(text)).toBe(reference(text));
    }
  });
});
