import { DEFAULT_SITE_NAME, DEFAULT_SUPPORT_EMAIL } from '../../contract/site/site';

/** On the server (entry-server.tsx), the site a page is rendered for; the browser reads the shell's meta tags. */
let rendering: { name: string; supportEmail: string; origin: string } | null = null;
export function setServerSite(site: { name: string; supportEmail: string; origin: string }): void {
  rendering = site;
}

/** Site settings the server writes into the HTML shell (SITE_NAME, SUPPORT_EMAIL). */
function meta(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return value && !value.startsWith('{{') ? value : fallback;
}

export const site = {
  get name() {
    return rendering?.name ?? meta('application-name', DEFAULT_SITE_NAME);
  },
  get supportEmail() {
    return rendering?.supportEmail ?? meta('x-support-email', DEFAULT_SUPPORT_EMAIL);
  },
  /** The site's own origin ('https://agency.example'), for links shown on a page. */
  get origin() {
    return rendering?.origin ?? (typeof window === 'undefined' ? '' : window.location.origin);
  },
};
