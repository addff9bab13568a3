/**
 * The one rule for links the product stores or shows (websites, social profiles, logos, profile
 * photos): an absolute `http:` or `https:` URL with a host. `javascript:`, `data:`, `file:`,
 * `ftp:` and the like never become a link, whether typed by an employee or read from an outside
 * source (Google, OpenStreetMap, Wikidata, a CSV file, a homepage's social links).
 */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\/[^\s/?#]/i.test(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An outside source's link, trimmed, or null when it is missing or not http(s). */
export function httpUrlOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text !== '' && isHttpUrl(text) ? text : null;
}

/** A path on this site (`/uploads/…` on local disk, a seeded `/demo/…` logo), never `//host` or `/\\host`. */
export const isSitePath = (text: string): boolean => /^\/(?![/\\])[^\s\\]*$/.test(text);

/**
 * A website as people type it: 'alamoplumbing.com' or 'www.alamoplumbing.com/menu' becomes
 * 'https://alamoplumbing.com' (GOV.UK: accept what people type). Only a bare host with a dot and
 * no scheme gets 'https://'; anything with a scheme ('javascript:…', 'ftp://…') or starting with
 * '/' is left as typed, for isHttpUrl to refuse.
 */
export function withWebScheme(text: string): string {
  return /^[^\s/?#:@]+\.[^\s/?#:@.]+(?:[/?#:]|$)/.test(text) &&
    !/^[a-z][a-z0-9+.-]*:\/\//i.test(text)
    ? `https://${text}`
    : text;
}
