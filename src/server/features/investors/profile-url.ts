/**
 * One spelling per profile, so the same person is never stored twice: https, lower-case host
 * without `www.`/`m.`/country prefixes for LinkedIn, no query, fragment or trailing slash.
 */
export function normaliseProfileUrl(raw: string | null | undefined): string | null {
  if (!raw || !raw.trim()) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  let host = url.hostname.toLowerCase();
  if (/(^|\.)linkedin\.com$/.test(host)) host = 'www.linkedin.com';
  const path = decodeURIComponent(url.pathname).replace(/\/+$/, '').toLowerCase();
  return `https://${host}${encodeURI(path)}`;
}
