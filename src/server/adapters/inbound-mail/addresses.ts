/**
 * Address lists as they appear in mail headers ('"Doe, Jane" <jane@example.com>, bob@example.com').
 * Enough of RFC 5322 for what providers pass on: quoted display names (which may hold commas),
 * angle-bracket addresses, bare addresses, and comments in parentheses.
 */
export interface Mailbox {
  name: string;
  address: string; // lower-cased
}

// Deliberately loose: the provider has already accepted the mail; this only rejects non-addresses.
const ADDRESS = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+$/;

export function normaliseAddress(value: string): string | null {
  const address = value.trim().replace(/^<|>$/g, '').trim().toLowerCase();
  return ADDRESS.test(address) ? address : null;
}

/** Splits on commas that are outside quotes, angle brackets and comments. */
function splitList(header: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let angle = 0;
  let comment = 0;
  for (let i = 0; i < header.length; i++) {
    const ch = header[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < header.length) {
        current += ch + header[++i];
        continue;
      }
      if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '<') angle++;
    else if (ch === '>') angle = Math.max(0, angle - 1);
    else if (ch === '(') comment++;
    else if (ch === ')') comment = Math.max(0, comment - 1);
    else if ((ch === ',' || ch === ';') && angle === 0 && comment === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

function unquote(name: string): string {
  const trimmed = name.trim();
  if (trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1').trim();
  }
  return trimmed;
}

// No real mailbox is longer (RFC 5321 caps an address at 254); the cap also keeps the patterns
// below from backtracking over a hostile header of a megabyte.
const MAX_ENTRY = 1000;

export function parseMailbox(entry: string): Mailbox | null {
  if (entry.length > MAX_ENTRY) return null;
  const angled = /^(.*)<([^<>]*)>\s*(?:\(.*\))?$/s.exec(entry.trim());
  if (angled) {
    const address = normaliseAddress(angled[2]!);
    return address ? { name: unquote(angled[1]!), address } : null;
  }
  // 'jane@example.com (Jane Doe)': the old comment form of a display name.
  const commented = /^([^\s()]+)\s*\((.*)\)$/s.exec(entry.trim());
  if (commented) {
    const address = normaliseAddress(commented[1]!);
    return address ? { name: commented[2]!.trim(), address } : null;
  }
  const address = normaliseAddress(entry);
  return address ? { name: '', address } : null;
}

export function parseAddressList(header: string | undefined | null): Mailbox[] {
  if (!header) return [];
  return splitList(header)
    .map(parseMailbox)
    .filter((m): m is Mailbox => m !== null);
}

/** Lower-cased, de-duplicated, in first-seen order. */
export function uniqueAddresses(addresses: Iterable<string | null | undefined>): string[] {
  const seen = new Set<string>();
  for (const value of addresses) {
    const address = value ? normaliseAddress(value) : null;
    if (address) seen.add(address);
  }
  return [...seen];
}
