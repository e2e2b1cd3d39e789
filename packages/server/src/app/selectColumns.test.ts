import { describe, expect, it } from 'vitest';
import { selectColumns } from './selectColumns.js';

const chart = { id: 1, slice_name: 'a', viz_type: 'table', owners: [{ id: 2, first_name: 'A', last_name: 'B' }], table: { table_name: 't', schema: 's' } };

describe('FAB column and key selections', () => {
  it('keeps only the selected fields of a shown object, nested ones by dotted name', () => {
    const shown = { id: 1, result: chart, show_columns: ['id', 'slice_name', 'owners', 'table'], show_title: 'Show Slice' };
    expect(selectColumns(shown, { columns: ['slice_name', 'owners.id', 'table.table_name', 'nope'] })).toEqual({
      id: 1,
      result: { slice_name: 'a', owners: [{ id: 2 }], table: { table_name: 't' } },
      show_columns: ['slice_name', 'owners.id', 'table.table_name', 'nope'],
      show_title: 'Show Slice',
    });
  });

  it('applies to every item of a list and keeps count and ids', () => {
    const list = { count: 1, ids: [1], result: [chart], list_columns: ['id'], order_columns: [] };
    expect(selectColumns(list, { columns: ['id'] })).toEqual({ count: 1, ids: [1], result: [{ id: 1 }], list_columns: ['id'], order_columns: [] });
  });

  it('keeps only the asked envelope keys', () => {
    const info = { permissions: ['can_read'], add_columns: [], filters: {} };
    expect(selectColumns(info, { keys: ['permissions'] })).toEqual({ permissions: ['can_read'] });
    expect(selectColumns({ count: 1, ids: [1], result: [], list_title: 'x', label_columns: {} }, { keys: ['none'] })).toEqual({ count: 1, ids: [1], result: [] });
  });

  it('leaves other payloads alone', () => {
    expect(selectColumns([1, 2], { columns: ['id'] })).toEqual([1, 2]);
    expect(selectColumns({ message: 'x' }, { columns: ['id'] })).toEqual({ message: 'x' });
  });
});
