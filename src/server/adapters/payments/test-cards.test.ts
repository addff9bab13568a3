import { describe, expect, it } from 'vitest';
import {
  behaviorAfterAuthentication,
  checkTestCard,
  testCardOnFile,
  testCardOutcome,
} from './test-cards.js';

describe("test mode follows Stripe's test cards", () => {
  it.each([
    ['4242 4242 4242 4242', null, null],
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
    [
      '4000 0000 0000 0119',
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
    ],
    // Stripe's Mastercard test card succeeds; a valid number that is no Stripe test card is declined.
    ['5555 5555 5555 4444', null, null],
    ['4111 1111 1111 1111', 'card_declined', 'Your card was declined.'],
  ])('%s: Stripe’s decline code and words', (number, code, message) => {
    const outcome = testCardOutcome(number);
    if (message === null) expect(outcome).toEqual({ ok: true });
    else
      expect(outcome).toEqual({
        ok: false,
        status: 'requires_payment_method',
        decline: { code, message },
      });
  });

  it("asks for authentication with Stripe's 3-D Secure cards instead of declining them", () => {
    expect(testCardOutcome('4000 0025 0000 3155')).toEqual({
      ok: false,
      status: 'requires_action',
    });
    expect(testCardOutcome('4000 0027 6000 3184')).toEqual({
      ok: false,
      status: 'requires_action',
    });
    // Saved for later charges: 3155 is set up by its authentication, 3184 asks every time.
    expect(testCardOnFile('4000 0025 0000 3155')).toEqual({ ok: true, behavior: 'succeeds' });
    expect(testCardOnFile('4000 0027 6000 3184')).toEqual({
      ok: true,
      behavior: 'requires_authentication',
    });
    expect(behaviorAfterAuthentication('3155')).toBe('succeeds');
    expect(behaviorAfterAuthentication('3184')).toBe('requires_authentication');
  });

  it('keeps only the brand and the last four digits of a good card', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(
      checkTestCard({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' }, now),
    ).toEqual({
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    });
    expect(checkTestCard({ cardNumber: '4242', expiry: '12 / 30', cvc: '123' }, now)).toEqual({
      problems: { cardNumber: 'Your card number is incomplete or invalid.' },
    });
  });
});
