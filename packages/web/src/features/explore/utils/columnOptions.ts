import type { ControlConfig, ExploreDatasource } from '../../../viz/types';
import { isTemporalColumnMeta } from '../../../viz/shared/columnMeta';

type DatasourceColumn = ExploreDatasource['columns'][number];

/**
 * The dataset columns a column control offers. A temporal control (the Time column) lists the temporal columns, as
 * Superset's temporalColumnMixin does, whether or not they may be grouped by: it filters, it does not group. The
 * others list the groupable columns, temporal ones first for the x-axis. A chosen column the list would leave out
 * (a saved Time column that is not temporal) stays offered, so the control still shows it instead of a bare name.
 */
export function columnOptions(control: ControlConfig, datasource: ExploreDatasource | null, chosen: readonly unknown[]): DatasourceColumn[] {
  const all = datasource?.columns ?? [];
  const listed = control.isTemporal ? all.filter(isTemporalColumnMeta) : all.filter((c) => c.groupby !== false);
  const kept = all.filter((c) => !listed.includes(c) && chosen.includes(c.column_name));
  const columns = [...listed, ...kept];
  return control.type === 'XAxisControl' ? columns.sort((a, b) => Number(b.is_dttm) - Number(a.is_dttm)) : columns;
}
