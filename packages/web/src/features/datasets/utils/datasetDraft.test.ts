import { describe, expect, it } from 'vitest';
import { createMockDatasetShow } from '../test/datasetMocks';
import { datasetUpdateFromDraft, draftFromDataset, emptyMetric, mergeSyncedColumns, syncSummary, validateDraft } from './datasetDraft';

describe('datasetUpdateFromDraft', () => {
  it('sends settings and the full metric and column lists, keeping ids of existing rows', () => {
    const draft = draftFromDataset(createMockDatasetShow());
    const body = datasetUpdateFromDraft(draft);
    expect(body).toMatchObject({ table_name: 'flights', main_dttm_col: 'ds', description: null, template_params: null, cache_timeout: null });
    expect(body).not.toHaveProperty('sql');
    expect(body.metrics).toEqual([
      { id: 20, metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)', d3format: null, currency: null, description: null, warning_text: null },
    ]);
    expect(body.columns?.map((column) => [column.id, column.column_name, column.expression])).toEqual([
      [10, 'ds', null],
      [11, 'airline', null],
      [12, 'delayed', 'delay > 15'],
    ]);
  });

  it('adds new metrics without id and stores the currency as Superset JSON', () => {
    const draft = draftFromDataset(createMockDatasetShow());
    draft.metrics.push({ ...emptyMetric(), metric_name: ' revenue ', expression: 'SUM(price)', d3format: ',.2f', currencySymbol: 'EUR', currencyPosition: 'suffix' });
    const added = datasetUpdateFromDraft(draft).metrics?.at(-1);
    expect(added).toEqual({
      metric_name: 'revenue',
      expression: 'SUM(price)',
      verbose_name: null,
      d3format: ',.2f',
      currency: '{"symbol":"EUR","symbolPosition":"suffix"}',
      description: null,
      warning_text: null,
    });
    expect(draftFromDataset(createMockDatasetShow({ metrics: [{ ...createMockDatasetShow().metrics[0]!, currency: String(added?.currency) }] })).metrics[0]).toMatchObject({
      currencySymbol: 'EUR',
      currencyPosition: 'suffix',
    });
  });

  it('clears the default datetime column when that column is no longer temporal or is deleted', () => {
    const unticked = draftFromDataset(createMockDatasetShow());
    unticked.columns = unticked.columns.map((column) => (column.column_name === 'ds' ? { ...column, is_dttm: false } : column));
    expect(datasetUpdateFromDraft(unticked).main_dttm_col).toBeNull();
    const deleted = draftFromDataset(createMockDatasetShow());
    deleted.columns = deleted.columns.filter((column) => column.column_name !== 'ds');
    expect(datasetUpdateFromDraft(deleted).main_dttm_col).toBeNull();
  });

  it('sends the SQL of a virtual dataset', () => {
    const draft = draftFromDataset(createMockDatasetShow({ kind: 'virtual', sql: 'SELECT 1 AS x' }));
    expect(datasetUpdateFromDraft(draft).sql).toBe('SELECT 1 AS x');
  });
});

describe('validateDraft', () => {
  it('accepts a dataset as loaded', () => {
    expect(validateDraft(draftFromDataset(createMockDatasetShow()))).toEqual([]);
  });

  it('reports empty and duplicate metric names, empty expressions and bad template JSON', () => {
    const draft = draftFromDataset(createMockDatasetShow());
    draft.metrics.push({ ...emptyMetric(), metric_name: 'count', expression: 'COUNT(1)' }, emptyMetric());
    draft.settings.template_params = '{oops';
    expect(validateDraft(draft)).toEqual([
      'Metric "count" is defined more than once',
      'Metric name is required',
      'Metric "(unnamed)" needs a SQL expression',
      'Template parameters must be valid JSON',
    ]);
  });

  it('requires a name for a virtual dataset', () => {
    const draft = draftFromDataset(createMockDatasetShow({ kind: 'virtual', sql: 'SELECT 1 AS x' }));
    draft.settings.table_name = ' ';
    expect(validateDraft(draft)).toEqual(['Dataset name is required']);
  });

  it('requires SQL for a virtual dataset', () => {
    const draft = draftFromDataset(createMockDatasetShow({ kind: 'virtual', sql: '  ' }));
    expect(validateDraft(draft)).toEqual(['A virtual dataset needs a SQL query']);
  });
});

describe('mergeSyncedColumns', () => {
  const show = createMockDatasetShow();
  const [ds, airline] = show.columns;

  it('keeps unsaved edits of columns the source still has, takes types from the source and keeps calculated columns', () => {
    const draft = draftFromDataset(show);
    draft.columns[1] = { ...draft.columns[1]!, verbose_name: 'Airline', filterable: false };
    draft.columns[0] = { ...draft.columns[0]!, is_dttm: false };
    const source = draftFromDataset(
      createMockDatasetShow({
        columns: [
          { ...ds!, id: 40 },
          { ...airline!, type: 'TEXT' },
          { ...airline!, id: 41, column_name: 'arrival', type: 'TIMESTAMP', is_dttm: true },
        ],
      }),
    ).columns;
    const merged = mergeSyncedColumns(draft.columns, source);
    expect(merged.columns.map((c) => [c.id, c.column_name, c.type, c.verbose_name, c.filterable, c.is_dttm, c.expression])).toEqual([
      [40, 'ds', 'DATE', '', true, false, null],
      [11, 'airline', 'TEXT', 'Airline', false, false, null],
      [41, 'arrival', 'TIMESTAMP', '', true, true, null],
      [12, 'delayed', 'BOOLEAN', 'Delayed', true, false, 'delay > 15'],
    ]);
    expect(merged).toMatchObject({ added: ['arrival'], removed: [], modified: ['airline'] });
  });

  it('drops source columns the source lost and says what changed', () => {
    const merged = mergeSyncedColumns(draftFromDataset(show).columns, draftFromDataset(createMockDatasetShow({ columns: [ds!] })).columns);
    expect(merged.columns.map((c) => c.column_name)).toEqual(['ds', 'delayed']);
    expect(syncSummary(merged)).toBe('Metadata has been synced. Removed columns: airline');
    expect(syncSummary({ added: [], removed: [], modified: [] })).toBe('Metadata has been synced');
  });
});
