import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './loginRedirect';

describe('login redirects', () => {
  it('follows internal paths', () => {
    expect(safeNextPath('/sqllab/?x=1')).toBe('/sqllab/?x=1');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    'javascript:alert(1)',
    'relative',
    '/login/',
    '/logout/',
    null,
    // What `?next=/%09/evil.example/` reads as once the page decodes it, and its relatives (finding 7).
    '/\t/evil.example/',
    '/\n/evil.example/',
    '/\\evil.example/',
    '/%2F%2Fevil.example/',
    '/%5Cevil.example/',
    '/%09/evil.example/',
    '/..//evil.example/',
  ])(
    'refuses %s and falls back to the welcome page',
    (next) => {
      expect(safeNextPath(next)).toBe('/superset/welcome/');
    },
  );

  it('builds the login address with the current path as next', () => {
    expect(loginPathFor({ pathname: '/databaseview/list/', search: '?a=b' })).toBe('/login/?next=%2Fdatabaseview%2Flist%2F%3Fa%3Db');
  });
});
