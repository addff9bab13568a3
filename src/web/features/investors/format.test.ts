import { describe, expect, it } from 'vitest';
import {
  firstOf,
  formatConnections,
  formatPortfolioSize,
  initials,
  investorsCount,
  mailtoHref,
  MAX_COMPANIES,
  MAX_EXPERTISE,
} from './format';

describe('investor card text', () => {
  it('formats connections and portfolio size with thousands separators', () => {
    expect(formatConnections(1786)).toBe('1,786 connections');
    expect(formatConnections(13671)).toBe('13,671 connections');
    expect(formatConnections(1)).toBe('1 connection');
    expect(formatConnections(0)).toBe('0 connections');
    expect(formatPortfolioSize(25)).toBe('25 companies');
    expect(formatPortfolioSize(1)).toBe('1 company');
    expect(investorsCount(1)).toBe('1 investor');
    expect(investorsCount(1200)).toBe('1,200 investors');
  });

  it('shows at most 4 companies and counts the rest as "+N more" (docs/product.md §9)', () => {
    const companies = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    expect(firstOf(companies, MAX_COMPANIES)).toEqual({ shown: ['A', 'B', 'C', 'D'], more: 3 });
    expect(firstOf(companies.slice(0, 4), MAX_COMPANIES)).toEqual({
      shown: ['A', 'B', 'C', 'D'],
      more: 0,
    });
    expect(firstOf([], MAX_COMPANIES)).toEqual({ shown: [], more: 0 });
    expect(firstOf(companies, MAX_EXPERTISE).shown).toHaveLength(3);
  });

  it('draws initials for the fallback photo', () => {
    expect(initials('Avery Lang')).toBe('AL');
    expect(initials('  quinn  ')).toBe('Q');
    expect(initials('Dr. Ana María de la Cruz')).toBe('DC');
    expect(initials('Émile Zola (demo)')).toBe('ÉZ');
    expect(initials('')).toBe('?');
  });

  it('writes to a plausible address only', () => {
    expect(mailtoHref('avery.lang@investor.example')).toBe('mailto:avery.lang@investor.example');
    expect(mailtoHref(' a+b@x.example ')).toBe('mailto:a%2Bb@x.example');
    expect(mailtoHref(null)).toBeNull();
    expect(mailtoHref('')).toBeNull();
    expect(mailtoHref('not an address')).toBeNull();
    expect(mailtoHref('x@y.example?cc=z@evil.example')).toBeNull();
    // A query in the address would add recipients or a body; it is written as plain characters.
    expect(mailtoHref('x?cc=y@z.example')).toBe('mailto:x%3Fcc%3Dy@z.example');
  });
});
