import { describe, expect, it } from 'vitest';
import { FLIGHTS_DATASOURCE } from '../../../test/fixtures/exploreDatasource';
import type { ControlConfig, ExploreDatasource } from '../../../viz/types';
import { selectControlErrors, selectIsStale, selectRenderFormData } from './selectors';
import { changeDatasource, changeVizType, exploreReducer, formDataStored, hydrate, runQuery, setControlValue, sliceSaved, type ExploreState } from './exploreSlice';

const tableControls: ControlConfig[] = [
  { name: 'metrics', type: 'MetricsControl', label: 'Metrics', validators: [{ type: 'nonEmpty' }] },
  { name: 'groupby', type: 'GroupByControl', label: 'Dimensions' },
  { name: 'adhoc_filters', type: 'AdhocFilterControl', label: 'Filters', default: [] },
  { name: 'time_range', type: 'TimeRangeControl', label: 'Time range', default: 'No filter' },
  { name: 'row_limit', type: 'SelectControl', label: 'Row limit', default: 10000, freeForm: true, choices: [[10, '10'], [10000, '10000']], validators: [{ type: 'integer' }, { type: 'maxValue', max: 100000 }] },
  { name: 'color_scheme', type: 'ColorSchemeControl', label: 'Color scheme', default: 'supersetColors', renderTrigger: true },
];
const bigNumberControls: ControlConfig[] = [
  { name: 'metric', type: 'MetricControl', label: 'Metric', validators: [{ type: 'nonEmpty' }] },
  { name: 'adhoc_filters', type: 'AdhocFilterControl', label: 'Filters', default: [] },
  { name: 'time_range', type: 'TimeRangeControl', label: 'Time range', default: 'No filter' },
  { name: 'subheader', type: 'TextControl', label: 'Subheader', default: '' },
];
const pieControls: ControlConfig[] = [
  { name: 'metric', type: 'MetricControl', label: 'Metric' },
  { name: 'columns', type: 'GroupByControl', label: 'Columns' },
];

const flights = FLIGHTS_DATASOURCE;

const sumDistance = { expressionType: 'SIMPLE' as const, column: { column_name: 'distance' }, aggregate: 'SUM' as const, label: 'SUM(distance)' };
const airlineFilter = { expressionType: 'SIMPLE' as const, clause: 'WHERE' as const, subject: 'airline', operator: 'IN', comparator: ['AA'] };

function loaded(): ExploreState {
  let state = exploreReducer(
    undefined,
    hydrate({
      formData: { datasource: '1__table', viz_type: 'table', metrics: [sumDistance], groupby: ['airline'], adhoc_filters: [airlineFilter], time_range: 'Last year' },
      datasource: flights,
      slice: null,
      controls: tableControls,
      permissions: { can_add: true, can_download: true, can_overwrite: false },
    }),
  );
  state = exploreReducer(state, setControlValue({ name: 'row_limit', value: '500' }));
  return state;
}

describe('explore state', () => {
  it('fills defaults on hydrate and standardises select values on change', () => {
    const state = loaded();
    expect(state.formData.color_scheme).toBe('supersetColors');
    expect(state.formData.row_limit).toBe('500'); // free-form select keeps the typed value
    const next = exploreReducer(state, setControlValue({ name: 'row_limit', value: ['10'] }));
    expect(next.formData.row_limit).toBe(10);
  });

  it('transfers shared controls on viz type change: metrics → metric, filters and time range kept', () => {
    const state = exploreReducer(loaded(), changeVizType({ vizType: 'big_number_total', controls: bigNumberControls }));
    expect(state.formData.viz_type).toBe('big_number_total');
    expect(state.formData.metric).toEqual(sumDistance);
    expect(state.formData.adhoc_filters).toEqual([airlineFilter]);
    expect(state.formData.time_range).toBe('Last year');
    expect(state.formData.subheader).toBe('');
    // Keys the new chart has no control for are not carried.
    expect(state.formData.groupby).toBeUndefined();
  });

  it('maps metric → metrics and groupby → columns, and remembers form data per viz type', () => {
    let state = exploreReducer(loaded(), changeVizType({ vizType: 'pie', controls: pieControls }));
    expect(state.formData.columns).toEqual(['airline']);
    expect(state.formData.metric).toEqual(sumDistance);
    state = exploreReducer(state, setControlValue({ name: 'metric', value: 'count' }));
    state = exploreReducer(state, changeVizType({ vizType: 'table', controls: tableControls }));
    expect(state.formData.metrics).toEqual(['count']);
    // Not shared, so restored from what the user had on the table chart.
    expect(state.formData.row_limit).toBe('500');
    expect(state.formDataByVizType.pie?.metric).toBe('count');
  });

  it('keeps controls whose columns exist in a new datasource and resets the others', () => {
    const other: ExploreDatasource = { ...flights, id: 2, uid: '2__table', name: 'other', columns: [{ column_name: 'airline', type: 'VARCHAR', type_generic: 1, is_dttm: false }], metrics: [], main_dttm_col: null };
    const state = exploreReducer(loaded(), changeDatasource(other));
    expect(state.formData.datasource).toBe('2__table');
    expect(state.formData.groupby).toEqual(['airline']);
    expect(state.formData.adhoc_filters).toEqual([airlineFilter]);
    expect(state.formData.metrics).toEqual([]); // SUM(distance) has no column 'distance' there
    expect(state.formData.time_range).toBe('Last year');
  });

  it('a dataset swap keeps the dimensions, metrics and filters the new dataset has, dropping only the others', () => {
    const mixed = exploreReducer(
      loaded(),
      setControlValue({ name: 'metrics', value: ['count', { expressionType: 'SIMPLE', column: { column_name: 'distance' }, aggregate: 'SUM', label: 'SUM(distance)' }] }),
    );
    const withDims = exploreReducer(mixed, setControlValue({ name: 'groupby', value: ['airline', 'gone'] }));
    const other: ExploreDatasource = { ...flights, id: 2, uid: '2__table', name: 'other', columns: [{ column_name: 'airline', type: 'VARCHAR', type_generic: 1, is_dttm: false }], metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }], main_dttm_col: null };
    const state = exploreReducer(withDims, changeDatasource(other));
    expect(state.formData.groupby).toEqual(['airline']);
    expect(state.formData.metrics).toEqual(['count']);
  });

  it('reports blocking validation errors', () => {
    let state = exploreReducer(loaded(), setControlValue({ name: 'metrics', value: [] }));
    state = exploreReducer(state, setControlValue({ name: 'row_limit', value: '200000' }));
    expect(selectControlErrors(state)).toEqual({ metrics: ['cannot be empty'], row_limit: ['Value cannot exceed 100000'] });
    state = exploreReducer(state, setControlValue({ name: 'row_limit', value: '1.5' }));
    expect(selectControlErrors(state).row_limit).toEqual(['is expected to be an integer']);
  });

  it('re-renders render-trigger controls without making the chart stale', () => {
    let state = exploreReducer(loaded(), runQuery());
    expect(selectIsStale(state)).toBe(false);
    state = exploreReducer(state, setControlValue({ name: 'color_scheme', value: 'd3Category10' }));
    expect(selectIsStale(state)).toBe(false);
    expect(selectRenderFormData(state)?.color_scheme).toBe('d3Category10');
    state = exploreReducer(state, setControlValue({ name: 'time_range', value: 'Last week' }));
    expect(selectIsStale(state)).toBe(true);
    expect(selectRenderFormData(state)?.time_range).toBe('Last year');
  });
});

describe('run, refresh and stop', () => {
  it('runs the current form data, force-refreshes the same query, and counts stops', () => {
    let state = loaded();
    expect(exploreReducer(state, { type: 'explore/refreshQuery' }).refreshKey).toBe(state.refreshKey);
    state = exploreReducer(state, runQuery());
    const ran = state.queryFormData;
    expect(state.force).toBe(false);
    state = exploreReducer(state, setControlValue({ name: 'time_range', value: 'Last week' }));
    state = exploreReducer(state, { type: 'explore/refreshQuery' });
    expect(state.force).toBe(true);
    expect(state.queryFormData).toBe(ran);
    expect(state.refreshKey).toBe(2);
    expect(exploreReducer(state, { type: 'explore/stopQuery' }).stopKey).toBe(1);
  });
});

describe('address (form-data cache key)', () => {
  it('takes the loaded key, records stored keys, and drops a store that finished after a save', () => {
    let state = exploreReducer(
      undefined,
      hydrate({ formData: { datasource: '1__table', viz_type: 'table' }, datasource: flights, slice: null, controls: tableControls, permissions: { can_add: true, can_download: true, can_overwrite: false }, bootArgs: { form_data_key: 'K1' }, formDataKey: 'K1' }),
    );
    expect(state.address).toMatchObject({ bootArgs: { form_data_key: 'K1' }, keys: ['K1'], storedFormData: state.formData });
    const loadedEpoch = state.address.epoch;
    state = exploreReducer(state, setControlValue({ name: 'time_range', value: 'Last week' }));
    state = exploreReducer(state, formDataStored({ key: 'K2', formData: state.formData, epoch: loadedEpoch }));
    expect(state.address.keys).toEqual(['K1', 'K2']);
    expect(state.address.storedFormData?.time_range).toBe('Last week');

    const slice = { slice_id: 9, slice_name: 'Nine' };
    state = exploreReducer(state, sliceSaved({ slice, permissions: state.permissions, formDataSaved: true }));
    expect(state.address.epoch).toBe(loadedEpoch + 1);
    expect(state.address.storedFormData).toEqual(state.formData);
    const stale = exploreReducer(state, formDataStored({ key: 'K3', formData: { ...state.formData, time_range: 'old' }, epoch: loadedEpoch }));
    expect(stale.address.keys).toEqual(['K1', 'K2']);
    expect(stale.address.storedFormData?.time_range).toBe('Last week');
  });

  it('does not take a properties edit for a save of the controls', () => {
    let state = exploreReducer(loaded(), setControlValue({ name: 'time_range', value: 'Last week' }));
    const before = state.address;
    state = exploreReducer(state, sliceSaved({ slice: { slice_id: 3, slice_name: 'Renamed' }, permissions: state.permissions }));
    expect(state.address).toEqual(before);
    expect(state.address.storedFormData?.time_range).toBe('Last year');
  });
});
