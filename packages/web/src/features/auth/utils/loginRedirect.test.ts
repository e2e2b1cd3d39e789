import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './loginRedirect';

describe('login redirects', () => {
  it('follows internal paths', () => {
    expect(safeNextPath('/sqllab/?x=1')).toBe('/sqllab/?x=1');
  });

  it.each(['https://evil.example/', '//evil.example/', 'javascript:alert(1)', 'relative', '/login/', null])(
    'refuses %s and falls back to the welcome page',
    (next) => {
      expect(safeNextPath(next)).toBe('/superset/welcome/');
    },
  );

  it('builds the login address with the current path as next', () => {
    expect(loginPathFor({ pathname: '/databaseview/list/', search: '?a=b' })).toBe('/login/?next=%2Fdatabaseview%2Flist%2F%3Fa%3Db');
  });
});
