import { cardBrand, cardDigits, cardProblems, type CardBrand, type CardCheck } from '../../../contract/cards.js';

export type TestCardOutcome = { ok: true } | { ok: false; status: 'requires_payment_method'; message: string };

/** Stripe's documented test cards and the messages Stripe gives for them. */
const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};
const SUCCEEDS = new Set(['4242424242424242']);

/** What happens to a test-mode payment with this card number; any other valid number is declined. */
export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = cardDigits(cardNumber);
  if (SUCCEEDS.has(digits)) return { ok: true };
  return { ok: false, status: 'requires_payment_method', message: DECLINES[digits] ?? 'Your card was declined.' };
}

export interface CheckedCard {
  brand: CardBrand;
  last4: string;
}

/** Checks a typed card like the form does; the digits themselves go no further than this. */
export function checkTestCard(card: Required<CardCheck>, now = new Date()): { problems: CardCheck } | { card: CheckedCard } {
  const problems = cardProblems(card, now);
  if (Object.keys(problems).length > 0) return { problems };
  const digits = cardDigits(card.cardNumber);
  return { card: { brand: cardBrand(digits), last4: digits.slice(-4) } };
}
