import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, passwordClassCount, passwordProblems } from './passwordPolicy.js';

describe('passwordProblems', () => {
  it('accepts 12 characters or more by default, without a class rule', () => {
    expect(passwordProblems('correct horse battery', 'ann')).toEqual([]);
    expect(passwordProblems('abcdefghijkx', 'ann')).toEqual([]);
    expect(passwordProblems('abcdefghijk', 'ann')).toEqual(['Password must be at least 12 characters long.']);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblems('😀😀😀😀😀😀😀😀😀😀😀', null)).toEqual(['Password must be at least 12 characters long.']);
  });

  it('accepts the admin passwords the tests, e2e and the benches start with, and a generated one', () => {
    for (const password of ['admin-test-password', 'e2e-admin-password', 'bench-admin-password', 'soak-admin-password', 'password-123']) {
      expect(passwordProblems(password, 'admin'), password).toEqual([]);
    }
    expect(passwordProblems('q0Wc3JbKZr6xvN_t', 'admin')).toEqual([]);
  });

  it('refuses the username, and a password that is the username plus a short rest', () => {
    expect(passwordProblems('Gina.Lopez', 'gina.lopez')).toEqual(['Password must not be the username.']);
    expect(passwordProblems('gina-password', 'gina')).toEqual([
      'Password must not contain the username: without it, it needs at least 12 characters.',
    ]);
    expect(passwordProblems('GINAginaGina2024!', 'gina')).toHaveLength(1);
    // The rest alone is long enough: the username in it takes nothing away.
    expect(passwordProblems('gina-likes-long-walks', 'gina')).toEqual([]);
  });

  it('refuses the most common passwords whatever the case, also behind the username', () => {
    expect(passwordProblems('Password1234', 'ann')).toEqual(['This password is one of the most commonly used; choose another.']);
    expect(passwordProblems('qwerty123456', null)).toEqual(['This password is one of the most commonly used; choose another.']);
    expect(passwordProblems('annqwerty123456', 'ann')).toContain('This password is one of the most commonly used; choose another.');
  });

  it('applies a class rule when one is set', () => {
    const policy = { ...DEFAULT_PASSWORD_POLICY, requireClasses: 3 };
    expect(passwordProblems('all lowercase words', 'ann', policy)).toEqual([
      'Password must use at least 3 of: lowercase letters, uppercase letters, digits, symbols.',
    ]);
    expect(passwordProblems('Lowercase words 2', 'ann', policy)).toEqual([]);
    expect(passwordClassCount('aA1!')).toBe(4);
    expect(passwordClassCount('ßÉ٣')).toBe(3);
  });

  it('follows the configured minimum length', () => {
    expect(passwordProblems('shortish', null, { minLength: 8, requireClasses: 0 })).toEqual([]);
    expect(passwordProblems('correct horse battery', null, { minLength: 24, requireClasses: 0 })).toEqual([
      'Password must be at least 24 characters long.',
    ]);
  });
});
