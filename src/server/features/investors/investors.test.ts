import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Investor, InvestorImportResult } from '../../../contract/investors/investors.js';
import {
  createInvestor,
  deleteInvestor,
  discoverInvestors,
  exportInvestorsCsv,
  importInvestorsCsv,
  listInvestors,
  updateInvestor,
} from '../../../contract/investors/investors.js';
import { buildApp } from '../../app.js';
import { activityLog, investors } from '../../db/schema.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { apiPath } from '../../test/api-path.js';
import { DEMO_INVESTORS, DEMO_SEEDED } from '../../adapters/investors/demo.js';
import { InvestorSourceError, type InvestorSource } from '../../adapters/investors/types.js';

describe.each(TEST_DATABASES)('investor directory on %s', (kind) => {
  const ctx = appUnderTest(kind);

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object | string,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie: ctx.cookie, ...headers },
      ...(payload !== undefined ? { payload } : {}),
    });
  const list = async (query: string) =>
    (await call('GET', apiPath(listInvestors, {}, query))).json<Investor[]>();

  it('starts with the seeded demo investors; discovery adds the rest once, then nothing', async () => {
    expect(await ctx.testDb.database.db.$count(investors)).toBe(DEMO_SEEDED);
    expect(await list('investmentStage=Seed&limit=50')).toEqual(
      (await list('limit=50')).filter((i) => i.stages.includes('Seed')),
    );
    const first = await call('POST', apiPath(discoverInvestors));
    expect(first.json()).toEqual({ count: DEMO_INVESTORS.length - DEMO_SEEDED });
    expect((await call('POST', apiPath(discoverInvestors))).json()).toEqual({ count: 0 });
    const [log] = await ctx.testDb.database.db
      .select()
      .from(activityLog)
      .orderBy(desc(activityLog.at))
      .limit(1);
    expect(log).toMatchObject({ action: 'discover', subject: 'investors', detail: { count: 0 } });
  });

  it('pages in a stable order without gaps or repeats, 6 by default and at most 50', async () => {
    const all = await list('limit=50');
    expect(all).toHaveLength(DEMO_INVESTORS.length);
    const paged: Investor[] = [];
    for (let offset = 0; ; offset += 6) {
      const batch = await list(`offset=${offset}`);
      paged.push(...batch);
      if (batch.length < 6) break;
    }
    expect(paged.map((i) => i.id)).toEqual(all.map((i) => i.id));
    expect(all.map((i) => i.name)).toEqual(
      [...all.map((i) => i.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    for (const bad of [
      'limit=51',
      'limit=0',
      'offset=-1',
      'offset=abc',
      'investmentStage=Series%20Z',
      'industry=Mining',
    ]) {
      expect((await call('GET', apiPath(listInvestors, {}, bad))).statusCode, bad).toBe(400);
    }
  });

  it('filters by stage and industry and searches name, firm and expertise by word prefix', async () => {
    const seed = await list('investmentStage=Seed&limit=50');
    expect(seed.length).toBeGreaterThan(0);
    expect(seed.every((i) => i.stages.includes('Seed'))).toBe(true);
    const both = await list('investmentStage=Seed&industry=FinTech&limit=50');
    expect(both.every((i) => i.stages.includes('Seed') && i.industries.includes('FinTech'))).toBe(
      true,
    );

    const target = DEMO_INVESTORS[3]!;
    expect(
      (await list(`search=${encodeURIComponent(target.name.split(' ')[1]!.toUpperCase())}`)).map(
        (i) => i.name,
      ),
    ).toContain(target.name);
    const firmWord = target.firm!.split(' ')[0]!.slice(0, 4).toLowerCase();
    expect(
      (await list(`search=${firmWord}&limit=50`)).every((i) =>
        `${i.name} ${i.firm} ${i.expertise.join(' ')}`.toLowerCase().includes(firmWord),
      ),
    ).toBe(true);
    const expertise = await list('search=cyber&limit=50');
    expect(expertise.length).toBeGreaterThan(0);
    expect(expertise.every((i) => i.expertise.some((e) => e.toLowerCase().includes('cyber')))).toBe(
      true,
    );
    expect(await list('search=%27%3B%20drop%20table%20investors%3B--')).toEqual([]);
  });

  it('adds, edits and deletes by hand, with one investor per profile URL', async () => {
    const body = {
      name: 'Pat Manual',
      firm: 'Handmade Capital',
      linkedinUrl: 'http://LinkedIn.com/in/Pat-Manual/?trk=x',
      stages: ['Growth'],
      industries: ['Veteran-Led'],
      expertise: ['Defense'],
    };
    const created = await call('POST', apiPath(createInvestor), body);
    expect(created.statusCode).toBe(201);
    const pat = created.json<Investor>();
    expect(pat.linkedinUrl).toBe('https://www.linkedin.com/in/pat-manual');
    const dup = await call('POST', apiPath(createInvestor), {
      ...body,
      name: 'Pat Again',
      linkedinUrl: 'https://www.linkedin.com/in/pat-manual',
    });
    expect(dup.statusCode).toBe(409);
    const bad = await call('POST', apiPath(createInvestor), {
      name: ' ',
      email: 'nope',
      stages: ['Pre-seed'],
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { field: string }) => i.field)
        .sort(),
    ).toEqual(['email', 'name', 'stages.0']);

    expect(
      (await list('investmentStage=Growth&industry=Veteran-Led&limit=50')).map((i) => i.id),
    ).toContain(pat.id);
    const edited = await call('PUT', apiPath(updateInvestor, { id: pat.id }), {
      ...body,
      title: 'Managing Partner',
      stages: ['Seed'],
    });
    expect(edited.json<Investor>().title).toBe('Managing Partner');
    // The filters follow the edit at once.
    expect(
      (await list('investmentStage=Growth&industry=Veteran-Led&limit=50')).map((i) => i.id),
    ).not.toContain(pat.id);
    expect(
      (await list('investmentStage=Seed&industry=Veteran-Led&limit=50')).map((i) => i.id),
    ).toContain(pat.id);
    expect((await call('DELETE', apiPath(deleteInvestor, { id: pat.id }))).statusCode).toBe(204);
    expect((await call('PUT', apiPath(updateInvestor, { id: pat.id }), body)).statusCode).toBe(404);
  });

  it('imports CSV with a preview and per-row errors, and exports with formulas neutralised', async () => {
    const csv = [
      'name,firm,linkedin_url,stages,industries,expertise,portfolio_size',
      'Zebulon Import,Import Partners,https://www.linkedin.com/in/zebulon-import,Seed; Growth,FinTech,Payments; Lending,12',
      ',No Name Ventures,,,,,',
      'Bad Stage,X,,Pre-seed,,,',
      '=HYPERLINK("http://evil.example"),Formula Fund,https://www.linkedin.com/in/formula,,,,',
    ].join('\n');
    const preview = await call('POST', apiPath(importInvestorsCsv, {}, { dryRun: 1 }), csv, {
      'content-type': 'text/csv',
    });
    expect(preview.statusCode).toBe(200);
    const result = preview.json<InvestorImportResult>();
    expect(result.preview.map((r) => r.name)).toEqual([
      'Zebulon Import',
      '=HYPERLINK("http://evil.example")',
    ]);
    expect(result.errors.map((e) => e.row)).toEqual([3, 4]);
    expect(result.errors[0]!.message).toMatch(/Name is required/);
    expect(result.added).toBe(0);
    expect(await list('search=zebulon')).toEqual([]);

    const stored = (
      await call('POST', apiPath(importInvestorsCsv), csv, { 'content-type': 'text/csv' })
    ).json<InvestorImportResult>();
    expect([stored.added, stored.updated]).toEqual([2, 0]);
    const again = (
      await call(
        'POST',
        apiPath(importInvestorsCsv),
        csv.replace('Import Partners', 'Renamed Partners'),
        { 'content-type': 'text/csv' },
      )
    ).json<InvestorImportResult>();
    expect([again.added, again.updated]).toEqual([0, 2]);
    expect((await list('search=zebulon'))[0]).toMatchObject({
      firm: 'Renamed Partners',
      stages: ['Seed', 'Growth'],
      portfolioSize: 12,
    });

    const exported = await call('GET', apiPath(exportInvestorsCsv, {}, { search: 'formula' }));
    const rows = Papa.parse<string[]>(exported.body.replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect((await call('POST', apiPath(importInvestorsCsv), { not: 'csv' })).statusCode).toBe(415);
  });

  it('answers 502 with the source message when discovery fails', async () => {
    const failing: InvestorSource = {
      name: 'wikidata',
      discover: () =>
        Promise.reject(
          new InvestorSourceError(
            'Wikidata did not answer within 20 seconds. Please try again later.',
          ),
        ),
    };
    const other = await buildApp({
      config: testConfig(),
      database: ctx.testDb.database,
      auth: ctx.app.auth,
      investorSource: failing,
    });
    try {
      const res = await other.inject({
        method: 'POST',
        url: apiPath(discoverInvestors),
        headers: { cookie: ctx.cookie },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        message: 'Wikidata did not answer within 20 seconds. Please try again later.',
      });
    } finally {
      await other.close();
    }
  });
});
