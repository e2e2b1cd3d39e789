// Currency formats live in core beside the number formats they wrap.
export { getCurrencyFormatter, currencySymbol, type CurrencyFormat } from '@tessera/core';
