/**
 * robots.txt as RFC 9309 reads it: the groups naming our user agent (else `*`) decide; within them
 * the longest matching Allow/Disallow pattern wins, Allow on a tie; `*` matches any run of
 * characters and a final `$` the end of the path; paths and patterns are compared with their
 * percent-encoding normalised (RFC 9309 §2.2.2).
 *
 * Everything here is linear in what the site sent: a pattern is matched segment by segment (the
 * parts between `*`s, each found with Knuth-Morris-Pratt at the leftmost place after the last), never
 * with a backtracking regular expression, which took 24 s for `/*a*a*…*b` against 35 characters.
 * Bounds: the file is read up to `ROBOTS_MAX_BYTES` (RFC 9309's minimum parsing limit), at most
 * `MAX_RULES` rules of the groups that apply to us are kept, and a pattern longer than
 * `MAX_RULE_LENGTH` is ignored; long files and many rules are worked through in slices (`slicer`).
 */
import { slicer } from './slices.js';

/** How much of robots.txt is read: RFC 9309 §2.5 asks crawlers to parse at least 500 KiB. */
export const ROBOTS_MAX_BYTES = 500 * 1024;
/** Rules kept from the groups that apply to us; the ones after these are ignored. */
export const MAX_RULES = 1000;
/** A longer pattern (after normalisation) is ignored: no real path is that long. */
export const MAX_RULE_LENGTH = 2048;
/** A user-agent name longer than this cannot be part of ours. */
const MAX_AGENT_LENGTH = 256;

export interface RobotsRule {
  allow: boolean;
  /** The normalised pattern, `*` and `$` included; its length is what 'longest match' compares. */
  pattern: string;
}

/** A pattern ready to match: the literal segments between `*`s, each with its KMP failure table. */
interface CompiledRule extends RobotsRule {
  anchored: boolean;
  segments: string[];
  /** KMP failure tables by segment, made when first needed. */
  failures: Array<Int32Array | undefined>;
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const HEX = '0123456789ABCDEF';
const utf8 = new TextEncoder();
const isHex = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
/** ASCII the URL parser percent-encodes in a path (controls, space, `"<>\`{}`, DEL): a pattern says them plainly. */
const encodesInPath = (code: number) =>
  code <= 0x20 ||
  code === 0x7f ||
  code === 0x22 ||
  code === 0x3c ||
  code === 0x3e ||
  code === 0x60 ||
  code === 0x7b ||
  code === 0x7d;

/**
 * One spelling for a path or pattern (RFC 9309 §2.2.2): characters outside ASCII become their
 * UTF-8 octets percent-encoded, `%xx` of an unreserved character is decoded (`/%62az` is `/baz`),
 * any other `%xx` keeps its encoding with upper-case digits. Linear, one pass.
 */
export function normaliseRobotsPath(text: string): string {
  // Runs of characters that stay as they are are copied in one slice: most paths have no such character.
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let replacement: string;
    let next = i + 1;
    if (code === 0x25) {
      if (!(i + 2 < text.length && isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2))))
        continue;
      const value = parseInt(text.slice(i + 1, i + 3), 16);
      const char = String.fromCharCode(value);
      replacement = UNRESERVED.test(char) ? char : `%${HEX[value >> 4]}${HEX[value & 15]}`;
      next = i + 3;
    } else if (code < 0x80) {
      if (!encodesInPath(code)) continue;
      replacement = `%${HEX[code >> 4]}${HEX[code & 15]}`;
    } else {
      // A whole code point (a surrogate pair together); a lone surrogate encodes as U+FFFD.
      const char = String.fromCodePoint(text.codePointAt(i)!);
      replacement = '';
      for (const byte of utf8.encode(char)) replacement += `%${HEX[byte >> 4]}${HEX[byte & 15]}`;
      next = i + char.length;
    }
    out += text.slice(copied, i) + replacement;
    copied = next;
    i = next - 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

function failureTable(segment: string): Int32Array {
  const table = new Int32Array(segment.length);
  for (let i = 1, k = 0; i < segment.length; i++) {
    while (k > 0 && segment.charCodeAt(i) !== segment.charCodeAt(k)) k = table[k - 1]!;
    if (segment.charCodeAt(i) === segment.charCodeAt(k)) k++;
    table[i] = k;
  }
  return table;
}

/**
 * Where `segment` first occurs in `text` at or after `from`; -1 if nowhere. One character: the
 * engine's own search (a linear scan); longer: Knuth-Morris-Pratt, O(text + segment) whatever the
 * text, its table made the first time it is needed.
 */
function findFrom(text: string, rule: CompiledRule, index: number, from: number): number {
  const segment = rule.segments[index]!;
  if (segment.length === 1) return text.indexOf(segment, from);
  const failures = (rule.failures[index] ??= failureTable(segment));
  for (let i = from, k = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    while (k > 0 && code !== segment.charCodeAt(k)) k = failures[k - 1]!;
    if (code === segment.charCodeAt(k)) k++;
    if (k === segment.length) return i - k + 1;
  }
  return -1;
}

function compile(rule: RobotsRule): CompiledRule {
  const anchored = rule.pattern.endsWith('$');
  // '**' is '*'; its length still counts for 'longest match', as written.
  const segments = (anchored ? rule.pattern.slice(0, -1) : rule.pattern)
    .replace(/\*{2,}/g, '*')
    .split('*');
  return { ...rule, anchored, segments, failures: [] };
}

/**
 * Does the pattern match `path` (both normalised)? The first segment is a prefix, each further one
 * is found at its leftmost place after the one before (leftmost leaves the most room for the rest,
 * so this is exact), and with `$` the last one must end the path. O(path + pattern).
 */
function matchesCompiled(rule: CompiledRule, path: string): boolean {
  const { segments, anchored } = rule;
  const last = segments.length - 1;
  if (last === 0) return anchored ? path === segments[0] : path.startsWith(segments[0]!);
  if (!path.startsWith(segments[0]!)) return false;
  let at = segments[0]!.length;
  for (let i = 1; i < last; i++) {
    const segment = segments[i]!;
    if (segment === '') continue;
    const found = findFrom(path, rule, i, at);
    if (found < 0) return false;
    at = found + segment.length;
  }
  const tail = segments[last]!;
  if (anchored) return path.length - tail.length >= at && path.endsWith(tail);
  return tail === '' || findFrom(path, rule, last, at) >= 0;
}

/** One pattern against one path, both as written (normalised here): for tests and one-off use. */
export function robotsPatternMatches(pattern: string, path: string): boolean {
  return matchesCompiled(
    compile({ allow: false, pattern: normaliseRobotsPath(pattern) }),
    normaliseRobotsPath(path),
  );
}

/**
 * The rules that apply to `userAgent`: the groups naming the longest name that is part of our user
 * agent (case-insensitive), combined; else every `*` group, combined; else none. At most
 * `MAX_RULES` rules (counted once when a group names several agents), each pattern at most
 * `MAX_RULE_LENGTH`. Lines are read in slices.
 */
export async function robotsRules(
  robotsTxt: string,
  userAgent: string,
  turn = slicer(),
): Promise<RobotsRule[]> {
  const agent = userAgent.toLowerCase();
  // Past the parsing limit nothing is read, not even the rest of the line it cuts (a cut pattern could match more).
  const text =
    robotsTxt.length > ROBOTS_MAX_BYTES
      ? robotsTxt.slice(0, robotsTxt.lastIndexOf('\n', ROBOTS_MAX_BYTES) + 1)
      : robotsTxt;
  // '*' and the names that are part of our user agent, each with the rules of all its groups.
  const candidates = new Map<string, RobotsRule[]>();
  // The rule lists the group being read adds to (none: a group that does not concern us).
  let group: RobotsRule[][] = [];
  let lastWasAgent = false;
  let kept = 0;

  // The next line break and '#' at or after a point, found natively and kept until passed (linear).
  const next = { '\n': -2, '\r': -2, '#': -2 };
  const find = (char: keyof typeof next, from: number) => {
    if (next[char] !== -1 && next[char] < from) next[char] = text.indexOf(char, from);
    return next[char] === -1 ? text.length : next[char];
  };
  for (let start = 0, read = 0; start <= text.length;) {
    const end = Math.min(find('\n', start), find('\r', start));
    const line = text.slice(start, Math.min(end, find('#', start)));
    start = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
    if (start - read > 16 * 1024) {
      read = start;
      await turn();
    }

    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    if (key === 'user-agent') {
      // Consecutive user-agent lines name one group.
      if (!lastWasAgent) group = [];
      lastWasAgent = true;
      const name = line
        .slice(colon + 1)
        .trim()
        .toLowerCase();
      if (
        name === '*' ||
        (name !== '' && name.length <= MAX_AGENT_LENGTH && agent.includes(name))
      ) {
        let rules = candidates.get(name);
        if (!rules) candidates.set(name, (rules = []));
        if (!group.includes(rules)) group.push(rules);
      }
      continue;
    }
    lastWasAgent = false;
    if ((key !== 'allow' && key !== 'disallow') || group.length === 0 || kept >= MAX_RULES)
      continue;
    const value = line.slice(colon + 1).trim();
    if (value === '' || value.length > MAX_RULE_LENGTH) continue;
    const pattern = normaliseRobotsPath(value);
    if (pattern.length > MAX_RULE_LENGTH) continue;
    for (const rules of group) rules.push({ allow: key === 'allow', pattern });
    kept++;
  }
  let best: string | null = null;
  for (const name of candidates.keys())
    if (name !== '*' && (best === null || name.length > best.length)) best = name;
  return candidates.get(best ?? '*') ?? [];
}

/**
 * The decision for one path among rules: the longest matching pattern, Allow on a tie; nothing
 * matching allows. Every rule costs O(path + pattern); the rules are worked through in slices.
 */
export async function decide(rules: RobotsRule[], path: string, turn = slicer()): Promise<boolean> {
  const target = normaliseRobotsPath(path);
  let decision: RobotsRule | null = null;
  for (const rule of rules) {
    await turn();
    const longer = !decision || rule.pattern.length > decision.pattern.length;
    const tieAllows =
      decision !== null &&
      rule.pattern.length === decision.pattern.length &&
      rule.allow &&
      !decision.allow;
    if (!longer && !tieAllows) continue; // it could not change the decision
    if (matchesCompiled(compile(rule), target)) decision = rule;
  }
  return decision?.allow ?? true;
}

/** May `userAgent` fetch `path` (path and query, as the URL gives them)? No group at all allows everything. */
export async function robotsAllows(
  robotsTxt: string,
  userAgent: string,
  path: string,
): Promise<boolean> {
  const turn = slicer();
  return decide(await robotsRules(robotsTxt, userAgent, turn), path, turn);
}
