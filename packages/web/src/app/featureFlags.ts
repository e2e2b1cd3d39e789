import { APP_BOOTSTRAP_ATTRIBUTE, APP_BOOTSTRAP_ELEMENT_ID, type AppBootstrap, type AppFeatureFlags } from '@tessera/core';

const DEFAULTS: AppFeatureFlags = { DASHBOARD_RBAC: false, ESCAPE_MARKDOWN_HTML: false, DASHBOARD_CROSS_FILTERS: true, GLOBAL_ASYNC_QUERIES: false };

let flags: AppFeatureFlags | null = null;

/** The server's feature flags, from the page's bootstrap (the dev server's page has none: the defaults then). */
export function featureFlags(): AppFeatureFlags {
  if (flags) return flags;
  let found: Partial<AppFeatureFlags> = {};
  try {
    const text = document.getElementById(APP_BOOTSTRAP_ELEMENT_ID)?.getAttribute(APP_BOOTSTRAP_ATTRIBUTE);
    if (text) found = (JSON.parse(text) as AppBootstrap).common?.feature_flags ?? {};
  } catch {
    // A page without a readable bootstrap keeps the defaults.
  }
  flags = { ...DEFAULTS, ...found };
  return flags;
}

export function isFeatureEnabled(name: keyof AppFeatureFlags): boolean {
  return featureFlags()[name];
}

/** Tests set the flags a screen reads. */
export function setFeatureFlagsForTest(next: Partial<AppFeatureFlags> | null): void {
  flags = next ? { ...DEFAULTS, ...next } : null;
}
