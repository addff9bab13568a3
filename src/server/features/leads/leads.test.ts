import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import Papa from 'papaparse';
import type { BusinessResult } from '../../../contract/businesses/businesses.js';
import { exportBusinessesCsv, searchBusinesses } from '../../../contract/businesses/businesses.js';
import type { Lead, LeadPage } from '../../../contract/leads/leads.js';
import {
  deleteLead,
  exportLeadsCsv,
  findLeadSocialProfiles,
  listLeads,
  saveLead,
  updateLead,
} from '../../../contract/leads/leads.js';
import { activityLog } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { apiPath } from '../../test/api-path.js';

describe.each(TEST_DATABASES)('saved leads on %s', (kind) => {
  const websitesRead: string[] = [];
  const ctx = appUnderTest(kind, {
    findSocialProfiles: async (website) => {
      websitesRead.push(website);
      if (website.includes('broken'))
        throw new HttpError(502, 'The website did not answer within 5 seconds.');
      return [{ network: 'instagram', url: 'https://instagram.example/found' }];
    },
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie: ctx.cookie },
      ...(payload ? { payload } : {}),
    });
  const firstResults = async (category: string) =>
    (await call('GET', apiPath(searchBusinesses, {}, `category=${category}`))).json<
      BusinessResult[]
    >();
  const asLead = (b: BusinessResult) => ({
    provider: b.provider,
    sourceId: b.sourceId,
    name: b.name,
    address: b.address,
    lat: b.lat,
    lng: b.lng,
    rating: b.rating,
    reviewCount: b.reviewCount,
    website: b.website,
    phone: b.phone,
    socialProfiles: b.socialProfiles,
    category: 'plumber',
  });

  it('saves a search result once, updates its status and note, and deletes it', async () => {
    const [business] = await firstResults('plumber');
    const saved = await call('POST', apiPath(saveLead), asLead(business!));
    expect(saved.statusCode).toBe(201);
    const lead = saved.json<Lead>();
    expect(lead).toMatchObject({
      name: business!.name,
      status: 'new',
      rating: business!.rating,
      note: null,
    });
    const again = await call('POST', apiPath(saveLead), asLead(business!));
    expect(again.statusCode).toBe(200);
    expect(again.json<Lead>().id).toBe(lead.id);

    const updated = await call('PATCH', apiPath(updateLead, { id: lead.id }), {
      status: 'contacted',
      note: '  Called on Monday  ',
    });
    expect(updated.json<Lead>()).toMatchObject({ status: 'contacted', note: 'Called on Monday' });
    expect(
      (await call('PATCH', apiPath(updateLead, { id: lead.id }), { status: 'maybe' })).statusCode,
    ).toBe(400);
    expect((await call('PATCH', apiPath(updateLead, { id: lead.id }), {})).statusCode).toBe(400);
    expect(
      (await call('GET', apiPath(listLeads, {}, { status: 'contacted' })))
        .json<LeadPage>()
        .items.map((l) => l.id),
    ).toEqual([lead.id]);
    expect(
      (await call('GET', apiPath(listLeads, {}, { status: 'won' }))).json<LeadPage>().total,
    ).toBe(0);

    expect((await call('DELETE', apiPath(deleteLead, { id: lead.id }))).statusCode).toBe(204);
    expect((await call('DELETE', apiPath(deleteLead, { id: lead.id }))).statusCode).toBe(404);
    expect(
      (await call('PATCH', apiPath(updateLead, { id: 'not-a-uuid' }), { status: 'won' }))
        .statusCode,
    ).toBe(404);
    const actions = (
      await ctx.testDb.database.db.select().from(activityLog).orderBy(desc(activityLog.at)).limit(3)
    ).map((r) => [r.action, r.subject]);
    // Refused changes and the repeated save changed nothing, so they are not in the log.
    expect(actions).toEqual([
      ['delete', 'lead'],
      ['update', 'lead'],
      ['create', 'lead'],
    ]);
  });

  it('refuses a lead without a name or with a script as its website', async () => {
    const res = await call('POST', apiPath(saveLead), {
      provider: 'directory',
      sourceId: 'x',
      name: ' ',
      website: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .issues.map((i: { field: string }) => i.field)
        .sort(),
    ).toEqual(['name', 'website']);
  });

  it('finds social profiles on the lead website and keeps them; a failure says why', async () => {
    const withSite = (await firstResults('dentist')).find((b) => b.website)!;
    const lead = (await call('POST', apiPath(saveLead), asLead(withSite))).json<Lead>();
    const found = await call('POST', apiPath(findLeadSocialProfiles, { id: lead.id }));
    expect(found.statusCode).toBe(200);
    expect(found.json<Lead>().socialProfiles).toContainEqual({
      network: 'instagram',
      url: 'https://instagram.example/found',
    });
    expect(found.json<Lead>().socialCheckedAt).not.toBeNull();
    expect(websitesRead).toContain(withSite.website);

    const withoutSite = (await firstResults('dentist')).find((b) => !b.website)!;
    const bare = (await call('POST', apiPath(saveLead), asLead(withoutSite))).json<Lead>();
    expect((await call('POST', apiPath(findLeadSocialProfiles, { id: bare.id }))).statusCode).toBe(
      422,
    );

    const broken = (
      await call('POST', apiPath(saveLead), {
        provider: 'google',
        sourceId: 'g1',
        name: 'Broken Site',
        website: 'https://broken.example',
      })
    ).json<Lead>();
    const failed = await call('POST', apiPath(findLeadSocialProfiles, { id: broken.id }));
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('The website did not answer within 5 seconds.');
  });

  it('exports leads and search results as CSV, and logs the exports', async () => {
    await call('POST', apiPath(saveLead), {
      provider: 'osm',
      sourceId: 'node/1',
      name: '=cmd|calc',
      phone: '+1 210 555 0100',
    });
    const leads = await call('GET', apiPath(exportLeadsCsv));
    expect(leads.headers['content-type']).toMatch(/text\/csv/);
    expect(leads.headers['content-disposition']).toMatch(
      /attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = Papa.parse<string[]>(leads.body.replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(rows[0]![0]).toBe('Name');
    expect(rows.map((r) => r[0])).toContain("'=cmd|calc");
    expect(rows.map((r) => r[4])).toContain("'+1 210 555 0100");

    const results = await call(
      'GET',
      apiPath(exportBusinessesCsv, {}, { category: 'plumber', radius: 10 }),
    );
    expect(results.statusCode).toBe(200);
    const resultRows = Papa.parse<string[]>(results.body.replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(resultRows.length - 1).toBe((await firstResults('plumber&radius=10')).length);
    expect((await call('GET', apiPath(exportBusinessesCsv, {}, { radius: 10 }))).statusCode).toBe(
      400,
    );

    const exports = (
      await ctx.testDb.database.db.select().from(activityLog).orderBy(desc(activityLog.at)).limit(2)
    ).map((r) => r.subject);
    expect(exports).toEqual(['business search results', 'leads']);
  });
});
