import { afterEach, describe, expect, it } from 'vitest';
import { featureFlags, isFeatureEnabled, setFeatureFlagsForTest } from './featureFlags';

describe('feature flags', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    setFeatureFlagsForTest(null);
  });

  it("reads the server's flags from the page's bootstrap", () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute('data-bootstrap', JSON.stringify({ common: { feature_flags: { DASHBOARD_RBAC: true, ESCAPE_MARKDOWN_HTML: true } } }));
    document.body.append(root);
    expect(isFeatureEnabled('DASHBOARD_RBAC')).toBe(true);
    expect(featureFlags()).toMatchObject({ ESCAPE_MARKDOWN_HTML: true, DASHBOARD_CROSS_FILTERS: true, GLOBAL_ASYNC_QUERIES: false });
  });

  it('keeps the defaults when the page has no bootstrap or an unreadable one', () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute('data-bootstrap', '{not json');
    document.body.append(root);
    expect(featureFlags()).toEqual({ DASHBOARD_RBAC: false, ESCAPE_MARKDOWN_HTML: false, DASHBOARD_CROSS_FILTERS: true, GLOBAL_ASYNC_QUERIES: false });
  });
});
