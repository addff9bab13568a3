import { describe, expect, it } from 'vitest';
import { businessTerms, normaliseWord, queryTerms } from './directory-terms.js';

describe('directory search words', () => {
  it('makes plurals singular without mangling short or -ss words', () => {
    expect(
      [
        'plumbers',
        'bakeries',
        'dentists',
        'glasses',
        'boxes',
        'services',
        'bus',
        'gas',
        'business',
      ].map(normaliseWord),
    ).toEqual([
      'plumber',
      'bakery',
      'dentist',
      'glass',
      'box',
      'service',
      'bus',
      'gas',
      'business',
    ]);
  });

  it('splits on anything that is not a letter or digit, drops filler words, keeps at most six', () => {
    expect(queryTerms('  Plumbers near me ')).toEqual(['plumber']);
    expect(queryTerms('Auto-Repair & Tires')).toEqual(['auto', 'repair', 'tire']);
    expect(queryTerms('a b c d e f g h')).toHaveLength(6);
    expect(queryTerms('%_\\')).toEqual([]);
  });

  it('finds a business by category, synonym or name word', () => {
    const terms = businessTerms('Alamo Pipe Pros', 'plumber');
    expect(terms).toEqual(expect.arrayContaining(['plumber', 'plumbing', 'alamo', 'pipe', 'pro']));
    expect(businessTerms('Hill Country Smiles', 'dentist')).toEqual(
      expect.arrayContaining(['dentist', 'dental', 'smile']),
    );
    expect(businessTerms('Corner Cuts', 'hair salon')).toEqual(
      expect.arrayContaining(['hair', 'salon', 'barber', 'cut']),
    );
  });
});
