import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import {
  decide,
  MAX_RULE_LENGTH,
  MAX_RULES,
  normaliseRobotsPath,
  ROBOTS_MAX_BYTES,
  robotsAllows,
  robotsPatternMatches,
  robotsRules,
} from './robots.js';
import { cpuMs, cpuSlices } from '../../test/cpu-slices.js';

const UA = 'Test Agency (help@example.com)';
const rules = (lines: string) => `User-agent: *\n${lines}`;

/** The fastest of a few runs: the machine is shared, a slow run says more about it than about us. */
function fastest(run: () => unknown, times = 5): number {
  let best = Infinity;
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe('robots.txt patterns (RFC 9309 §2.2.2–2.2.3, with Google’s published examples)', () => {
  it.each([
    // A plain pattern matches the start of the path, case-sensitively.
    ['/fish', '/fish', true],
    ['/fish', '/fish.html', true],
    ['/fish', '/fish/salmon.html', true],
    ['/fish', '/fishheads/yummy.html', true],
    ['/fish', '/fish.php?id=anything', true],
    ['/fish', '/Fish.asp', false],
    ['/fish', '/catfish', false],
    ['/fish', '/?id=fish', false],
    ['/fish', '/desert/fish', false],
    // A trailing * changes nothing.
    ['/fish*', '/fish', true],
    ['/fish*', '/fishheads', true],
    ['/fish*', '/catfish', false],
    ['/fish/', '/fish/?id=anything', true],
    ['/fish/', '/fish', false],
    ['/fish/', '/animals/fish/', false],
    // * matches any run of characters, slashes and queries included.
    ['/*.php', '/index.php', true],
    ['/*.php', '/folder/filename.php?parameters', true],
    ['/*.php', '/folder/any.php.file.html', true],
    ['/*.php', '/', false],
    ['/*.php', '/windows.PHP', false],
    // A final $ anchors the end.
    ['/*.php$', '/filename.php', true],
    ['/*.php$', '/folder/filename.php', true],
    ['/*.php$', '/filename.php?parameters', false],
    ['/*.php$', '/filename.php/', false],
    ['/*.php$', '/filename.php5', false],
    ['/fish*.php', '/fish.php', true],
    ['/fish*.php', '/fishheads/catfish.php?parameters', true],
    ['/fish*.php', '/Fish.PHP', false],
    ['/$', '/', true],
    ['/$', '/page', false],
    ['/this/path/exactly$', '/this/path/exactly', true],
    ['/this/path/exactly$', '/this/path/exactly/', false],
    // The anchored last part must come after the others: /a*b$ does not match /ab... by reusing letters.
    ['/a*ab$', '/ab', false],
    ['/a*ab$', '/aab', true],
    ['/*a*a*a$', '/aa', false],
    ['/*a*a*a$', '/aaa', true],
    ['*.gif$', '/images/x.gif', true],
    ['/a**b', '/axxb', true],
    // A $ inside a pattern is a character.
    ['/a$b', '/a$b', true],
  ])('%s against %s → %s', (pattern, path, matches) => {
    expect(robotsPatternMatches(pattern, path)).toBe(matches);
  });

  it('normalises percent-encoding as RFC 9309 §2.2.2 says: UTF-8 encoded, unreserved decoded, hex in capitals', () => {
    // The RFC's table of examples.
    expect(normaliseRobotsPath('/foo/bar?baz=quz')).toBe('/foo/bar?baz=quz');
    expect(normaliseRobotsPath('/foo/bar/ツ')).toBe('/foo/bar/%E3%83%84');
    expect(normaliseRobotsPath('/foo/bar/%E3%83%84')).toBe('/foo/bar/%E3%83%84');
    expect(normaliseRobotsPath('/foo/bar/%62%61%7A')).toBe('/foo/bar/baz');
    // Reserved characters keep their encoding (an encoded slash is not a slash), in capitals.
    expect(normaliseRobotsPath('/a%2fb')).toBe('/a%2Fb');
    expect(normaliseRobotsPath('/a b')).toBe('/a%20b');
    expect(normaliseRobotsPath('/😀')).toBe('/%F0%9F%98%80');
    expect(normaliseRobotsPath('/%zz%4')).toBe('/%zz%4');
    // So a rule and a path written differently still meet.
    expect(robotsPatternMatches('/foo/bar/ツ', '/foo/bar/%E3%83%84')).toBe(true);
    expect(robotsPatternMatches('/foo/bar/%e3%83%84', '/foo/bar/ツ/more')).toBe(true);
    expect(robotsPatternMatches('/foo/%62az$', '/foo/baz')).toBe(true);
    expect(robotsPatternMatches('/a%2Fb', '/a/b')).toBe(false);
  });
});

describe('robots.txt decisions', () => {
  it.each([
    ['', '/', true],
    ['User-agent: *\nDisallow: /', '/', false],
    ['User-agent: *\nDisallow: /private', '/', true],
    ['User-agent: *\nDisallow:', '/', true],
    ['User-agent: *\nDisallow: /*.php$', '/index.php', false],
    ['User-agent: Test Agency\nDisallow: /\n\nUser-agent: *\nAllow: /', '/', false],
    ['User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nAllow: /', '/', true],
    ['User-agent: test agency\nAllow: /\n\nUser-agent: *\nDisallow: /', '/', true],
    ['User-agent: Googlebot\nUser-agent: *\nDisallow: / # everyone', '/', false],
    // A group naming us with no rules allows everything, whatever `*` says.
    ['User-agent: test agency\nDisallow:\n\nUser-agent: *\nDisallow: /', '/', true],
    // Blank lines between user-agent lines do not end a group (RFC 9309 §2.2: a group's start lines may be apart).
    ['User-agent: test agency\n\nUser-agent: *\nDisallow: /', '/', false],
    // Two groups naming us are one group (RFC 9309 §2.2.1).
    ['User-agent: test agency\nAllow: /a\n\nUser-agent: test agency\nDisallow: /', '/b', false],
    ['User-agent: *\nDisallow: /a\r\nUser-agent: *\r\nDisallow: /b', '/b', false],
    // The longest match wins, whichever comes first.
    [rules('Allow: /p\nDisallow: /'), '/page', true],
    [rules('Disallow: /\nAllow: /p'), '/page', true],
    [rules('Allow: /page\nDisallow: /*.htm'), '/page.htm', false],
    [
      rules('Disallow: /example/page/disallowed.gif\nAllow: /example/page/'),
      '/example/page/disallowed.gif',
      false,
    ],
    [rules('Disallow: /\nAllow: /$'), '/', true],
    [rules('Disallow: /\nAllow: /$'), '/page.htm', false],
    // On a tie Allow wins, in either order.
    [rules('Allow: /folder\nDisallow: /folder'), '/folder/page', true],
    [rules('Disallow: /folder\nAllow: /folder'), '/folder/page', true],
    [rules('Allow: /page\nDisallow: /*.ph'), '/page.php', true],
    [rules('Disallow: /*.ph\nAllow: /page'), '/page.php', true],
    // Percent-encoding normalised on both sides.
    [rules('Disallow: /caf%C3%A9'), '/caf%c3%a9/menu', false],
    [rules('Disallow: /café'), '/caf%C3%A9', false],
  ])('%j for %s → %s', async (txt, path, allowed) => {
    expect(await robotsAllows(txt, UA, path)).toBe(allowed);
  });

  it('keeps at most MAX_RULES rules of the groups that apply, ignores over-long patterns and reads 500 KiB', async () => {
    const many = rules(
      Array.from({ length: MAX_RULES + 50 }, (_, i) => `Disallow: /r${i}`).join('\n'),
    );
    const kept = await robotsRules(many, UA);
    expect(kept).toHaveLength(MAX_RULES);
    expect(kept.at(-1)!.pattern).toBe(`/r${MAX_RULES - 1}`);
    // Other agents' rules do not use up ours.
    const others = `User-agent: Googlebot\n${'Disallow: /x\n'.repeat(MAX_RULES + 10)}\nUser-agent: *\nDisallow: /mine`;
    expect((await robotsRules(others, UA)).map((r) => r.pattern)).toEqual(['/mine']);
    expect(
      await robotsRules(rules(`Disallow: /${'a'.repeat(MAX_RULE_LENGTH)}\nDisallow: /b`), UA),
    ).toEqual([{ allow: false, pattern: '/b' }]);
    // What lies past the parsing limit is not read.
    const padded = `User-agent: *\n${'#'.repeat(ROBOTS_MAX_BYTES)}\nDisallow: /`;
    expect(await robotsAllows(padded, UA, '/')).toBe(true);
  });
});

describe('robots.txt worst cases: linear, whatever the site writes', () => {
  const longPath = `/${'a'.repeat(2500)}`;
  const hostile = [
    '/*a*a*a*a*a*a*a*a*a*a*a*a*a*b',
    '/*a*a*a*a*a*a*a*a*a*a*a*a*a*b$',
    `/${'*a'.repeat(500)}b`,
    `/*${'a'.repeat(1000)}b`,
    `*${'*'.repeat(1000)}b$`,
  ];

  it.each(hostile)('%s against a 2,501-character path takes under 5 ms', (pattern) => {
    expect(robotsPatternMatches(pattern, longPath)).toBe(false);
    expect(fastest(() => robotsPatternMatches(pattern, longPath))).toBeLessThan(5);
  });

  it('a whole file of hostile rules is decided in well under a second, in slices of a few milliseconds', async () => {
    // Rules up to the cap (each one must scan the whole path), then hostile lines up to 500 KiB.
    let txt = rules(
      Array.from(
        { length: MAX_RULES },
        (_, i) => `Disallow: ${hostile[i % hostile.length]}${i}`,
      ).join('\n'),
    );
    txt += `\n${'Disallow: /*a*a*a*a*a*a*a*a*a*a*a*a*a*b\n'.repeat(Math.max(0, Math.floor((ROBOTS_MAX_BYTES - txt.length) / 40)))}`;
    // The first round warms the compiler up.
    const run = async () => {
      const measured = cpuSlices();
      let allowed: boolean | null = null;
      const totalMs = await cpuMs(
        async () =>
          (allowed = await decide(
            await robotsRules(txt, UA, measured.turn),
            longPath,
            measured.turn,
          )),
      );
      return { allowed, totalMs, longest: measured.longest() };
    };
    await run();
    const { allowed, totalMs, longest } = await run();
    expect(allowed).toBe(true);
    expect(totalMs).toBeLessThan(1000);
    expect(longest).toBeLessThan(15);
  });
});
