import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import type { Lead } from '../../../contract/leads/leads.js';
import { findLeadSocialProfiles, saveLead } from '../../../contract/leads/leads.js';
import type { WebsiteCheck } from '../../../contract/leads/website-checks.js';
import { runWebsiteCheck } from '../../../contract/leads/website-checks.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import {
  HOSTILE_HEADERS,
  HOSTILE_HOMEPAGES,
  HOSTILE_ROBOTS,
  startFakeSite,
  TIDY_HOMEPAGE,
} from '../../test/fake-websites.js';
import { apiPath } from '../../test/api-path.js';

// Issue 25 §1: "A test with hostile robots.txt and HTML keeps `/healthz` under 100 ms." Every
// hostile homepage is checked and four of them are read for social profiles, all at once, through
// the real app, while `/healthz` is asked over real HTTP, one request after the other.
//
// What is asserted, and why two figures: the event loop's delay (monitorEventLoopDelay, 10 ms
// resolution) is this process's own and must stay under 100 ms at its maximum. The `/healthz` round
// trips also count the time other processes hold the cores (a 2-core CI machine running test files
// in parallel): their 95th percentile must be under 100 ms, not their maximum, which a neighbour
// can push up by itself.

// A path of a's: what the issue's `/*a*a*…*b` rules make a backtracking matcher try in every way
// (30 are enough for seconds; the unit tests take 2,500 to the linear matcher).
const AS = `/${'a'.repeat(30)}`;
const PAGES = Object.keys(HOSTILE_HOMEPAGES);
const LIMIT_MS = 100;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1]!;

describe.each(TEST_DATABASES)('a hostile website on %s', (kind) => {
  let site: Awaited<ReturnType<typeof startFakeSite>>;
  const ctx = appUnderTest(kind, async () => {
    site = await startFakeSite({
      route: (path) => {
        if (path === '/robots.txt')
          return {
            headers: { ...HOSTILE_HEADERS, 'content-type': 'text/plain' },
            body: HOSTILE_ROBOTS,
          };
        // /a…a/redirect/n/k: n redirects, each with a long Location, before page k.
        const hop = /^\/a+\/redirect\/(\d+)\/(\d+)/.exec(path);
        if (hop) {
          const left = Number(hop[1]);
          const next =
            left > 1
              ? `${AS}/redirect/${left - 1}/${hop[2]}?${'q'.repeat(6000)}`
              : `${AS}/${hop[2]}`;
          return { status: 302, headers: { location: next }, body: '' };
        }
        if (path === '/tidy') return { body: TIDY_HOMEPAGE };
        const page = /^\/a+\/(\d+)$/.exec(path);
        if (page)
          return { headers: HOSTILE_HEADERS, body: HOSTILE_HOMEPAGES[PAGES[Number(page[1])]!] };
        return undefined;
      },
    });
    return {
      config: testConfig({ WEBSITE_FETCH_ALLOW_LOOPBACK: 'true' }),
      websiteCheckRateLimit: 1000,
    };
  });
  afterAll(() => site?.close());

  it(
    'keeps /healthz under 100 ms while website checks and social profile lookups read it',
    { timeout: 120_000 },
    async () => {
      const origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
      const base = site.url.slice(0, -1);
      // Over real HTTP too, as a browser sends them: each request arrives on its own socket.
      const call = async <T>(url: string, payload?: object) => {
        const answer = await fetch(`${origin}${url}`, {
          method: 'POST',
          headers: {
            cookie: ctx.cookie,
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
          ...(payload ? { body: JSON.stringify(payload) } : {}),
        });
        const text = await answer.text();
        if (answer.status >= 300) throw new Error(`${url}: ${answer.status} ${text.slice(0, 200)}`);
        return JSON.parse(text) as T;
      };
      const urls = [...PAGES.map((_, k) => `${base}${AS}/${k}`), `${base}${AS}/redirect/5/0`];
      const socialPages = ['socialAnchors', 'jsonLdBlocks', 'socialSlashes', 'deepNesting'];

      // Warm up first (the first fetch loads undici, the first requests compile code): what is
      // measured is reading hostile content, not a cold start.
      await (await fetch(`${origin}/healthz`)).arrayBuffer();
      const tidy = await call<Lead>(apiPath(saveLead), {
        provider: 'directory',
        sourceId: 'tidy',
        name: 'Tidy',
        website: `${base}/tidy`,
      });
      await call<Lead>(apiPath(findLeadSocialProfiles, { id: tidy.id }));
      await call<WebsiteCheck>(apiPath(runWebsiteCheck), {
        provider: 'directory',
        sourceId: 'tidy',
        name: 'Tidy',
        website: `${base}/tidy`,
      });

      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      let running = true;
      const work = (async () => {
        try {
          const checks = urls.map((website, i) =>
            call<WebsiteCheck>(apiPath(runWebsiteCheck), {
              provider: 'directory',
              sourceId: `hostile-${i}`,
              name: `Hostile ${i}`,
              website,
            }),
          );
          const socials = socialPages.map(async (name) => {
            const website = `${base}${AS}/${PAGES.indexOf(name)}`;
            const lead = await call<Lead>(apiPath(saveLead), {
              provider: 'directory',
              sourceId: `hostile-lead-${name}`,
              name,
              website,
            });
            return call<Lead>(apiPath(findLeadSocialProfiles, { id: lead.id }));
          });
          // Settled, not all: one failure must not leave the others' rejections unhandled.
          return {
            checks: await Promise.allSettled(checks),
            leads: await Promise.allSettled(socials),
          };
        } finally {
          running = false;
        }
      })();

      const polls: number[] = [];
      const statuses = new Set<number>();
      while (running) {
        const started = performance.now();
        const health = await fetch(`${origin}/healthz`);
        await health.arrayBuffer();
        polls.push(performance.now() - started);
        statuses.add(health.status);
      }
      const settled = await work;
      loop.disable();
      const value = <T>(result: PromiseSettledResult<T>) => {
        if (result.status === 'rejected') throw result.reason;
        return result.value;
      };
      const checks = settled.checks.map(value);
      const leads = settled.leads.map(value);

      // Every page was read (robots.txt allowed it) and scored, the redirected one included.
      expect(checks.map((c) => c.status)).toEqual(urls.map(() => 'checked'));
      expect(checks.at(-1)!.finalUrl).toBe(`${base}${AS}/0`);
      expect(leads[0]!.socialProfiles).toEqual([
        { network: 'facebook', url: 'https://www.facebook.com/acme' },
      ]);
      expect(leads[1]!.socialProfiles.map((p) => p.network)).toEqual(['x', 'instagram']);
      expect([...statuses]).toEqual([200]);
      expect(polls.length).toBeGreaterThan(20);

      const loopMaxMs = loop.max / 1e6;
      const p95 = percentile(polls, 95);
      const slowest = Math.max(...polls);
      console.log(
        `${kind}: ${polls.length} polls of /healthz during ${urls.length} hostile checks and ${socialPages.length} lookups: ` +
          `p95 ${p95.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms; event-loop delay max ${loopMaxMs.toFixed(1)} ms`,
      );
      expect(loopMaxMs).toBeLessThan(LIMIT_MS);
      expect(p95).toBeLessThan(LIMIT_MS);
    },
  );
});
