export { NumberFormats, getNumberFormatter, formatNumber, formatDuration, formatDurationColon, type NumberFormatter } from './numberFormat.js';
export { getCurrencyFormatter, currencySymbol, type CurrencyFormat } from './currencyFormat.js';
