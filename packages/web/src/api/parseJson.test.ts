import { describe, expect, it } from 'vitest';
import { parseJson } from './parseJson';

describe('parseJson', () => {
  it('keeps 9007199254740993 exact as a string', () => {
    const parsed = parseJson('{"id": 9007199254740993}') as { id: unknown };
    expect(parsed.id).toBe('9007199254740993');
  });

  it('keeps negative big integers exact', () => {
    expect(parseJson('[-9007199254740993]')).toEqual(['-9007199254740993']);
  });

  it('returns safe integers and floats as numbers', () => {
    expect(parseJson('{"a": 9007199254740991, "b": 1.5, "c": -3, "d": 1e3}')).toEqual({
      a: 9007199254740991,
      b: 1.5,
      c: -3,
      d: 1000,
    });
  });

  it('parses nested structures, strings, booleans and null like JSON.parse', () => {
    const text = '{"result":[{"name":"x","ok":true,"v":null,"n":[1,2]}],"count":1}';
    expect(parseJson(text)).toEqual(JSON.parse(text));
  });

  it('throws on invalid JSON', () => {
    expect(() => parseJson('<html>')).toThrow();
  });
});
