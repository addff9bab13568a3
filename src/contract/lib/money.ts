/** 29900 → '299.00'. Money is integer cents inside; decimal strings at the API (docs/product.md §12). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 299 or '299.00' → 29900; null when it is not an amount of dollars and cents. */
export function dollarsToCents(value: number | string): number | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : value.trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  if (typeof value === 'number' && Math.abs(value * 100 - Math.round(value * 100)) > 1e-6)
    return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** '299.00' in usd → '$299.00'; another currency → 'EUR 299.00'. What e-mails and pages show. */
export function formatAmount(decimal: string, currency: string): string {
  return currency === 'usd' ? `$${decimal}` : `${currency.toUpperCase()} ${decimal}`;
}

/** 29900 cents in usd → '$299.00'. */
export const formatCents = (cents: number, currency: string): string =>
  formatAmount(centsToDecimal(cents), currency);
