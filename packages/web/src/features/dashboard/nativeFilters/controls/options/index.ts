export { useFilterQuery, type FilterQueryState } from './useFilterQuery';
export { useFilterDataset, type FilterDatasetColumn } from './useFilterDataset';
export { runFilterQuery, afterChartsStart } from './runFilterQuery';
