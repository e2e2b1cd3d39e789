export { TimeRangeError } from './timeRangeError.js';
export { TIME_UNITS, type TimeUnit, toSqlTimestampText } from './calendar.js';
export { parseTimeExpression, type TimeContext } from './parseTimeExpression.js';
export { resolveTimeRange, NO_TIME_RANGE, type TimeRangeBounds, type TimeRangeOptions } from './resolveTimeRange.js';
export { formatTimeRangeBounds } from './formatTimeRangeBounds.js';
export { parseTimeOffset, shiftDate, shiftTimeRange, boundsToTimeRange, type TimeOffset } from './timeOffset.js';
export * from './engineTemporalText.js';
