import { SSR_DATA_ID } from '../../contract/site.js';

/** Site facts written into the HTML shell: title, meta tags, Open Graph, JSON-LD. */
export interface SiteInfo {
  name: string;
  supportEmail: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Fills the `{{...}}` placeholders of the built index.html. `origin` is the site's public
 * origin (PUBLIC_URL, or the request's own when unset).
 */
export function renderShell(template: string, site: SiteInfo, origin: string): string {
  const organisation = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url: `${origin}/`,
    logo: `${origin}/logo.svg`,
    email: site.supportEmail,
    description: 'Veteran-owned web agency: website development, AI-generated commercials, social media marketing and 24/7 support for small businesses.',
  };
  const values: Record<string, string> = {
    SITE_NAME: escapeHtml(site.name),
    SUPPORT_EMAIL: escapeHtml(site.supportEmail),
    ORIGIN: escapeHtml(origin),
    // A JSON data block is not executed, so the strict CSP allows it; '<' is escaped so it cannot close the tag.
    JSON_LD: JSON.stringify(organisation).replace(/</g, '\\u003c'),
  };
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * Puts the server-rendered app into the shell's empty root, followed by the data it was rendered
 * with as a JSON block (not executed, so the strict CSP allows it; '<' escaped so it cannot end the tag).
 */
export function fillRoot(shell: string, appHtml: string, dataJson: string): string {
  const data = `<script type="application/json" id="${SSR_DATA_ID}">${dataJson.replace(/</g, '\\u003c')}</script>`;
  return shell.replace('<div id="root"></div>', () => `<div id="root">${appHtml}</div>${data}`);
}
