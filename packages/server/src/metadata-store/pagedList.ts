import { sql, type SelectQueryBuilder } from 'kysely';

export interface PageRequest {
  /** A qualified column (`slices.changed_on`) from the entity's own order map, never caller text. */
  orderRef: string;
  direction: 'asc' | 'desc';
  page: number;
  /** Negative: every row (exports, bulk checks). */
  pageSize: number;
}

/**
 * The tail every list endpoint shares: count what the filters keep, then read one page of the joined
 * rows, ordered by the asked column with the id breaking ties so that pages never repeat or skip a row.
 * `base` is the filtered FROM (no select yet); `idRef` the entity's qualified id column.
 */
export async function pagedList<O>(
  base: SelectQueryBuilder<any, any, object>,
  joined: SelectQueryBuilder<any, any, O>,
  idRef: string,
  p: PageRequest,
): Promise<{ rows: O[]; count: number }> {
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let query = joined
    .where(sql.ref(idRef), 'in', base.select(sql.ref(idRef).as('id')))
    .orderBy(sql.ref(p.orderRef), p.direction)
    .orderBy(sql.ref(idRef), 'asc');
  if (p.pageSize >= 0) query = query.limit(p.pageSize).offset(p.page * p.pageSize);
  return { rows: (await query.execute()) as O[], count: Number(count) };
}
