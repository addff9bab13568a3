import { describe, expect, it } from 'vitest';
import { SETTINGS_PAGES } from '../../../contract/site/routes';
import { adminHref, parseAdminLocation, sectionHref } from './location';

describe('the admin location in the URL', () => {
  it('chooses a section by its id, business search by default', () => {
    expect(parseAdminLocation('/admin', '#clients')).toEqual({ section: 'clients' });
    expect(parseAdminLocation('/admin', '')).toEqual({ section: 'search' });
    expect(parseAdminLocation('/admin', '#nonsense')).toEqual({ section: 'search' });
  });

  it('opens each settings page at its own address', () => {
    for (const page of SETTINGS_PAGES)
      expect(parseAdminLocation(`/settings/${page}`, '')).toEqual({ section: 'settings', page });
    expect(parseAdminLocation('/settings/plans/', '#portfolio')).toEqual({
      section: 'settings',
      page: 'plans',
    });
  });

  it("keeps the old one-page settings' links working", () => {
    expect(parseAdminLocation('/settings', '#portfolio')).toEqual({
      section: 'settings',
      page: 'portfolio',
    });
    expect(parseAdminLocation('/settings', '#employees')).toEqual({
      section: 'settings',
      page: 'employees',
    });
    expect(parseAdminLocation('/settings', '#two-factor')).toEqual({
      section: 'settings',
      page: 'security',
    });
    expect(parseAdminLocation('/settings', '')).toEqual({
      section: 'settings',
      page: 'applications',
    });
    expect(parseAdminLocation('/settings', '#unknown')).toEqual({
      section: 'settings',
      page: 'applications',
    });
    expect(parseAdminLocation('/admin', '#settings')).toEqual({
      section: 'settings',
      page: 'applications',
    });
  });

  it('has one address for each place', () => {
    expect(adminHref({ section: 'apps' })).toBe('/admin#apps');
    expect(adminHref({ section: 'settings', page: 'billing-clock' })).toBe(
      '/settings/billing-clock',
    );
    expect(sectionHref('settings')).toBe('/settings/applications');
    for (const href of ['/admin#investors', '/settings/activity']) {
      const [path, hash] = href.split('#');
      expect(adminHref(parseAdminLocation(path!, hash ? `#${hash}` : ''))).toBe(href);
    }
  });
});
