import type { Locale } from '../site/routes.js';

/**
 * The `Intl` locale of each language: prices and dates as our clients in the US read them
 * ('$299.00' in both; 'November 24, 2026' and '24 de noviembre de 2026').
 */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/** What formats numbers and dates in one language: Lingui's `i18n` (its `number` and `date` use `Intl`). */
export interface IntlFormatter {
  /** The language (`en`, `es`): money texts are remembered by it. */
  readonly locale: string;
  number(value: number, format?: Intl.NumberFormatOptions): string;
  date(value: string | Date, format?: Intl.DateTimeFormatOptions): string;
}

/**
 * A decimal string of the API ('299.00') as money: '$299.00'. With `short`, whole amounts lose
 * their cents ('$449', but '$99.50'), as the plan cards and 'After 12 months $...' show them.
 * Each text is made once per language and amount (see `moneyMadeDuring`).
 */
export function formatMoney(
  intl: IntlFormatter,
  decimal: string,
  currency = 'usd',
  short = false,
): string {
  const key = `${intl.locale} ${currency} ${short ? 'short ' : ''}${decimal}`;
  let text = moneyTexts.get(key);
  if (text === undefined) {
    const value = Number(decimal);
    const whole = short && Number.isInteger(value);
    text = intl.number(value, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    if (moneyTexts.size < MONEY_TEXTS_KEPT) moneyTexts.set(key, text);
  }
  if (recording) recording[key] = text;
  return text;
}

/**
 * Money texts made so far, by language, currency and amount. The server sends those of a rendered
 * page with it, and the browser hydrates the page with them (`knownMoney`) instead of calling
 * `Intl.NumberFormat`, whose first use sets up ICU's number data: about 20 ms of the main thread on
 * a laptop, four times that on a slow phone, in the middle of hydration (Lighthouse's TBT).
 */
const moneyTexts = new Map<string, string>();
/** Amounts come from the plans and the client's own bills: a bound, not a limit anyone meets. */
const MONEY_TEXTS_KEPT = 1000;
let recording: Record<string, string> | null = null;

/** On the server: `render` (one at a time) and the money texts it showed, for the browser's `knownMoney`. */
export async function moneyMadeDuring<T>(
  render: () => Promise<T>,
): Promise<[T, Record<string, string>]> {
  const made: Record<string, string> = {};
  recording = made;
  try {
    return [await render(), made];
  } finally {
    recording = null;
  }
}

/** In the browser: the money texts the server rendered this page with (so hydration formats nothing). */
export function knownMoney(texts: Record<string, string>): void {
  for (const [key, text] of Object.entries(texts))
    if (typeof text === 'string') moneyTexts.set(key, text);
}

/**
 * A day as words: 'November 24, 2026', '24 de noviembre de 2026'. In UTC, as the server bills:
 * a period that ends at midnight UTC does not show the day before to a client west of Greenwich.
 */
export function formatLongDate(intl: IntlFormatter, iso: string | Date): string {
  return intl.date(iso, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
