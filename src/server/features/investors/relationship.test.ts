import { describe, expect, it } from 'vitest';
import type { Investor } from '../../../contract/investors/investors.js';
import {
  createInvestor,
  listInvestors,
  updateInvestor,
  updateRelationship,
} from '../../../contract/investors/investors.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { apiPath } from '../../test/api-path.js';

describe.each(TEST_DATABASES)('investors as a pipeline on %s', (kind) => {
  const ctx = appUnderTest(kind);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie: ctx.cookie },
      ...(payload ? { payload } : {}),
    });

  it('keeps a status, notes, an introducer and a next follow-up, which an edit of the profile leaves alone', async () => {
    const created = await call('POST', apiPath(createInvestor), {
      name: 'Pipeline Test Investor',
      firm: 'Demo Ventures',
      linkedinUrl: 'https://linkedin.example/in/pipeline-test',
    });
    const investor = created.json<Investor>();
    expect(investor).toMatchObject({
      relationshipStatus: 'not_contacted',
      relationshipNotes: null,
      introducer: null,
      nextFollowUp: null,
    });

    const changed = await call('PATCH', apiPath(updateRelationship, { id: investor.id }), {
      status: 'intro_requested',
      notes: '  Met at the veterans meetup.  ',
      introducer: 'Jordan (demo), our advisor',
      nextFollowUp: '2026-12-01',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Investor>()).toMatchObject({
      relationshipStatus: 'intro_requested',
      relationshipNotes: 'Met at the veterans meetup.',
      introducer: 'Jordan (demo), our advisor',
      nextFollowUp: '2026-12-01',
    });

    // Editing the profile (or re-importing it) does not reset the pipeline.
    const edited = await call('PUT', apiPath(updateInvestor, { id: investor.id }), {
      name: 'Pipeline Test Investor',
      firm: 'Demo Ventures II',
    });
    expect(edited.json<Investor>()).toMatchObject({
      firm: 'Demo Ventures II',
      relationshipStatus: 'intro_requested',
      nextFollowUp: '2026-12-01',
    });
    const listed = (await call('GET', apiPath(listInvestors, {}, { search: 'pipeline' }))).json<
      Investor[]
    >();
    expect(listed.find((i) => i.id === investor.id)).toMatchObject({
      introducer: 'Jordan (demo), our advisor',
    });

    const cleared = await call('PATCH', apiPath(updateRelationship, { id: investor.id }), {
      status: 'in_talks',
      notes: '',
      nextFollowUp: null,
    });
    expect(cleared.json<Investor>()).toMatchObject({
      relationshipStatus: 'in_talks',
      relationshipNotes: null,
      nextFollowUp: null,
    });
  });

  it('refuses an unknown status, a date that does not exist, an empty change and an unknown investor', async () => {
    const [investor] = (await call('GET', apiPath(listInvestors))).json<Investor[]>();
    const bad = await call('PATCH', apiPath(updateRelationship, { id: investor!.id }), {
      status: 'friends',
      nextFollowUp: '2026-13-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { field: string }) => i.field)
        .sort(),
    ).toEqual(['nextFollowUp', 'status']);
    expect(bad.json().message).toMatch(
      /^Please check Status, Next follow-up: Status must be not contacted, intro requested, in talks, passed or invested/,
    );
    expect(
      (await call('PATCH', apiPath(updateRelationship, { id: investor!.id }), {})).statusCode,
    ).toBe(400);
    expect(
      (
        await call(
          'PATCH',
          apiPath(updateRelationship, { id: '00000000-0000-4000-8000-000000000000' }),
          { status: 'passed' },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', apiPath(updateRelationship, { id: 'not-an-id' }), { status: 'passed' }))
        .statusCode,
    ).toBe(404);
  });
});
