export * from './types.js';
export { compileQueryObject, ROWCOUNT_LABEL } from './compile/compileQueryObject.js';
export { checkCustomSql, SUBQUERY_MESSAGE } from './compile/checkCustomSql.js';
export { offsetQueryObject, TIME_COMPARISON_RANGE_MESSAGE } from './offsetQueryObject.js';
export { resolveComparisonOffset, INHERIT_OFFSET } from './resolveComparisonOffset.js';
export { compileSamplesQuery, compileDrillDetail, type SamplesRequest } from './compile/compileSamples.js';
export { rowLevelSecurityConditions, RLS_CLAUSE_FIELD } from './compile/rowLevelSecurity.js';
