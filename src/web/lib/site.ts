import { DEFAULT_SITE_NAME, DEFAULT_SUPPORT_EMAIL } from '../../contract/site';

/** Site settings the server writes into the HTML shell (SITE_NAME, SUPPORT_EMAIL). */
function meta(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return value && !value.startsWith('{{') ? value : fallback;
}

export const site = {
  get name() {
    return meta('application-name', DEFAULT_SITE_NAME);
  },
  get supportEmail() {
    return meta('x-support-email', DEFAULT_SUPPORT_EMAIL);
  },
};
