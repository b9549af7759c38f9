import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD_POLICY,
  PASSWORD_MAX_LENGTH,
  passwordClasses,
  passwordPolicyFrom,
  passwordProblem,
} from '../src/admin/password-policy';

describe('passwordClasses', () => {
  it('counts lower-case, upper-case, digits and other characters', () => {
    expect(passwordClasses('')).toBe(0);
    expect(passwordClasses('abc')).toBe(1);
    expect(passwordClasses('abcDEF')).toBe(2);
    expect(passwordClasses('abcDEF123')).toBe(3);
    expect(passwordClasses('abcDEF123!')).toBe(4);
    expect(passwordClasses('密码密码')).toBe(1);
    expect(passwordClasses('12345678')).toBe(1);
  });
});

describe('passwordProblem', () => {
  const policy = { minLength: 8, classes: 2 };

  it('accepts a password that meets the policy', () => {
    expect(passwordProblem('River2026', policy)).toBeNull();
    expect(passwordProblem('abcdefg1', policy)).toBeNull();
  });

  it('too short: names the minimum', () => {
    expect(passwordProblem('Ab1', policy)).toEqual({
      key: 'password.tooShort',
      params: { min: 8 },
    });
    expect(passwordProblem('Abcdef1', policy)?.key).toBe('password.tooShort');
    expect(passwordProblem('Abcdefg1', policy)).toBeNull();
  });

  it('too long: over the fixed maximum', () => {
    const long = `Aa1${'x'.repeat(PASSWORD_MAX_LENGTH - 2)}`;
    expect(passwordProblem(long, policy)).toEqual({
      key: 'password.tooLong',
      params: { max: PASSWORD_MAX_LENGTH },
    });
    expect(passwordProblem(long.slice(1), policy)).toBeNull();
  });

  it('too simple: fewer character classes than the policy asks', () => {
    expect(passwordProblem('abcdefgh', policy)).toEqual({
      key: 'password.tooSimple',
      params: { classes: 2 },
    });
    expect(passwordProblem('abcdefg1', { minLength: 8, classes: 3 })?.key).toBe(
      'password.tooSimple',
    );
    expect(passwordProblem('abcdeF1!', { minLength: 8, classes: 4 })).toBeNull();
    expect(passwordProblem('abcdefgh', { minLength: 8, classes: 1 })).toBeNull();
  });

  it('must not contain the user name (any case)', () => {
    expect(passwordProblem('xWangWei9', policy, { username: 'wangwei' })?.key).toBe(
      'password.likeUsername',
    );
    expect(passwordProblem('River2026', policy, { username: 'wangwei' })).toBeNull();
  });

  it('must differ from the old one', () => {
    expect(passwordProblem('River2026', policy, { oldPassword: 'River2026' })?.key).toBe(
      'password.sameAsOld',
    );
    expect(passwordProblem('River2027', policy, { oldPassword: 'River2026' })).toBeNull();
  });

  it('reports the first broken rule: length before classes before the user name', () => {
    expect(passwordProblem('wang', policy, { username: 'wang' })?.key).toBe('password.tooShort');
    expect(passwordProblem('wangweiwang', policy, { username: 'wang' })?.key).toBe(
      'password.tooSimple',
    );
  });
});

describe('passwordPolicyFrom', () => {
  it('reads the two settings', () => {
    expect(passwordPolicyFrom({ password_min_length: '12', password_classes: '3' })).toEqual({
      minLength: 12,
      classes: 3,
    });
  });

  it('falls back to the defaults for missing or unusable values', () => {
    expect(passwordPolicyFrom({})).toEqual(DEFAULT_PASSWORD_POLICY);
    expect(passwordPolicyFrom({ password_min_length: 'x', password_classes: '' })).toEqual(
      DEFAULT_PASSWORD_POLICY,
    );
    expect(passwordPolicyFrom({ password_min_length: '5', password_classes: '5' })).toEqual(
      DEFAULT_PASSWORD_POLICY,
    );
    expect(passwordPolicyFrom({ password_min_length: '33', password_classes: '0' })).toEqual(
      DEFAULT_PASSWORD_POLICY,
    );
    expect(passwordPolicyFrom({ password_min_length: '8.5', password_classes: '2.5' })).toEqual(
      DEFAULT_PASSWORD_POLICY,
    );
  });

  it('accepts the ends of the ranges', () => {
    expect(passwordPolicyFrom({ password_min_length: '6', password_classes: '1' })).toEqual({
      minLength: 6,
      classes: 1,
    });
    expect(passwordPolicyFrom({ password_min_length: '32', password_classes: '4' })).toEqual({
      minLength: 32,
      classes: 4,
    });
  });
});
