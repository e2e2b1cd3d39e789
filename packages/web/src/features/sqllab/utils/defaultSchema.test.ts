import { describe, expect, it } from 'vitest';
import { defaultSchemaOf } from './defaultSchema';

describe('defaultSchemaOf', () => {
  it("prefers each engine's usual schema, else a lone schema, else nothing", () => {
    expect(defaultSchemaOf('duckdb', ['information_schema', 'main', 'staging'])).toBe('main');
    expect(defaultSchemaOf('postgresql', ['analytics', 'public'])).toBe('public');
    expect(defaultSchemaOf('mysql', ['shop'])).toBe('shop');
    expect(defaultSchemaOf('mysql', ['shop', 'hr'])).toBeNull();
    expect(defaultSchemaOf(undefined, [])).toBeNull();
  });
});
