import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safeRedirectPath.js';

const HOME = '/superset/welcome/';

describe('safeRedirectPath', () => {
  it.each([
    ['/sqllab/', '/sqllab/'],
    ['/sqllab/?x=1', '/sqllab/?x=1'],
    ['/explore/?slice_id=3#chart', '/explore/?slice_id=3#chart'],
    ['/superset/dashboard/5/?native_filters_key=a%2Fb', '/superset/dashboard/5/?native_filters_key=a%2Fb'],
    ['/sqllab/?sql=SELECT%20%27a%5Cb%27', '/sqllab/?sql=SELECT%20%27a%5Cb%27'],
    // Dot segments resolve as a browser would; non-ASCII is sent percent-encoded (a raw Location header refuses it).
    ['/a/../chart/list/', '/chart/list/'],
    ['/tablemodelview/list/?name=été', '/tablemodelview/list/?name=%C3%A9t%C3%A9'],
  ])('follows the local path %s', (next, expected) => {
    expect(safeRedirectPath(next, HOME)).toBe(expected);
  });

  it.each([
    // absolute and scheme-relative
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/',
    '///evil.example/',
    // backslashes read as slashes
    '/\\evil.example/',
    '\\\\evil.example/',
    '\\/evil.example/',
    // control characters browsers drop (finding 7: `/%09/evil.example/` arrived as `/\t/evil.example/`)
    '/\t/evil.example/',
    '/\n/evil.example/',
    '/\r/evil.example/',
    '\t//evil.example/',
    '/\u0000/evil.example/',
    '/sqllab/\u001f',
    // percent-encoded variants, once or several times
    '/%2F/evil.example/',
    '/%2f%2fevil.example/',
    '%2F%2Fevil.example/',
    '/%5Cevil.example/',
    '/%5C%5Cevil.example/',
    '/%09/evil.example/',
    '/%0A/evil.example/',
    '/%252F/evil.example/',
    '/%25252F/evil.example/',
    '/%2525252F/evil.example/',
    // resolving to another origin or to `//...`
    '/..//evil.example/',
    '/./%2E%2E//evil.example/',
    // not a path at all
    'relative/path',
    ' /sqllab/',
    '',
    null,
    undefined,
    42,
    ['/sqllab/'],
    `/${'a'.repeat(9000)}`,
  ])('refuses %j and falls back', (next) => {
    expect(safeRedirectPath(next, HOME)).toBe(HOME);
  });

  it('never returns an address that leaves the origin, whatever the input', () => {
    const pieces = ['/', '\\', '%2F', '%5C', '%09', '\t', '.', '..', 'evil.example', '%2E', ':', '@', '?', '#', '%25'];
    let n = 0;
    for (const a of pieces) {
      for (const b of pieces) {
        for (const c of pieces) {
          const out = safeRedirectPath(`/${a}${b}${c}/x`, HOME);
          const resolved = new URL(out, 'http://tessera.local/login/');
          expect(resolved.origin, `/${a}${b}${c}/x -> ${out}`).toBe('http://tessera.local');
          expect(out.startsWith('/') && !out.startsWith('//') && !out.startsWith('/\\')).toBe(true);
          n++;
        }
      }
    }
    expect(n).toBe(pieces.length ** 3);
  });
});
