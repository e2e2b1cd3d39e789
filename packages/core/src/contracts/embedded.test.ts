import { describe, expect, it } from 'vitest';
import { frameAncestorsOf, guestTokenCreateSchema, originAllowed, parseAllowedDomains } from './embedded.js';

describe('embedded dashboards: allowed domains', () => {
  it('allows any origin when the list is empty (Superset), and none without an origin otherwise', () => {
    expect(originAllowed([], null)).toBe(true);
    expect(originAllowed([], 'https://anything.example')).toBe(true);
    expect(originAllowed(['example.com'], null)).toBe(false);
    expect(originAllowed(['example.com'], 'not a url')).toBe(false);
  });

  it('matches an entry with a scheme as a whole origin, default ports included', () => {
    const allowed = ['https://host.example.com', 'http://localhost:3000/'];
    expect(originAllowed(allowed, 'https://host.example.com')).toBe(true);
    expect(originAllowed(allowed, 'https://host.example.com:443')).toBe(true);
    expect(originAllowed(allowed, 'http://host.example.com')).toBe(false);
    expect(originAllowed(allowed, 'https://host.example.com:8443')).toBe(false);
    expect(originAllowed(allowed, 'http://localhost:3000')).toBe(true);
    expect(originAllowed(allowed, 'http://localhost:3001')).toBe(false);
    expect(originAllowed(allowed, 'https://evil-host.example.com')).toBe(false);
  });

  it('matches an entry without a scheme by host, and by port when it names one', () => {
    expect(originAllowed(['Host.Example.com'], 'https://host.example.com:8080')).toBe(true);
    expect(originAllowed(['host.example.com:8080'], 'http://host.example.com:8080')).toBe(true);
    expect(originAllowed(['host.example.com:8080'], 'http://host.example.com:9090')).toBe(false);
    expect(originAllowed(['example.com'], 'https://sub.example.com')).toBe(false);
    expect(originAllowed(['example.com'], 'https://example.com.evil.net')).toBe(false);
  });

  it('writes frame-ancestors from the list: any when empty, none when nothing usable is left', () => {
    expect(frameAncestorsOf([])).toBe('*');
    expect(frameAncestorsOf(['https://a.example', 'b.example:8080/'])).toBe('https://a.example b.example:8080');
    expect(frameAncestorsOf(["x; script-src 'unsafe-inline'"])).toBe("'none'");
  });

  it('splits the modal text on commas', () => {
    expect(parseAllowedDomains(' a.com, https://b.com ,,')).toEqual(['a.com', 'https://b.com']);
    expect(parseAllowedDomains('  ')).toEqual([]);
  });
});

describe('guest token request', () => {
  it("takes Superset's body and refuses unknown fields and resource types", () => {
    const ok = guestTokenCreateSchema.safeParse({ user: { username: 'u' }, resources: [{ type: 'dashboard', id: 'abc' }], rls: [{ dataset: 1, clause: 'a = 1' }, { clause: 'b = 2' }] });
    expect(ok.success).toBe(true);
    expect(guestTokenCreateSchema.safeParse({ resources: [{ type: 'chart', id: 'abc' }], rls: [] }).success).toBe(false);
    expect(guestTokenCreateSchema.safeParse({ resources: [], rls: [] }).success).toBe(false);
    expect(guestTokenCreateSchema.safeParse({ resources: [{ type: 'dashboard', id: 'x' }], rls: [{ clause: ' ' }] }).success).toBe(false);
  });
});
