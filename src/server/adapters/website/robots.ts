/**
 * robots.txt as RFC 9309 reads it: the group naming our user agent (else `*`) decides; within
 * it the longest matching Allow/Disallow path wins, Allow on a tie; `*` and `$` are wildcards.
 */
interface Rule {
  allow: boolean;
  path: string;
}
interface Group {
  agents: string[];
  rules: Rule[];
}

function parseGroups(text: string): Group[] {
  const groups: Group[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      // Consecutive user-agent lines share one group.
      if (!current || !lastWasAgent) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
    } else if ((key === 'allow' || key === 'disallow') && current) {
      if (value !== '') current.rules.push({ allow: key === 'allow', path: value });
      lastWasAgent = false;
    } else {
      lastWasAgent = false;
    }
  }
  return groups;
}

function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`).test(path);
}

/**
 * May `userAgent` fetch `path`? A group applies when its name is part of our user agent
 * (case-insensitive); the longest such name wins over `*`; no group at all allows everything.
 */
export function robotsAllows(robotsTxt: string, userAgent: string, path: string): boolean {
  const groups = parseGroups(robotsTxt);
  const agent = userAgent.toLowerCase();
  let best: { length: number; rules: Rule[] } | null = null;
  const star: Rule[] = [];
  let sawStar = false;
  for (const group of groups) {
    for (const name of group.agents) {
      if (name === '*') {
        sawStar = true;
        star.push(...group.rules);
      } else if (name && agent.includes(name) && (!best || name.length > best.length)) {
        best = { length: name.length, rules: group.rules };
      }
    }
  }
  const rules = best ? best.rules : sawStar ? star : [];
  let decision: Rule | null = null;
  for (const rule of rules) {
    if (!matches(rule.path, path)) continue;
    if (!decision || rule.path.length > decision.path.length || (rule.path.length === decision.path.length && rule.allow)) decision = rule;
  }
  return decision?.allow ?? true;
}
