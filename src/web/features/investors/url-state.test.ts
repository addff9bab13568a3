import { describe, expect, it } from 'vitest';
import {
  investorsExportUrl,
  investorsPageUrl,
  investorsQueryString,
  NO_FILTERS,
  parseInvestorFilters,
  withInvestorFilters,
} from './url-state';

describe('the API query string', () => {
  it('sends nothing for All Stages, All Industries and a blank search (docs/product.md §5)', () => {
    expect(investorsQueryString(NO_FILTERS)).toBe('');
    expect(investorsQueryString({ search: '   ', stage: '', industry: '' })).toBe('');
    expect(investorsExportUrl(NO_FILTERS)).toBe('/api/investors/export.csv');
  });

  it('sends the chosen filters under the API names, the search trimmed', () => {
    const filters = { search: ' sea cap ', stage: 'Series B+', industry: 'SaaS/Tech' } as const;
    expect(investorsQueryString(filters)).toBe(
      'search=sea+cap&investmentStage=Series+B%2B&industry=SaaS%2FTech',
    );
    expect(investorsExportUrl(filters)).toBe(
      '/api/investors/export.csv?search=sea+cap&investmentStage=Series+B%2B&industry=SaaS%2FTech',
    );
  });

  it('asks for batches of 6 from an offset (docs/product.md §7)', () => {
    expect(investorsPageUrl(NO_FILTERS, 0)).toBe('/api/investors?offset=0&limit=6');
    expect(investorsPageUrl({ ...NO_FILTERS, stage: 'Seed' }, 12)).toBe(
      '/api/investors?investmentStage=Seed&offset=12&limit=6',
    );
  });
});

describe('the filters in the page URL', () => {
  it('reads the filters and drops values the selects could not have had', () => {
    expect(parseInvestorFilters('')).toEqual(NO_FILTERS);
    expect(parseInvestorFilters('?invSearch=+Avery+&invStage=Growth&invIndustry=FinTech')).toEqual({
      search: 'Avery',
      stage: 'Growth',
      industry: 'FinTech',
    });
    expect(parseInvestorFilters('?invStage=Series%20Z&invIndustry=fintech')).toEqual(NO_FILTERS);
    expect(parseInvestorFilters(`?invSearch=${'x'.repeat(150)}`).search).toHaveLength(100);
  });

  it('writes only its own keys, keeping other sections’ keys and the hash', () => {
    const href = withInvestorFilters('http://x.test/admin?clientsSearch=bak#investors', {
      search: 'sea cap',
      stage: 'Series B+',
      industry: '',
    });
    expect(href).toBe(
      'http://x.test/admin?clientsSearch=bak&invSearch=sea+cap&invStage=Series+B%2B#investors',
    );
    expect(parseInvestorFilters(new URL(href).search)).toEqual({
      search: 'sea cap',
      stage: 'Series B+',
      industry: '',
    });
    expect(withInvestorFilters(href, NO_FILTERS)).toBe(
      'http://x.test/admin?clientsSearch=bak#investors',
    );
  });
});
