import { describe, expect, it } from 'vitest';
import { nextOffset } from './api';

const batch = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('Load More (docs/product.md §4)', () => {
  it('asks for the next batch after everything loaded while the last batch was full', () => {
    expect(nextOffset(batch(6), [batch(6)])).toBe(6);
    expect(nextOffset(batch(6), [batch(6), batch(6)])).toBe(12);
  });

  it('stops when a batch has fewer than 6', () => {
    expect(nextOffset(batch(5), [batch(6), batch(5)])).toBeUndefined();
    expect(nextOffset([], [batch(6), batch(6), []])).toBeUndefined();
  });
});
