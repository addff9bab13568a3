import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardDigits,
  cardProblems,
  expiryInFuture,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  parseExpiry,
} from './cards.js';
import { dollarsToCents } from '../lib/money.js';

describe('card checks', () => {
  it('accepts Luhn-valid numbers and refuses the rest', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    expect(luhnValid('4242a24242424242')).toBe(false);
  });

  it('names the brand from the number', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });

  it('reads MM / YY and treats the expiry month as still valid', () => {
    expect(parseExpiry('04 / 30')).toEqual({ month: 4, year: 2030 });
    expect(parseExpiry('0430')).toEqual({ month: 4, year: 2030 });
    expect(parseExpiry('13 / 30')).toBeNull();
    expect(parseExpiry('4/2030')).toBeNull();
    const now = new Date('2026-11-23T12:00:00Z');
    expect(expiryInFuture({ month: 11, year: 2026 }, now)).toBe(true);
    expect(expiryInFuture({ month: 10, year: 2026 }, now)).toBe(false);
  });

  it('lists each problem by field, and none for a good card', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(
      cardProblems({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' }, now),
    ).toEqual({});
    expect(
      cardProblems({ cardNumber: '4242 4242 4242 4241', expiry: '10 / 26', cvc: '12' }, now),
    ).toEqual({
      cardNumber: 'Your card number is incomplete or invalid.',
      expiry: "Your card's expiry date is in the past.",
      cvc: "Your card's security code is incomplete.",
    });
    expect(cardProblems({ cardNumber: '', expiry: '', cvc: '' }, now)).toEqual({
      cardNumber: 'Enter your card number.',
      expiry: "Enter your card's expiry date.",
      cvc: "Enter your card's security code.",
    });
    expect(
      cardProblems({ cardNumber: '378282246310005', expiry: '12/34', cvc: '123' }, now).cvc,
    ).toBeDefined();
  });

  it('formats while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42x')).toBe('4242 42');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('1')).toBe('1');
  });

  it('reads the month as typed with a slash: 1/29 is January 2029', () => {
    expect(formatExpiry('1/29')).toBe('01 / 29');
    expect(formatExpiry('1/')).toBe('01');
    expect(formatExpiry('1 / 2029')).toBe('01 / 29');
    expect(formatExpiry('12/2029')).toBe('12 / 29');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('13')).toBe('01 / 3');
    expect(formatExpiry('129')).toBe('12 / 9');
    // Typing on from each formatted value, one key at a time.
    let typed = '';
    for (const key of '1/29') typed = formatExpiry(typed + key);
    expect(typed).toBe('01 / 29');
    // Deleting back over the separator leaves the month.
    expect(formatExpiry('01 /')).toBe('01');
    expect(formatExpiry('01 / 2')).toBe('01 / 2');
    expect(parseExpiry(formatExpiry('1/29'))).toEqual({ month: 1, year: 2029 });
  });

  it('groups American Express 4-6-5 and other cards by fours', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822463100059')).toBe('3782 822463 10005');
    expect(formatCardNumber('37828')).toBe('3782 8');
    expect(formatCardNumber('5555555555554444')).toBe('5555 5555 5555 4444');
    expect(cardBrand(cardDigits(formatCardNumber('6011111111111117')))).toBe('discover');
  });
});

describe('dollarsToCents', () => {
  it('prices exactly in integer cents', () => {
    expect(dollarsToCents(299)).toBe(29900);
    expect(dollarsToCents('299.00')).toBe(29900);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });
  it('refuses what is not dollars and cents', () => {
    expect(dollarsToCents(299.001)).toBeNull();
    expect(dollarsToCents('299.001')).toBeNull();
    expect(dollarsToCents(-1)).toBeNull();
    expect(dollarsToCents('1e3')).toBeNull();
    expect(dollarsToCents(Number.NaN)).toBeNull();
  });
});
