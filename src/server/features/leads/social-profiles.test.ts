import { afterAll, describe, expect, it } from 'vitest';
import type { Lead } from '../../../contract/leads/leads.js';
import { findLeadSocialProfiles, saveLead } from '../../../contract/leads/leads.js';
import { loadConfig } from '../../config.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { startFakeSite } from '../../test/fake-websites.js';
import { apiPath } from '../../test/api-path.js';

const REFUSED = 'This website address points to a private network and was not fetched.';

describe.each(TEST_DATABASES)(
  "'Find social profiles' with the real website reader on %s",
  (kind) => {
    describe('under the production address policy', () => {
      let site: Awaited<ReturnType<typeof startFakeSite>>;
      const ctx = appUnderTest(kind, async () => {
        site = await startFakeSite({ html: '<a href="https://www.instagram.com/acme">I</a>' });
        return {
          config: loadConfig({
            NODE_ENV: 'production',
            SITE_NAME: 'Test Agency',
            SUPPORT_EMAIL: 'help@example.com',
          }),
        };
      });
      afterAll(() => site?.close());

      it('answers a private, loopback or metadata address with 422 and the website check’s words, sending it nothing', async () => {
        for (const [i, website] of [
          site.url,
          'http://10.0.0.1/',
          'http://169.254.169.254/latest/meta-data',
          'http://[::1]:8080/',
        ].entries()) {
          const lead = await ctx.app.inject({
            method: 'POST',
            url: apiPath(saveLead),
            headers: { cookie: ctx.cookie },
            payload: { provider: 'directory', sourceId: `private-${i}`, name: 'Private', website },
          });
          expect(lead.statusCode).toBe(201);
          const found = await ctx.app.inject({
            method: 'POST',
            url: apiPath(findLeadSocialProfiles, { id: lead.json<Lead>().id }),
            headers: { cookie: ctx.cookie },
          });
          expect(found.statusCode, website).toBe(422);
          expect(found.json()).toEqual({ message: REFUSED });
        }
        expect(site.paths).toEqual([]);
      });
    });

    describe('with the test-only loopback setting', () => {
      let broken: Awaited<ReturnType<typeof startFakeSite>>;
      const ctx = appUnderTest(kind, async () => {
        broken = await startFakeSite({ status: 500 });
        return { config: testConfig({ WEBSITE_FETCH_ALLOW_LOOPBACK: 'true' }) };
      });
      afterAll(() => broken?.close());

      it('still answers 502 with why when the site itself fails', async () => {
        const lead = await ctx.app.inject({
          method: 'POST',
          url: apiPath(saveLead),
          headers: { cookie: ctx.cookie },
          payload: {
            provider: 'directory',
            sourceId: 'broken',
            name: 'Broken',
            website: broken.url,
          },
        });
        const found = await ctx.app.inject({
          method: 'POST',
          url: apiPath(findLeadSocialProfiles, { id: lead.json<Lead>().id }),
          headers: { cookie: ctx.cookie },
        });
        expect(found.statusCode).toBe(502);
        expect(found.json()).toEqual({ message: 'The website answered with status 500.' });
      });
    });
  },
);
