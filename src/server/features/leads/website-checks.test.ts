import { afterAll, describe, expect, it } from 'vitest';
import type { WebsiteCheck } from '../../../contract/leads/website-checks.js';
import {
  getWebsiteCheck,
  latestWebsiteChecks,
  runWebsiteCheck,
} from '../../../contract/leads/website-checks.js';
import { loadConfig } from '../../config.js';
import { websiteAddressPolicy } from '../../adapters/website/safe-fetch.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { DATED_HOMEPAGE, startFakeSite } from '../../test/fake-websites.js';
import { apiPath } from '../../test/api-path.js';

type Site = Awaited<ReturnType<typeof startFakeSite>>;
const body = (provider: string, sourceId: string, website: string) => ({
  provider,
  sourceId,
  name: `Business ${sourceId}`,
  website,
});

describe.each(TEST_DATABASES)('website checks on %s', (kind) => {
  const sites: Record<string, Site> = {};
  const page: Site[] = [];
  const meter = { open: 0, most: 0 };
  const ctx = appUnderTest(kind, async () => {
    sites.tidy = await startFakeSite();
    sites.dated = await startFakeSite({ html: DATED_HOMEPAGE });
    sites.private = await startFakeSite({ robots: 'User-agent: *\nDisallow: /' });
    sites.broken = await startFakeSite({ status: 500 });
    for (let i = 0; i < 10; i++) page.push(await startFakeSite({ delayMs: 150 }, meter));
    return { config: testConfig({ WEBSITE_FETCH_ALLOW_LOOPBACK: 'true' }) };
  });
  afterAll(() => Promise.all([...Object.values(sites), ...page].map((s) => s.close())));

  const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie = ctx.cookie) =>
    ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('checks a homepage, keeps the latest check per business and answers it by business and by id', async () => {
    const first = await call(
      'POST',
      apiPath(runWebsiteCheck),
      body('directory', 'dated-1', sites.dated!.url),
    );
    expect(first.statusCode).toBe(200);
    const check = first.json<WebsiteCheck>();
    expect(check).toMatchObject({
      businessId: 'directory:dated-1',
      status: 'checked',
      message: null,
      finalUrl: sites.dated!.url,
    });
    const angles = check.findings.filter((f) => !f.passed).map((f) => f.angle);
    expect(angles).toContain('No HTTPS: browsers warn visitors that the site is not secure.');
    expect(angles).toContain('Not built for phones: most visitors see a tiny desktop page.');
    expect(angles).toContain('Copyright 2016: the site looks abandoned.');
    expect(check.score).toBe(check.findings.reduce((sum, f) => sum + f.points, 0));
    expect(check.score).toBeLessThan(50);
    expect(sites.dated!.paths).toEqual(['/robots.txt', '/']);

    const again = (
      await call('POST', apiPath(runWebsiteCheck), body('directory', 'dated-1', sites.dated!.url))
    ).json<WebsiteCheck>();
    expect(again.id).toBe(check.id);
    expect(Date.parse(again.checkedAt)).toBeGreaterThanOrEqual(Date.parse(check.checkedAt));

    const tidy = (
      await call('POST', apiPath(runWebsiteCheck), body('osm', 'node/7', sites.tidy!.url))
    ).json<WebsiteCheck>();
    // Plain http on a fake site: only the two HTTPS checks fail.
    expect(tidy.findings.filter((f) => !f.passed).map((f) => f.id)).toEqual([
      'https',
      'httpRedirect',
    ]);
    expect(tidy.score).toBe(70);

    const latest = await call(
      'GET',
      apiPath(latestWebsiteChecks, {}, { ids: 'directory:dated-1,osm:node/7,google:none' }),
    );
    expect(latest.statusCode).toBe(200);
    expect(
      latest
        .json<WebsiteCheck[]>()
        .map((c) => c.businessId)
        .sort(),
    ).toEqual(['directory:dated-1', 'osm:node/7']);
    expect(
      (await call('GET', apiPath(getWebsiteCheck, { id: check.id }))).json<WebsiteCheck>().name,
    ).toBe('Business dated-1');
  });

  it('respects robots.txt and reports a site that fails, without failing itself', async () => {
    const blocked = (
      await call('POST', apiPath(runWebsiteCheck), body('directory', 'private', sites.private!.url))
    ).json<WebsiteCheck>();
    expect(blocked).toMatchObject({
      status: 'blocked',
      score: null,
      message: 'Not checked: robots.txt asks us not to read this page.',
      findings: [],
    });
    expect(sites.private!.paths).toEqual(['/robots.txt']);

    const broken = await call(
      'POST',
      apiPath(runWebsiteCheck),
      body('directory', 'broken', sites.broken!.url),
    );
    expect(broken.statusCode).toBe(200);
    expect(broken.json<WebsiteCheck>()).toMatchObject({
      status: 'failed',
      score: null,
      message: 'The website answered with status 500.',
    });

    const gone = (
      await call('POST', apiPath(runWebsiteCheck), body('directory', 'gone', 'http://127.0.0.1:9/'))
    ).json<WebsiteCheck>();
    expect(gone).toMatchObject({ status: 'failed', message: 'The website could not be reached.' });
  });

  it('checks a page of 10 results at most 4 sites at a time', async () => {
    const started = performance.now();
    const answers = await Promise.all(
      page.map((site, i) =>
        call('POST', apiPath(runWebsiteCheck), body('google', `page-${i}`, site.url)),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(meter.most).toBeLessThanOrEqual(4);
    expect(meter.most).toBeGreaterThan(1);
    // 10 sites of 150 ms, 4 at a time: three rounds, not ten.
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('refuses bad input with 400 and names the field; unknown checks are 404; strangers get 401', async () => {
    const cases: [object, string][] = [
      [{ provider: 'yelp', sourceId: 'a', name: 'A', website: 'https://a.example' }, 'Provider'],
      [
        { provider: 'osm', sourceId: 'a', name: 'A', website: 'javascript:alert(1)' },
        'Website must start with http:// or https://',
      ],
      [{ provider: 'osm', sourceId: 'a', name: 'A' }, 'Website'],
      [
        { provider: 'osm', sourceId: '', name: 'A', website: 'https://a.example' },
        'Source id is required',
      ],
    ];
    for (const [payload, words] of cases) {
      const answer = await call('POST', apiPath(runWebsiteCheck), payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ message: string }>().message).toContain(words);
    }
    expect((await call('GET', apiPath(latestWebsiteChecks))).statusCode).toBe(400);
    expect(
      (await call('GET', apiPath(latestWebsiteChecks, {}, { ids: 'nothing' }))).statusCode,
    ).toBe(400);
    expect(
      (
        await call(
          'GET',
          apiPath(
            latestWebsiteChecks,
            {},
            {
              ids: Array.from({ length: 51 }, (_, i) => `osm:${i}`).join(','),
            },
          ),
        )
      ).statusCode,
    ).toBe(400);
    expect((await call('GET', apiPath(getWebsiteCheck, { id: 'not-a-uuid' }))).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', apiPath(getWebsiteCheck, { id: '00000000-0000-4000-8000-000000000000' })))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', apiPath(runWebsiteCheck), body('osm', 'x', sites.tidy!.url), ''))
        .statusCode,
    ).toBe(401);
    expect(
      (await call('GET', apiPath(latestWebsiteChecks, {}, { ids: 'osm:x' }), undefined, ''))
        .statusCode,
    ).toBe(401);
  });
});

describe('website checks under the production config', () => {
  const production = loadConfig({
    NODE_ENV: 'production',
    SITE_NAME: 'Test Agency',
    SUPPORT_EMAIL: 'help@example.com',
  });
  let site: Site;
  const ctx = appUnderTest('pglite', async () => {
    site = await startFakeSite();
    return { config: production, websiteCheckRateLimit: 3 };
  });
  afterAll(() => site?.close());
  const run = (website: string) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath(runWebsiteCheck),
      headers: { cookie: ctx.cookie },
      payload: body('directory', 'local', website),
    });

  it('refuses a private address without sending it a byte, and limits runs per address', async () => {
    expect(production.websiteFetchAllowsLoopback).toBe(false);
    const refused = await run(site.url);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(
      'This website address points to a private network and was not fetched.',
    );
    expect(site.paths).toEqual([]);
    expect((await run('http://10.0.0.1/')).statusCode).toBe(422);
    expect((await run('http://169.254.169.254/')).statusCode).toBe(422);
    // The fourth run within the minute, with a limit of 3.
    const limited = await run('http://8.8.8.8/');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(
      /^Too many requests from your address/,
    );
  });

  it('the test-only loopback setting opens loopback only, and a public https site cannot turn it on', () => {
    const policy = websiteAddressPolicy(true);
    expect(['127.0.0.1', '::1'].map(policy)).toEqual([true, true]);
    expect(
      ['10.0.0.1', '192.168.1.1', '169.254.169.254', 'fd00::1', '100.64.0.1'].map(policy),
    ).toEqual([false, false, false, false, false]);
    expect(
      ['127.0.0.1', '10.0.0.1'].map(websiteAddressPolicy(production.websiteFetchAllowsLoopback)),
    ).toEqual([false, false]);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        WEBSITE_FETCH_ALLOW_LOOPBACK: 'true',
        PUBLIC_URL: 'https://agency.example',
        ALLOW_TEST_PAYMENTS: 'true',
      }),
    ).toThrow(/WEBSITE_FETCH_ALLOW_LOOPBACK=true is for tests only/);
  });
});
