/** Card checks shared by the test-mode card form and the server (which checks again). */

export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn checksum every real card number satisfies. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** 'MM / YY', 'MM/YY' or 'MMYY' → month and four-digit year; null when not a date. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is valid through the last day of its expiry month. */
export function expiryInFuture(expiry: { month: number; year: number }, now = new Date()): boolean {
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return expiry.year * 12 + (expiry.month - 1) >= thisMonth;
}

export function cvcValid(cvc: string, brand: CardBrand): boolean {
  return brand === 'amex' ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}

export interface CardCheck {
  cardNumber?: string;
  expiry?: string;
  cvc?: string;
}

/** What is wrong with a typed card, per field; a page words it in its language. */
export type CardProblem =
  | 'numberMissing'
  | 'numberInvalid'
  | 'expiryMissing'
  | 'expiryFormat'
  | 'expiryPast'
  | 'cvcMissing'
  | 'cvcIncomplete';

/** The problems in English, as the server answers them. */
export const CARD_PROBLEM_TEXT: Record<CardProblem, string> = {
  numberMissing: 'Enter your card number.',
  numberInvalid: 'Your card number is incomplete or invalid.',
  expiryMissing: "Enter your card's expiry date.",
  expiryFormat: 'Enter the expiry date as MM / YY.',
  expiryPast: "Your card's expiry date is in the past.",
  cvcMissing: "Enter your card's security code.",
  cvcIncomplete: "Your card's security code is incomplete.",
};

/** Field → problem for each problem with a typed card; empty when the card can be sent. */
export function cardProblemCodes(
  card: Required<CardCheck>,
  now = new Date(),
): Partial<Record<keyof CardCheck, CardProblem>> {
  const problems: Partial<Record<keyof CardCheck, CardProblem>> = {};
  const digits = cardDigits(card.cardNumber);
  if (!digits) problems.cardNumber = 'numberMissing';
  else if (!luhnValid(digits)) problems.cardNumber = 'numberInvalid';
  const expiry = parseExpiry(card.expiry);
  if (!card.expiry.trim()) problems.expiry = 'expiryMissing';
  else if (!expiry) problems.expiry = 'expiryFormat';
  else if (!expiryInFuture(expiry, now)) problems.expiry = 'expiryPast';
  if (!card.cvc.trim()) problems.cvc = 'cvcMissing';
  else if (!cvcValid(card.cvc.trim(), cardBrand(digits))) problems.cvc = 'cvcIncomplete';
  return problems;
}

/** Field → message (English) for each problem with a typed card; empty when the card can be sent. */
export function cardProblems(card: Required<CardCheck>, now = new Date()): CardCheck {
  return Object.fromEntries(
    Object.entries(cardProblemCodes(card, now)).map(([field, problem]) => [
      field,
      CARD_PROBLEM_TEXT[problem],
    ]),
  );
}

/** The brands' own names, shown beside the card number as it is typed (the same in every language). */
export const CARD_BRAND_NAMES: Record<Exclude<CardBrand, 'unknown'>, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/**
 * '4242424242424242' → '4242 4242 4242 4242' while typing; American Express as its cards print it,
 * 4-6-5 ('3782 822463 10005'), at most 15 digits.
 */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (cardBrand(digits) === 'amex') {
    const d = digits.slice(0, 15);
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10)].filter(Boolean).join(' ');
  }
  return digits.slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The expiry as 'MM / YY' while typing. A month typed with one digit and a slash is padded
 * ('1/29' → '01 / 29', never '12 / 9'), and so is a first digit that can only be a month's
 * ('4' → '04'); '2029' after the slash is read as '29'. A slash with only the month after it is
 * dropped, so that deleting back over '01 / ' works.
 */
export function formatExpiry(input: string): string {
  const slash = input.indexOf('/');
  let month: string;
  let year: string;
  if (slash >= 0) {
    month = input.slice(0, slash).replace(/\D/g, '').slice(-2);
    year = input.slice(slash + 1).replace(/\D/g, '');
    if (year.length === 4 && year.startsWith('20')) year = year.slice(2);
    year = year.slice(0, 2);
    if (month.length === 1 && month !== '0') month = `0${month}`;
    if (month.length < 2) return month;
    return year ? `${month} / ${year}` : month;
  }
  let digits = input.replace(/\D/g, '');
  // '4' or '13' can only be April or January then a year: pad the month.
  if (/^[2-9]/.test(digits) || /^1[3-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}
