import { describe, expect, it } from 'vitest';
import { encodeListQuery } from '../../../api/listQuery';
import { buildSavedQueryFilters, EMPTY_SAVED_QUERY_FILTERS } from './buildSavedQueryFilters';

describe('buildSavedQueryFilters', () => {
  it('sends nothing for empty filters', () => {
    expect(buildSavedQueryFilters(EMPTY_SAVED_QUERY_FILTERS)).toEqual([]);
    expect(buildSavedQueryFilters({ ...EMPTY_SAVED_QUERY_FILTERS, search: '   ' })).toEqual([]);
  });

  it('composes search, database and schema in the rison Superset sends', () => {
    const filters = buildSavedQueryFilters({ search: 'x', databaseId: 1, schema: 'main' });
    expect(encodeListQuery({ filters, order_column: 'changed_on_delta_humanized', order_direction: 'desc', page: 0, page_size: 25 })).toBe(
      "(filters:!((col:all_text,opr:all_text,value:x),(col:database,opr:rel_o_m,value:1),(col:schema,opr:eq,value:main)),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:25)",
    );
  });
});
