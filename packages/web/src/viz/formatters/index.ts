export { NumberFormats, getNumberFormatter, formatNumber, formatDuration, formatDurationColon, type NumberFormatter } from './numberFormat';
export { getCurrencyFormatter, currencySymbol, type CurrencyFormat } from './currencyFormat';
export { TimeFormats, getTimeFormatter, formatTime, toDate, type TimeFormatter } from './timeFormat';
export { NUMBER_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from './options';
