import { describe, expect, it } from 'vitest';
import { canManageUnitPhrases, phraseOffered, PHRASES_UNIT_RULE } from '../src/phrases';

describe('common phrases', () => {
  it('unit phrases are managed by administrators and holders of the unit-phrases rule only', () => {
    expect(canManageUnitPhrases({ admin: true, roles: [], permissions: [] })).toBe(true);
    expect(
      canManageUnitPhrases({ admin: false, roles: ['street'], permissions: [PHRASES_UNIT_RULE] }),
    ).toBe(true);
    expect(
      canManageUnitPhrases({ admin: false, roles: ['street'], permissions: ['/jsjb/street'] }),
    ).toBe(false);
  });

  it("a field is offered its category's phrases and the general ones", () => {
    expect(phraseOffered('reply', 'reply')).toBe(true);
    expect(phraseOffered('any', 'review')).toBe(true);
    expect(phraseOffered('visit', 'reply')).toBe(false);
    expect(phraseOffered('visit', 'any')).toBe(true);
  });
});
