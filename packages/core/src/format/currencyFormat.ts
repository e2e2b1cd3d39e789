import { getNumberFormatter } from './numberFormat.js';

export interface CurrencyFormat {
  symbol?: string;
  symbolPosition?: 'prefix' | 'suffix';
}

/** The sign shown for an ISO 4217 code (Intl knows them all; falls back to the code itself). */
export function currencySymbol(code: string): string {
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

/**
 * A number formatter that adds a currency sign around the d3-formatted number. Without a symbol it is the
 * plain number formatter; a `$` already in the d3 format is dropped so the sign is not shown twice.
 */
export function getCurrencyFormatter(currency: CurrencyFormat | null | undefined, formatId?: string | null) {
  if (!currency?.symbol) return getNumberFormatter(formatId);
  const numberFormatter = getNumberFormatter(formatId ? formatId.replace('$', '') : formatId);
  const sign = currencySymbol(currency.symbol);
  const suffix = currency.symbolPosition === 'suffix';
  return (value: number | null | undefined): string => {
    if (value === null || value === undefined) return 'N/A';
    const text = numberFormatter(value);
    return suffix ? `${text} ${sign}` : `${sign}${text}`;
  };
}
