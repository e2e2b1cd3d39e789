import { describe, expect, it } from 'vitest';
import { containsFilter, encodeListQuery } from './listQuery';

describe('encodeListQuery', () => {
  it('encodes a name search with paging and sort as rison', () => {
    const q = encodeListQuery({
      filters: containsFilter('database_name', 'x'),
      order_column: 'database_name',
      order_direction: 'asc',
      page: 0,
      page_size: 25,
    });
    expect(q).toBe('(filters:!((col:database_name,opr:ct,value:x)),order_column:database_name,order_direction:asc,page:0,page_size:25)');
  });

  it('quotes values that need it and leaves out empty filters', () => {
    expect(encodeListQuery({ filters: containsFilter('username', 'ad min') })).toBe("(filters:!((col:username,opr:ct,value:'ad min')))");
    expect(encodeListQuery({ filters: containsFilter('username', '  '), page_size: -1 })).toBe('(page_size:-1)');
  });
});
