import { useMemo } from 'react';
import { useLocationProperty } from 'wouter/use-browser-location';
import {
  SETTINGS_PAGES,
  settingsPath,
  WEB_PATHS,
  type SettingsPage,
} from '../../../contract/site/routes';

/** The admin sections, chosen by id (docs/product.md §2): `/admin#apps`; settings has pages of its own. */
export const SECTION_IDS = [
  'search',
  'apps',
  'investors',
  'clients',
  'new-clients',
  'projects',
  'support',
  'settings',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export type AdminLocation =
  { section: Exclude<SectionId, 'settings'> } | { section: 'settings'; page: SettingsPage };

/** Anchors of the old one-page settings whose card now has a page under another name. */
const OLD_ANCHORS: Record<string, SettingsPage> = {
  'two-factor': 'security',
  'activity-log': 'activity',
  billing: 'billing-clock',
};

const isSettingsPage = (value: string): value is SettingsPage =>
  (SETTINGS_PAGES as readonly string[]).includes(value);
const isSection = (value: string): value is SectionId =>
  (SECTION_IDS as readonly string[]).includes(value);

/**
 * Where the admin area is: `/admin#clients`, `/settings/portfolio`, and the older forms that still
 * work, `/settings#portfolio` (the portfolio card's Edit link), `/settings` and `/admin#settings`.
 */
export function parseAdminLocation(pathname: string, hash: string): AdminLocation {
  const path = pathname.replace(/\/+$/, '');
  const anchor = hash.replace(/^#/, '');
  if (path === WEB_PATHS.settings || path.startsWith(`${WEB_PATHS.settings}/`)) {
    const named = path.slice(WEB_PATHS.settings.length + 1);
    const fromAnchor = isSettingsPage(anchor) ? anchor : OLD_ANCHORS[anchor];
    return {
      section: 'settings',
      page: isSettingsPage(named) ? named : (fromAnchor ?? SETTINGS_PAGES[0]),
    };
  }
  if (anchor === 'settings') return { section: 'settings', page: SETTINGS_PAGES[0] };
  return { section: isSection(anchor) && anchor !== 'settings' ? anchor : 'search' };
}

/** The one address of a place in the admin area: `/admin#apps`, `/settings/plans`. */
export function adminHref(location: AdminLocation): string {
  return location.section === 'settings'
    ? settingsPath(location.page)
    : `${WEB_PATHS.admin}#${location.section}`;
}

export const sectionHref = (section: SectionId): string =>
  adminHref(section === 'settings' ? { section, page: SETTINGS_PAGES[0] } : { section });

const currentUrl = () => window.location.pathname + window.location.hash;

/** The admin location, following links, Back and Forward (wouter's history events) and hash changes. */
export function useAdminLocation(): AdminLocation {
  const url = useLocationProperty(currentUrl);
  return useMemo(() => {
    const hashAt = url.indexOf('#');
    return hashAt < 0
      ? parseAdminLocation(url, '')
      : parseAdminLocation(url.slice(0, hashAt), url.slice(hashAt));
  }, [url]);
}
