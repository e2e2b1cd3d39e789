import { describe, expect, it } from 'vitest';
import { buildSelectStar } from './buildSelectStar.js';
import { quoteIdentifierIfNeeded, quoteIdentifierWith, quoteLiteralWith } from './quoting.js';

describe('select star', () => {
  it('lists columns one per line and writes the limit the engine way', () => {
    const caps = { identifierQuote: '"' as const, limitStyle: 'LIMIT' as const };
    expect(buildSelectStar(caps, 'main', 'birth_names', ['a', 'b'], 100)).toBe('SELECT\n  a,\n  b\nFROM main.birth_names\nLIMIT 100');
    expect(buildSelectStar(caps, 'main', 'birth_names', [], 100)).toBe('SELECT *\nFROM main.birth_names\nLIMIT 100');
    expect(buildSelectStar({ ...caps, limitStyle: 'TOP' }, null, 't', ['a'], 5)).toBe('SELECT TOP 5\n  a\nFROM t');
    expect(buildSelectStar({ ...caps, limitStyle: 'FETCH_FIRST' }, 's', 't', [], 5)).toBe('SELECT *\nFROM s.t\nFETCH FIRST 5 ROWS ONLY');
    expect(buildSelectStar({ identifierQuote: '`', limitStyle: 'LIMIT' }, 'My DB', 'order', ['Total'], null)).toBe(
      'SELECT\n  `Total`\nFROM `My DB`.`order`',
    );
  });

  it('quotes identifiers and literals safely', () => {
    expect(quoteIdentifierWith('"', 'a"b')).toBe('"a""b"');
    expect(quoteIdentifierWith('`', 'a`b')).toBe('`a``b`');
    expect(quoteIdentifierIfNeeded('"', 'plain_name')).toBe('plain_name');
    expect(quoteIdentifierIfNeeded('"', 'select')).toBe('"select"');
    expect(quoteIdentifierIfNeeded('"', '2col')).toBe('"2col"');
    expect(quoteLiteralWith("it's", false)).toBe("'it''s'");
    expect(quoteLiteralWith('a\\b', true)).toBe("'a\\\\b'");
    expect(quoteLiteralWith('a\\b', false)).toBe("'a\\b'");
    expect(() => quoteLiteralWith('a\0b', false)).toThrow();
  });
});
