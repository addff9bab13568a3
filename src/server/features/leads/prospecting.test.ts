import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import type { BusinessResult } from '../../../contract/businesses/businesses.js';
import { exportBusinessesCsv, searchBusinesses } from '../../../contract/businesses/businesses.js';
import type { Lead, LeadBoard, LeadPage } from '../../../contract/leads/leads.js';
import {
  clearDoNotContact,
  exportLeadsCsv,
  getLeadBoard,
  getLeadDigest,
  listLeads,
  markDoNotContact,
  markResultDoNotContact,
  saveLead,
  setLeadDigest,
  updateLead,
} from '../../../contract/leads/leads.js';
import { activityLog, doNotContact, leadDigests, outboxMessages, user } from '../../db/schema.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { apiPath } from '../../test/api-path.js';
import { addDays, isoDate, localDate, startOfLocalDay } from '../../lib/zoned-time.js';
import { phoneKey, websiteKey } from './contact-keys.js';
import { DIGEST_HOUR, sendDueDigests } from './digest.js';

describe('contact keys', () => {
  it('recognise one phone number and one website however they are written', () => {
    expect(phoneKey('+1 (210) 555-0142')).toBe('2105550142');
    expect(phoneKey('210.555.0142')).toBe('2105550142');
    expect(phoneKey('12')).toBeNull();
    expect(websiteKey('https://WWW.Alamo-Pipes.example/contact')).toBe('alamo-pipes.example');
    expect(websiteKey('alamo-pipes.example')).toBe('alamo-pipes.example');
    expect(websiteKey('http://')).toBeNull();
  });
});

describe.each(TEST_DATABASES)('lead prospecting on %s', (kind) => {
  const ctx = appUnderTest(kind);
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { cookie: ctx.cookie },
      ...(payload ? { payload } : {}),
    });
  const search = async (query: string) => {
    const res = await call('GET', apiPath(searchBusinesses, {}, query));
    expect(res.statusCode).toBe(200);
    return res.json<BusinessResult[]>();
  };
  const save = async (b: BusinessResult) =>
    (
      await call('POST', apiPath(saveLead), {
        provider: b.provider,
        sourceId: b.sourceId,
        name: b.name,
        phone: b.phone,
        website: b.website && (b.website.startsWith('http') ? b.website : `https://${b.website}`),
      })
    ).json<Lead>();
  const today = () => isoDate(localDate(new Date(), ctx.config.timeZone));
  const dayFromToday = (days: number) =>
    isoDate(addDays(localDate(new Date(), ctx.config.timeZone), days));

  it('marks results that are saved leads with their status, in one answer for every session', async () => {
    const [first, second] = await search('category=plumber');
    expect(first!.lead).toBeNull();
    const lead = await save(first!);
    await call('PATCH', apiPath(updateLead, { id: lead.id }), { status: 'contacted' });
    const again = await search('category=plumber');
    expect(again.find((b) => b.id === first!.id)!.lead).toEqual({
      id: lead.id,
      status: 'contacted',
    });
    expect(again.find((b) => b.id === second!.id)!.lead).toBeNull();
  });

  it('filters and sorts results, and the CSV keeps the filters and the order', async () => {
    const all = await search('category=restaurant&radius=50');
    expect(all.length).toBeGreaterThan(3);
    const none = await search('category=restaurant&radius=50&website=none');
    expect(none.length).toBe(all.filter((b) => !b.website).length);
    expect(none.every((b) => !b.website)).toBe(true);
    const has = await search('category=restaurant&radius=50&website=has&hasPhone=1');
    expect(has.every((b) => b.website && b.phone)).toBe(true);
    const rated = await search('category=restaurant&radius=50&minRating=4&sort=rating');
    expect(rated.every((b) => Number(b.rating) >= 4)).toBe(true);
    expect(rated.map((b) => Number(b.rating))).toEqual(
      rated.map((b) => Number(b.rating)).sort((a, b) => b - a),
    );
    const byName = await search('category=restaurant&radius=50&sort=name');
    expect(byName.map((b) => b.name)).toEqual(
      [...byName.map((b) => b.name)].sort((a, b) => a.localeCompare(b)),
    );
    const byReviews = await search('category=restaurant&radius=50&sort=reviews&hasSocial=1');
    expect(byReviews.every((b) => b.socialMedia.length > 0)).toBe(true);
    expect(byReviews.map((b) => b.reviewCount ?? -1)).toEqual(
      byReviews.map((b) => b.reviewCount ?? -1).sort((a, b) => b - a),
    );

    const csv = await call(
      'GET',
      apiPath(
        exportBusinessesCsv,
        {},
        { category: 'restaurant', radius: 50, sort: 'name', website: 'none' },
      ),
    );
    const rows = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(rows[0]).toContain('Lead status');
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      none.map((b) => b.name).sort((a, b) => a.localeCompare(b)),
    );

    const bad = await call(
      'GET',
      apiPath(searchBusinesses, {}, { category: 'restaurant', sort: 'price', minRating: 2 }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(
      /^Please check Sort, Minimum rating: Sort must be distance, rating, reviews or name/,
    );
  });

  it('keeps follow-up dates and lists the due leads, overdue first', async () => {
    const results = await search('category=dentist&radius=50');
    const [overdue, dueToday, later, undated] = await Promise.all(results.slice(0, 4).map(save));
    await call('PATCH', apiPath(updateLead, { id: overdue!.id }), {
      nextFollowUp: dayFromToday(-3),
      lastContacted: dayFromToday(-10),
    });
    await call('PATCH', apiPath(updateLead, { id: dueToday!.id }), { nextFollowUp: today() });
    const saved = (
      await call('PATCH', apiPath(updateLead, { id: later!.id }), { nextFollowUp: dayFromToday(2) })
    ).json<Lead>();
    expect(saved.nextFollowUp).toBe(dayFromToday(2));
    void undated;

    const due = (await call('GET', apiPath(listLeads, {}, { due: 'today' }))).json<LeadPage>();
    expect(due.today).toBe(today());
    expect(due.items.map((l) => l.id)).toEqual([overdue!.id, dueToday!.id]);
    expect(due.items[0]!.lastContacted).toBe(dayFromToday(-10));
    expect(
      (await call('GET', apiPath(listLeads, {}, { due: 'today', status: 'won' }))).json<LeadPage>()
        .total,
    ).toBe(0);

    const cleared = (
      await call('PATCH', apiPath(updateLead, { id: dueToday!.id }), { nextFollowUp: null })
    ).json<Lead>();
    expect(cleared.nextFollowUp).toBeNull();
    const invalid = await call('PATCH', apiPath(updateLead, { id: later!.id }), {
      nextFollowUp: '2026-02-30',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(
      'Please check Next follow-up: Next follow-up must be a date like 2026-11-25..',
    );
    expect(
      (await call('PATCH', apiPath(updateLead, { id: later!.id }), { lastContacted: 20261125 }))
        .statusCode,
    ).toBe(400);
    expect((await call('GET', apiPath(listLeads, {}, { due: 'tomorrow' }))).statusCode).toBe(400);

    // The activity log names what changed, but never a note's text.
    await call('PATCH', apiPath(updateLead, { id: later!.id }), {
      note: 'Owner is in hospital this week',
      nextFollowUp: dayFromToday(9),
    });
    const [entry] = await ctx.testDb.database.db
      .select()
      .from(activityLog)
      .orderBy(desc(activityLog.at))
      .limit(1);
    expect(entry!.detail).toMatchObject({
      id: later!.id,
      nextFollowUp: dayFromToday(9),
      note: 'changed',
    });
    expect(JSON.stringify(entry!.detail)).not.toContain('hospital');
  });

  it('hides a do-not-contact business from results and exports, also when another provider finds it', async () => {
    const results = await search('category=plumber&radius=50');
    const target = results.find((b) => b.phone && b.website && !b.lead)!;
    const lead = await save(target);
    const marked = await call('PUT', apiPath(markDoNotContact, { id: lead.id }));
    expect(marked.json<Lead>().doNotContact).toBe(true);
    expect((await search('category=plumber&radius=50')).map((b) => b.id)).not.toContain(target.id);
    const csv = await call(
      'GET',
      apiPath(exportBusinessesCsv, {}, { category: 'plumber', radius: 50 }),
    );
    expect(csv.body).not.toContain(target.name);
    const leadsCsv = await call('GET', apiPath(exportLeadsCsv));
    expect(leadsCsv.body).not.toContain(target.name);
    // Still in the leads list, marked, so nobody saves it again by mistake.
    expect(
      (await call('GET', apiPath(listLeads))).json<LeadPage>().items.find((l) => l.id === lead.id)!
        .doNotContact,
    ).toBe(true);

    // Another business of the same search, marked through another provider by its phone number only.
    const other = results.find((b) => b.id !== target.id && b.phone && !b.lead)!;
    await ctx.testDb.database.db.insert(doNotContact).values({
      provider: 'google',
      sourceId: 'places/x',
      name: other.name,
      phoneKey: phoneKey(other.phone),
    });
    expect((await search('category=plumber&radius=50')).map((b) => b.id)).not.toContain(other.id);

    const cleared = await call('DELETE', apiPath(clearDoNotContact, { id: lead.id }));
    expect(cleared.json<Lead>().doNotContact).toBe(false);
    expect((await search('category=plumber&radius=50')).map((b) => b.id)).toContain(target.id);
    expect((await call('PUT', apiPath(markDoNotContact, { id: 'not-a-lead' }))).statusCode).toBe(
      404,
    );

    // Straight from a search result: kept as a marked lead (where it can be undone), gone from the results.
    const third = results.find((b) => b.id !== target.id && b.id !== other.id && !b.lead)!;
    const direct = await call('POST', apiPath(markResultDoNotContact), {
      provider: third.provider,
      sourceId: third.sourceId,
      name: third.name,
    });
    expect(direct.statusCode).toBe(201);
    expect(direct.json<Lead>()).toMatchObject({ name: third.name, doNotContact: true });
    expect((await search('category=plumber&radius=50')).map((b) => b.id)).not.toContain(third.id);
    const again = await call('POST', apiPath(markResultDoNotContact), {
      provider: third.provider,
      sourceId: third.sourceId,
      name: third.name,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<Lead>().id).toBe(direct.json<Lead>().id);
    expect(
      (
        await call('POST', apiPath(markResultDoNotContact), {
          provider: 'fax',
          sourceId: '',
          name: '',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('answers the board by status with each column’s total', async () => {
    const board = (await call('GET', apiPath(getLeadBoard))).json<LeadBoard>();
    expect(board.columns.map((c) => c.status)).toEqual(['new', 'contacted', 'won', 'lost']);
    const list = (await call('GET', apiPath(listLeads))).json<LeadPage>();
    expect(board.columns.reduce((n, c) => n + c.total, 0)).toBe(list.total);
    const card = board.columns[0]!.items[0]!;
    expect(
      (await call('PATCH', apiPath(updateLead, { id: card.id }), { status: 'won' })).statusCode,
    ).toBe(200);
    const after = (await call('GET', apiPath(getLeadBoard))).json<LeadBoard>();
    expect(after.columns[2]!.items.map((l) => l.id)).toContain(card.id);
    expect(after.columns[0]!.total).toBe(board.columns[0]!.total - 1);
  });

  it('e-mails an employee who asked for it their due leads once a morning', async () => {
    const db = ctx.testDb.database.db;
    expect((await call('GET', apiPath(getLeadDigest))).json()).toEqual({ enabled: false });
    expect((await call('PUT', apiPath(setLeadDigest), { enabled: 'yes' })).statusCode).toBe(400);
    expect((await call('PUT', apiPath(setLeadDigest), { enabled: true })).json()).toEqual({
      enabled: true,
    });
    expect((await call('GET', apiPath(getLeadDigest))).json()).toEqual({ enabled: true });
    const [row] = await db
      .select({ email: user.email })
      .from(leadDigests)
      .innerJoin(user, eq(user.id, leadDigests.employeeId));

    const tz = ctx.config.timeZone;
    const morning = (hour: number, days = 0) =>
      new Date(
        startOfLocalDay(addDays(localDate(new Date(), tz), days), tz).getTime() + hour * 3600_000,
      );
    const options = {
      db,
      timeZone: tz,
      siteName: 'Test Site',
      leadsUrl: 'http://localhost/admin?view=leads&due=today',
    };
    expect(await sendDueDigests(options, morning(DIGEST_HOUR - 1))).toBe(0);
    expect(
      await Promise.all([
        sendDueDigests(options, morning(DIGEST_HOUR)),
        sendDueDigests(options, morning(DIGEST_HOUR + 1)),
      ]),
    ).toSatisfy((sent: number[]) => sent[0]! + sent[1]! === 1);
    const mails = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, 'lead-digest'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: row!.email, subject: '1 lead to follow up today' });
    expect(mails[0]!.body).toContain('overdue since');
    expect(mails[0]!.body).toContain('http://localhost/admin?view=leads&due=today');

    // The next morning it goes again; not while the employee is disabled; once switched off, never.
    expect(await sendDueDigests(options, morning(DIGEST_HOUR, 1))).toBe(1);
    await db.update(user).set({ disabled: true }).where(eq(user.email, row!.email));
    expect(await sendDueDigests(options, morning(DIGEST_HOUR, 2))).toBe(0);
    await db.update(user).set({ disabled: false }).where(eq(user.email, row!.email));
    await call('PUT', apiPath(setLeadDigest), { enabled: false });
    expect(await sendDueDigests(options, morning(DIGEST_HOUR, 3))).toBe(0);
  });
});
