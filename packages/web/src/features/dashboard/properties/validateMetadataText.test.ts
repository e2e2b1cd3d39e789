import { describe, expect, it } from 'vitest';
import { validateMetadataText } from './validateMetadataText';

describe('validateMetadataText', () => {
  it('accepts an object or nothing', () => {
    expect(validateMetadataText('{"color_scheme": "d3Category10"}')).toBeNull();
    expect(validateMetadataText('  ')).toBeNull();
  });

  it('refuses broken JSON, non-objects and absurd nesting', () => {
    expect(validateMetadataText('{"a":')).toBe('JSON metadata is not valid JSON');
    expect(validateMetadataText('[1]')).toBe('JSON metadata must be an object');
    expect(validateMetadataText('"x"')).toBe('JSON metadata must be an object');
    expect(validateMetadataText(`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`)).toBe('JSON metadata is nested too deeply');
  });
});
