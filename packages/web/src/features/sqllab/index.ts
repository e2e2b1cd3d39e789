export { SqlLab } from './components/SqlLab';
export { sqlLabSlice } from './state/sqlLabSlice';
export type { SqlLabState, QueryEditor, Query, SqlLabTable } from './state/types';
