import { describe, expect, it } from 'vitest';
import {
  businessesFound,
  formatMiles,
  networkLabel,
  pageCount,
  pageItems,
  telHref,
  websiteHref,
  websiteLabel,
} from './format';

const items = Array.from({ length: 23 }, (_, i) => i + 1);

describe('pages of results', () => {
  it('counts pages of 10, with at least one page', () => {
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(20, 10)).toBe(2);
    expect(pageCount(0, 10)).toBe(1);
  });

  it('slices one page of items', () => {
    expect(pageItems(items, 1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageItems(items, 2, 10)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageItems(items, 3, 10)).toEqual([21, 22, 23]);
  });

  it('shows the last page for a page past the end and the first for nonsense', () => {
    expect(pageItems(items, 9, 10)).toEqual([21, 22, 23]);
    expect(pageItems(items, 0, 10)).toEqual(pageItems(items, 1, 10));
    expect(pageItems(items, Number.NaN, 10)).toEqual(pageItems(items, 1, 10));
    expect(pageItems([], 1, 10)).toEqual([]);
  });
});

describe('display text', () => {
  it('writes distances in miles with one decimal', () => {
    expect(formatMiles(2.3)).toBe('2.3 miles');
    expect(formatMiles(12)).toBe('12.0 miles');
  });

  it('counts businesses found', () => {
    expect(businessesFound(23)).toBe('23 businesses found');
    expect(businessesFound(0)).toBe('0 businesses found');
    expect(businessesFound(1)).toBe('1 business found');
  });

  it('names social networks as people write them', () => {
    expect(
      ['facebook', 'x', 'linkedin', 'youtube', 'tiktok', 'Mastodon'].map(networkLabel),
    ).toEqual(['Facebook', 'X', 'LinkedIn', 'YouTube', 'TikTok', 'Mastodon']);
  });
});

describe('links', () => {
  it('dials only digits and a leading plus', () => {
    expect(telHref('(210) 555-0142')).toBe('tel:2105550142');
    expect(telHref('+1 210-555-0142')).toBe('tel:+12105550142');
  });

  it('adds https to a website typed without a scheme and shows its host', () => {
    expect(websiteHref('alamo-plumbing.example')).toBe('https://alamo-plumbing.example');
    expect(websiteHref('http://old.example/x')).toBe('http://old.example/x');
    expect(websiteLabel('https://www.alamo-plumbing.example/contact')).toBe(
      'alamo-plumbing.example',
    );
  });
});
