import crypto from 'node:crypto';
import { SSR_DATA_ID } from '../../contract/site.js';
import type { Locale } from '../../contract/routes.js';
import { serverI18n } from '../locales.js';

/** Site facts written into the HTML shell: title, meta tags, Open Graph, JSON-LD. */
export interface SiteInfo {
  name: string;
  supportEmail: string;
}

/** What the shell says about one page: its language, its texts, and the same page in other languages. */
export interface ShellPage {
  locale: Locale;
  /** `<link rel="alternate" hreflang>`: contract/routes.ts alternateLinks; empty for a page that does not exist. */
  alternates: { hreflang: string; href: string }[];
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Fills the `{{...}}` placeholders of the built index.html. `origin` is the site's public
 * origin (PUBLIC_URL, or the request's own when unset); the texts are the page language's, from
 * src/locales/{locale}/shell.po.
 */
export function renderShell(template: string, site: SiteInfo, origin: string, page: ShellPage = { locale: 'en', alternates: [] }): string {
  const i18n = serverI18n('shell', page.locale);
  const text = (id: string) => escapeHtml(i18n._(id, { name: site.name, email: site.supportEmail }));
  const organisation = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url: `${origin}/`,
    logo: `${origin}/logo.svg`,
    email: site.supportEmail,
    description: i18n._('shell.orgDescription'),
  };
  const values: Record<string, string> = {
    SITE_NAME: escapeHtml(site.name),
    SUPPORT_EMAIL: escapeHtml(site.supportEmail),
    ORIGIN: escapeHtml(origin),
    LANG: page.locale,
    TITLE: text('shell.title'),
    DESCRIPTION: text('shell.description'),
    OG_TITLE: text('shell.ogTitle'),
    OG_DESCRIPTION: text('shell.ogDescription'),
    NOSCRIPT: text('shell.noscript'),
    ALTERNATES: page.alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}" />`).join('\n    '),
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

/**
 * The CSP source of each script the shell runs inline (`'sha256-…'`): the theme is applied in
 * <head> before the first paint, and the policy allows exactly that text, never 'unsafe-inline'.
 * Data blocks (JSON-LD) do not run and need none. The text must be the same on every answer, so
 * a script that would be filled in per request is refused.
 */
export function inlineScriptHashes(template: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of template.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\/ld\+json/i.test(attributes) || !text.trim()) continue;
    if (text.includes('{{')) throw new Error('An inline script of the HTML shell must not hold {{placeholders}}: its CSP hash is computed once.');
    hashes.push(`'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}
