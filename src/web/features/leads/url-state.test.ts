import { describe, expect, it } from 'vitest';
import { parseSectionState, withSectionState, type SectionState } from './url-state';

const EMPTY: SectionState = {
  search: null,
  page: 1,
  view: 'search',
  leadsStatus: '',
  leadsPage: 1,
};

describe('the search in the page URL', () => {
  it('is empty before any search', () => {
    expect(parseSectionState('')).toEqual(EMPTY);
  });

  it('reads the category, radius, location and page', () => {
    expect(parseSectionState('?q=+plumber+&radius=20&location=New%20Braunfels&page=2')).toEqual({
      ...EMPTY,
      search: { category: 'plumber', radius: 20, location: 'New Braunfels' },
      page: 2,
    });
  });

  it('falls back to the defaults for values the form could not have sent', () => {
    expect(parseSectionState('?q=dentist&radius=7&page=-3')).toEqual({
      ...EMPTY,
      search: { category: 'dentist', radius: 30, location: '' },
      page: 1,
    });
    expect(parseSectionState('?q=%20%20&page=4')).toEqual(EMPTY);
    expect(parseSectionState('?view=nope&leadsStatus=maybe&leadsPage=1.5')).toEqual(EMPTY);
  });

  it('reads the leads tab and its filters', () => {
    expect(parseSectionState('?view=leads&leadsStatus=won&leadsPage=3')).toEqual({
      ...EMPTY,
      view: 'leads',
      leadsStatus: 'won',
      leadsPage: 3,
    });
  });

  it('writes only its own keys, keeping other sections’ keys and the hash', () => {
    const href = withSectionState('http://x.test/admin?clientsSearch=bak&page=9#search', {
      ...EMPTY,
      search: { category: 'plumber', radius: 30, location: '' },
      page: 2,
    });
    expect(href).toBe('http://x.test/admin?clientsSearch=bak&page=2&q=plumber&radius=30#search');
    expect(withSectionState(href, EMPTY)).toBe('http://x.test/admin?clientsSearch=bak#search');
  });

  it('round-trips through the URL', () => {
    const state: SectionState = {
      search: { category: 'hair salon', radius: 5, location: '78209' },
      page: 3,
      view: 'leads',
      leadsStatus: 'contacted',
      leadsPage: 2,
    };
    expect(
      parseSectionState(new URL(withSectionState('http://x.test/admin#search', state)).search),
    ).toEqual(state);
  });

  it('keeps the sort, the filters, the table layout, the board and the due leads', () => {
    const state: SectionState = {
      ...EMPTY,
      search: { category: 'plumber', radius: 30, location: '' },
      view: 'board',
      filters: { sort: 'rating', website: 'none', minRating: '4', hasPhone: true, hasSocial: true },
      layout: 'table',
      leadsDue: true,
    };
    const href = withSectionState('http://x.test/admin#search', state);
    expect(href).toBe(
      'http://x.test/admin?q=plumber&radius=30&view=board&sort=rating&website=none&minRating=4&hasPhone=1&hasSocial=1&layout=table&due=today#search',
    );
    expect(parseSectionState(new URL(href).search)).toEqual(state);
    // Values the controls could not have produced are dropped.
    expect(
      parseSectionState(
        '?sort=price&website=maybe&minRating=2&hasPhone=yes&layout=grid&due=tomorrow',
      ),
    ).toEqual(EMPTY);
  });
});
