/** Site settings the server writes into the HTML shell (SITE_NAME, SUPPORT_EMAIL). */
function meta(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return value && !value.startsWith('{{') ? value : fallback;
}

export const site = {
  get name() {
    return meta('application-name', 'Veteran Web Works');
  },
  get supportEmail() {
    return meta('x-support-email', 'support@example.com');
  },
};
