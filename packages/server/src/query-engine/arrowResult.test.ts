import { DataType, tableFromIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import type { CellValue } from '../connectors/types.js';
import { decodeArrow, encodeArrow } from './arrowResult.js';

const result = (columns: { name: string; type: string }[], data: CellValue[][]) => ({
  columns: columns.map((c) => ({ ...c, genericType: 'String' as const })),
  data,
  rowCount: data[0]!.length,
  truncated: false,
  rowsAffected: null,
});

describe('Arrow encoding of text columns', () => {
  it('dictionary-encodes repetitive text and reads back the same strings, nulls and unicode included', () => {
    const labels = ['JFK', 'LAX', 'Zürich', '東京', null];
    const values = Array.from({ length: 5000 }, (_, i) => labels[i % labels.length]!);
    const bytes = encodeArrow(result([{ name: 'origin', type: 'VARCHAR' }], [values]));
    const table = tableFromIPC(bytes);
    expect(DataType.isDictionary(table.schema.fields[0]!.type)).toBe(true);
    const column = table.getChildAt(0)!;
    expect(Array.from({ length: 6 }, (_, i) => column.get(i))).toEqual(['JFK', 'LAX', 'Zürich', '東京', null, 'JFK']);
    expect(decodeArrow(bytes).data[0]).toEqual(values);
  });

  it('keeps high-cardinality text as plain Utf8', () => {
    const values = Array.from({ length: 5000 }, (_, i) => `row-${i}`);
    const bytes = encodeArrow(result([{ name: 'id', type: 'VARCHAR' }], [values]));
    const table = tableFromIPC(bytes);
    expect(DataType.isUtf8(table.schema.fields[0]!.type)).toBe(true);
    expect(table.getChildAt(0)!.get(4999)).toBe('row-4999');
  });
});
