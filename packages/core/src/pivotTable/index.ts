export * from './pivotTable.js';
export * from './pivotTableLayout.js';
export * from './flatPivotTable.js';
export * from './pivotValueFormatter.js';
