import { describe, expect, it } from 'vitest';
import { findTooDeepJson, jsonTextTooDeep, looksLikeJsonText, MAX_JSON_DEPTH } from './jsonDepth.js';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('jsonTextTooDeep', () => {
  it('allows the cap and refuses one level more, for arrays and objects', () => {
    expect(jsonTextTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTextTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTextTooDeep(nestedObject(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTextTooDeep(nestedObject(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTextTooDeep(nested(50_000))).toBe(true);
  });

  it('counts depth, not the number of brackets, and ignores brackets inside strings', () => {
    const wide = `[${Array.from({ length: 1000 }, () => '{"a":[1,{"b":2}]}').join(',')}]`;
    expect(jsonTextTooDeep(wide)).toBe(false);
    expect(jsonTextTooDeep(JSON.stringify({ sql: '['.repeat(1000), quoted: 'say \\"[[[[\\" ok', more: '{'.repeat(500) }))).toBe(false);
    expect(jsonTextTooDeep(`["\\"", ${nested(MAX_JSON_DEPTH)}]`)).toBe(true);
  });

  it('reads broken text without throwing', () => {
    expect(jsonTextTooDeep('[[[')).toBe(false);
    expect(jsonTextTooDeep(']]]]{{')).toBe(false);
    expect(jsonTextTooDeep('"unterminated [[[[')).toBe(false);
  });
});

describe('findTooDeepJson', () => {
  it('finds a value nesting too deep, with its path', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(findTooDeepJson({ queries: [{ extras: deep }] })).toEqual({ path: expect.stringMatching(/^queries\.0\.extras(\.0)+$/), kind: 'structure' });
    expect(findTooDeepJson({ queries: [{ extras: { where: '' } }] })).toBeNull();
  });

  it('finds JSON text nesting too deep inside a string field, and leaves other text alone', () => {
    expect(findTooDeepJson({ slice_name: 'x', params: nested(50_000) })).toEqual({ path: 'params', kind: 'text' });
    expect(findTooDeepJson({ data: `  \n${nestedObject(200)}` })).toEqual({ path: 'data', kind: 'text' });
    expect(findTooDeepJson({ params: nested(10), sql: `SELECT ${'('.repeat(500)}1${')'.repeat(500)}`, css: 'a { b: c }' })).toBeNull();
    // Text that does not start as JSON is not JSON text, whatever brackets it holds later.
    expect(findTooDeepJson({ description: `see ${nested(200)}` })).toBeNull();
  });

  it('walks objects of any prototype (form parsers build such), but not bytes', () => {
    const form = Object.create(Object.create(null) as object) as Record<string, unknown>;
    form.form_data = nested(500);
    expect(findTooDeepJson(form)).toEqual({ path: 'form_data', kind: 'text' });
    expect(findTooDeepJson({ file: new Uint8Array(10_000), raw: new ArrayBuffer(8) })).toBeNull();
  });

  it('answers for 50,000 levels without running out of stack', () => {
    let deep: unknown = null;
    for (let i = 0; i < 50_000; i++) deep = { a: deep };
    expect(findTooDeepJson(deep)?.kind).toBe('structure');
  });

  it('knows JSON text by its first character', () => {
    expect(looksLikeJsonText(' {"a":1}')).toBe(true);
    expect(looksLikeJsonText('[1]')).toBe(true);
    expect(looksLikeJsonText('SELECT 1')).toBe(false);
    expect(looksLikeJsonText('')).toBe(false);
  });
});
