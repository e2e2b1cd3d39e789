import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/testApp.js';
import { HELMET_OPTIONS, securityHeadersOf } from './securityHeaders.js';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('are worked out once from the helmet options, with our content security policy', () => {
    const headers = securityHeadersOf(HELMET_OPTIONS);
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('reach every answer: pages, API calls and errors', async () => {
    for (const path of ['/login/', '/api/v1/me/', '/api/v1/nowhere']) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(res.headers.get('strict-transport-security'), path).toMatch(/max-age=/);
    }
  });
});
