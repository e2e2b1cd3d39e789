// Number formats live in core, so the server formats post-processed answers as the charts draw them.
export { NumberFormats, getNumberFormatter, formatNumber, formatDuration, formatDurationColon, type NumberFormatter } from '@tessera/core';
