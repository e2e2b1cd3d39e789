/**
 * Filter options search over a column of ~100k distinct values: a virtual dataset over flights whose `day_origin`
 * is the day and the origin airport ("2021-03-15 ATL"), searched server-side (ILIKE '%text%', limit 1000) once per
 * keystroke, as the value filter's "Dynamically search all filter values" does after its debounce.
 */
import { filterOptionsQuery, type NativeFilterConfig } from '@tessera/core';
import type { Api } from '../dashboard/benchSetup.js';

export const SEARCH_COLUMN = 'day_origin';
/** What is typed, one character at a time; every prefix is a query. */
const TYPED = ['2021-03-15 AT', 'SFO', '2019-12-2', 'LAX', '2022-07-04 J'];

export async function createSearchDataset(api: Api, databaseId: number, schema: string | null): Promise<number> {
  const created = await api('POST', '/api/v1/dataset/', {
    database: databaseId,
    schema,
    table_name: 'flights_day_origin',
    sql: `SELECT strftime(ds, '%Y-%m-%d') || ' ' || origin AS ${SEARCH_COLUMN}, * FROM flights`,
  });
  return created.id as number;
}

export interface SearchFigures {
  distinct: number;
  keystrokes: number[];
  rowsPerAnswer: number[];
}

export async function measureOptionSearch(api: Api, datasetId: number): Promise<SearchFigures> {
  const count = await api('POST', '/api/v1/chart/data', {
    datasource: { id: datasetId, type: 'table' },
    queries: [{ columns: [], metrics: [{ expressionType: 'SQL', sqlExpression: `COUNT(DISTINCT ${SEARCH_COLUMN})`, label: 'n' }], row_limit: 1 }],
  });
  const distinct = Number((count.result as { data: { n: number }[] }[])[0]!.data[0]!.n);
  const filter: NativeFilterConfig = {
    id: 'NATIVE_FILTER-bench-search',
    type: 'NATIVE_FILTER',
    name: 'Day and origin',
    filterType: 'filter_select',
    targets: [{ datasetId, column: { name: SEARCH_COLUMN } }],
    controlValues: { searchAllOptions: true, multiSelect: true },
  };
  // The list shown before typing (its answer also warms the dataset's metadata, as the page's first options query does).
  await api('POST', '/api/v1/chart/data', filterOptionsQuery(filter));
  const keystrokes: number[] = [];
  const rowsPerAnswer: number[] = [];
  for (const word of TYPED) {
    for (let n = 1; n <= word.length; n += 1) {
      // force: a keystroke's text is new to the server; repeated prefixes across words must not read the cache.
      const body = { ...filterOptionsQuery(filter, { search: word.slice(0, n) }), force: true };
      const t0 = performance.now();
      const answer = await api('POST', '/api/v1/chart/data', body);
      keystrokes.push(performance.now() - t0);
      rowsPerAnswer.push((answer.result as { data: unknown[] }[])[0]!.data.length);
    }
  }
  return { distinct, keystrokes, rowsPerAnswer };
}
