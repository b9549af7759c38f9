import { describe, expect, it } from 'vitest';
import { can, hasRule, type Acl } from '../src/permission';
import { RULES } from '../src/org';

const admin: Acl = { admin: true, roles: [], permissions: [] };
const dispatcher: Acl = {
  admin: false,
  roles: ['dispatcher'],
  permissions: [RULES.districtQuery, RULES.case, RULES.dispatcherClock],
};
const street: Acl = { admin: false, roles: ['street'], permissions: [RULES.street] };
const nobody: Acl = { admin: false, roles: [], permissions: [] };

describe('can', () => {
  it('grants an admin everything, whatever the guard', () => {
    expect(can(admin, ['/nothing'])).toBe(true);
    expect(can(admin, { role: ['x'], permission: ['/y'], mode: 'allOf' })).toBe(true);
    expect(can(admin, { role: ['admin'], mode: 'except' })).toBe(true);
  });

  it('lets anyone through a null, undefined or empty guard', () => {
    expect(can(nobody, null)).toBe(true);
    expect(can(nobody, undefined)).toBe(true);
    expect(can(nobody, [])).toBe(true);
    expect(can(nobody, {})).toBe(true);
    expect(can(nobody, { role: [], permission: [] })).toBe(true);
  });

  it('reads a list as any-of over roles plus permissions', () => {
    expect(can(dispatcher, ['dispatcher'])).toBe(true); // a role
    expect(can(dispatcher, [RULES.case])).toBe(true); // a permission
    expect(can(dispatcher, ['/other', RULES.dispatcherClock])).toBe(true); // one of several
    expect(can(dispatcher, ['street', RULES.street])).toBe(false);
    expect(can(street, [RULES.districtQuery, RULES.leader])).toBe(false);
    expect(can(nobody, ['dispatcher'])).toBe(false);
  });

  it('does not confuse a role name with a permission of the same text', () => {
    const acl: Acl = { admin: false, roles: [], permissions: ['/jsjb/bm'] };
    expect(can(acl, { role: ['/jsjb/bm'] })).toBe(false);
    expect(can(acl, { permission: ['/jsjb/bm'] })).toBe(true);
  });

  it('mode oneOf (the default) needs one of the listed', () => {
    expect(can(dispatcher, { role: ['leader', 'dispatcher'] })).toBe(true);
    expect(can(dispatcher, { role: ['leader', 'dispatcher'], mode: 'oneOf' })).toBe(true);
    expect(can(dispatcher, { role: ['leader', 'street'] })).toBe(false);
    expect(can(dispatcher, { permission: ['/x', RULES.case], mode: 'oneOf' })).toBe(true);
  });

  it('mode allOf needs every listed item', () => {
    expect(can(dispatcher, { permission: [RULES.districtQuery, RULES.case], mode: 'allOf' })).toBe(
      true,
    );
    expect(
      can(dispatcher, { permission: [RULES.districtQuery, RULES.leader], mode: 'allOf' }),
    ).toBe(false);
    expect(can(dispatcher, { role: ['dispatcher', 'leader'], mode: 'allOf' })).toBe(false);
  });

  it('mode except needs none of the listed items', () => {
    expect(can(street, { role: ['dispatcher', 'leader'], mode: 'except' })).toBe(true);
    expect(can(dispatcher, { role: ['dispatcher'], mode: 'except' })).toBe(false);
    expect(can(dispatcher, { permission: [RULES.street], mode: 'except' })).toBe(true);
    expect(can(street, { permission: [RULES.street], mode: 'except' })).toBe(false);
    expect(can(nobody, { permission: ['/a', '/b'], mode: 'except' })).toBe(true);
  });

  it('an object with role and permission needs both parts to pass', () => {
    expect(can(dispatcher, { role: ['dispatcher'], permission: [RULES.case] })).toBe(true);
    expect(can(dispatcher, { role: ['dispatcher'], permission: [RULES.street] })).toBe(false);
    expect(can(dispatcher, { role: ['street'], permission: [RULES.case] })).toBe(false);
    expect(
      can(dispatcher, {
        role: ['dispatcher'],
        permission: [RULES.districtQuery, RULES.case],
        mode: 'allOf',
      }),
    ).toBe(true);
    expect(can(street, { role: ['dispatcher'], permission: [RULES.case], mode: 'except' })).toBe(
      true,
    );
    expect(can(street, { role: ['dispatcher'], permission: [RULES.street], mode: 'except' })).toBe(
      false,
    );
  });
});

describe('hasRule', () => {
  const rules = [RULES.districtQuery, RULES.case];

  it('is true when the list holds one of the #-separated strings', () => {
    expect(hasRule(rules, '/jsjb/dw#/jsjb/case')).toBe(true);
    expect(hasRule(rules, '/jsjb/case')).toBe(true);
    expect(hasRule(rules, '/jsjb/bm#/jsjb/dw')).toBe(true);
    expect(hasRule([RULES.case], '/jsjb/dw#/jsjb/case')).toBe(true);
  });

  it('is false when none matches, and matches whole strings only', () => {
    expect(hasRule(rules, '/jsjb/bm#/jsjb/sbld')).toBe(false);
    expect(hasRule(rules, '/jsjb')).toBe(false);
    expect(hasRule(rules, '/jsjb/dw/extra')).toBe(false);
    expect(hasRule([], '/jsjb/dw')).toBe(false);
  });

  it('ignores blanks and surrounding spaces; an empty spec matches nothing', () => {
    expect(hasRule(rules, ' /jsjb/bm # /jsjb/case ')).toBe(true);
    expect(hasRule(rules, '')).toBe(false);
    expect(hasRule(rules, '##')).toBe(false);
    expect(hasRule(['', '/x'], '#')).toBe(false);
  });
});
