import type { ErrorCode } from '../../../contract/lib/errors.js';
import { declineOf, type Decline } from './types.js';
import {
  cardBrand,
  cardDigits,
  cardProblems,
  parseExpiry,
  type CardBrand,
  type CardCheck,
} from '../../../contract/payments/cards.js';

export type TestCardOutcome =
  | { ok: true }
  | { ok: false; status: 'requires_payment_method'; decline: Decline }
  /** The card's bank wants the client to authenticate this payment first (3-D Secure). */
  | { ok: false; status: 'requires_action' };

/** Stripe's documented test cards and the decline codes Stripe gives for them (with Stripe's words). */
const DECLINES: Record<string, ErrorCode> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000119': 'processing_error',
  // Stripe's "attaches, then fails when charged": a checkout charges at once, so it declines there.
  '4000000000000341': 'card_declined',
};
const FAILS_ON_CHARGE = '4000000000000341';
const SUCCEEDS = new Set(['4242424242424242', '5555555555554444']);
/**
 * Stripe's 3-D Secure cards: 4000 0025 0000 3155 asks for authentication on a payment the client
 * makes (the checkout), and not again once it is saved for later payments; 4000 0027 6000 3184
 * asks every time, saved or not.
 */
const AUTHENTICATES_ONCE = '4000002500003155';
const AUTHENTICATES_ALWAYS = '4000002760003184';

/** Stripe's message when the client fails or abandons the bank's authentication page. */
export const AUTHENTICATION_FAILED = declineOf('payment_intent_authentication_failure');
/** Stripe's message when a saved card that needs authentication is charged without the client (a renewal). */
export const AUTHENTICATION_REQUIRED = declineOf('authentication_required');

/** What happens to a test-mode payment with this card number; any other valid number is declined. */
export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = cardDigits(cardNumber);
  if (SUCCEEDS.has(digits)) return { ok: true };
  if (digits === AUTHENTICATES_ONCE || digits === AUTHENTICATES_ALWAYS)
    return { ok: false, status: 'requires_action' };
  return {
    ok: false,
    status: 'requires_payment_method',
    decline: declineOf(DECLINES[digits] ?? 'card_declined'),
  };
}

export interface CheckedCard {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * Saving a card without charging it (the billing page): 4000 0000 0000 0341 is accepted like
 * Stripe attaches it, and fails when a renewal charges it; any other declining card is refused.
 */
export function testCardOnFile(
  cardNumber: string,
): { ok: true; behavior: SavedCardBehavior } | { ok: false; decline: Decline } {
  const digits = cardDigits(cardNumber);
  if (digits === FAILS_ON_CHARGE) return { ok: true, behavior: 'fails_on_charge' };
  if (digits === AUTHENTICATES_ALWAYS) return { ok: true, behavior: 'requires_authentication' };
  // Saved for later payments (Stripe authenticates the setup in its own card form): later charges need nothing more.
  if (digits === AUTHENTICATES_ONCE) return { ok: true, behavior: 'succeeds' };
  const outcome = testCardOutcome(digits);
  return outcome.ok
    ? { ok: true, behavior: 'succeeds' }
    : {
        ok: false,
        decline:
          outcome.status === 'requires_action' ? declineOf('card_declined') : outcome.decline,
      };
}

/** What a saved test card does when it is charged again. */
export type SavedCardBehavior = 'succeeds' | 'fails_on_charge' | 'requires_authentication';

/** The saved card's behaviour after a first payment that was authenticated: only 4000 0027 6000 3184 asks again. */
export const behaviorAfterAuthentication = (last4: string): SavedCardBehavior =>
  last4 === AUTHENTICATES_ALWAYS.slice(-4) ? 'requires_authentication' : 'succeeds';

/** Checks a typed card like the form does; the digits themselves go no further than this. */
export function checkTestCard(
  card: Required<CardCheck>,
  now = new Date(),
): { problems: CardCheck } | { card: CheckedCard } {
  const problems = cardProblems(card, now);
  if (Object.keys(problems).length > 0) return { problems };
  const digits = cardDigits(card.cardNumber);
  // cardProblems accepted the expiry, so it parses.
  const expiry = parseExpiry(card.expiry)!;
  return {
    card: {
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
    },
  };
}
