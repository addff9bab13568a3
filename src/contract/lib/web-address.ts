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
