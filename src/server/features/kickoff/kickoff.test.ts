import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  assignProjectManager,
  CONTACT_NOTE_MAX,
  getContactRate,
  listNewClients,
  listProjectManagers,
  markClientContacted,
  type NewClient,
  type NewClientPage,
  type NewClientView,
} from '../../../contract/kickoff/kickoff.js';
import { submitBusinessRegistration } from '../../../contract/registration/fields.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { activityLog, outboxMessages, payments, user } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { paidRegistration } from '../../test/billing.js';
import { TEST_DATABASES, testConfig } from '../../test/databases.js';
import { signedInEmployee } from '../../test/employees.js';
import { createOverdueNoticeJob, createProjectManagers, sendOverdueNotices } from './index.js';

const TEAM = 'team@example.com';
const HOUR = 3_600_000;

describe.each(TEST_DATABASES)('new clients and the 24-hour promise on %s', (kind) => {
  const ctx = appUnderTest(kind, {
    config: testConfig({ TEAM_EMAIL: TEAM, PUBLIC_URL: 'https://agency.example' }),
    registrationRateLimit: 1000,
    paymentRateLimit: 1000,
  });
  const db = () => ctx.testDb.database.db;
  let n = 0;

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    cookie = ctx.cookie,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  /** A client that paid `hoursAgo` hours ago (the ledger's time moved back). */
  async function client(hoursAgo = 0) {
    const businessName = `Kickoff Cafe ${kind} ${++n}`;
    const { registrationId } = await paidRegistration(ctx, 'growing', undefined, {
      businessName,
    });
    if (hoursAgo > 0)
      await db()
        .update(payments)
        .set({
          paidAt: sql`${payments.paidAt} - ${hoursAgo}::integer * interval '1 hour'`,
        })
        .where(eq(payments.registrationId, registrationId));
    return { id: registrationId, businessName };
  }

  /** The client in a view's list (every page read), or undefined. */
  async function find(view: NewClientView, id: string): Promise<NewClient | undefined> {
    for (let page = 1; ; page++) {
      const res = await call('GET', apiPath(listNewClients, {}, { view, page }));
      expect(res.statusCode).toBe(200);
      const body = res.json<NewClientPage>();
      const found = body.items.find((c) => c.id === id);
      if (found || body.items.length < body.pageSize) return found;
    }
  }

  async function employeeId(email: string) {
    const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    return row!.id;
  }

  it('refuses visitors on every endpoint', async () => {
    const { id } = await client();
    const answers = await Promise.all([
      call('GET', apiPath(listNewClients), undefined, ''),
      call('GET', apiPath(listProjectManagers), undefined, ''),
      call('GET', apiPath(getContactRate), undefined, ''),
      call('PUT', apiPath(assignProjectManager, { id }), { employeeId: null }, ''),
      call('POST', apiPath(markClientContacted, { id }), { method: 'call' }, ''),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 401]);
  });

  it('lists a paid client with its 24-hour deadline; an unpaid registration is not listed', async () => {
    const { id, businessName } = await client();
    const listed = await find('waiting', id);
    expect(listed).toMatchObject({ businessName, plan: { name: 'growing' }, projectManager: null });
    expect(Date.parse(listed!.dueAt) - Date.parse(listed!.paidAt)).toBe(24 * HOUR);
    expect(listed!.contact).toBeNull();

    const unpaid = await ctx.app.inject({
      method: 'POST',
      url: apiPath(submitBusinessRegistration),
      payload: {
        businessName: 'Never Paid Bakery',
        ownerName: 'Sam Example',
        email: 'never-paid@example.com',
        businessType: 'Restaurant',
        subscriptionPlan: 'growing',
      },
    });
    const unpaidId = unpaid.json<{ id: string }>().id;
    expect(await find('waiting', unpaidId)).toBeUndefined();
    expect(
      (await call('PUT', apiPath(assignProjectManager, { id: unpaidId }), { employeeId: null }))
        .statusCode,
    ).toBe(404);

    const page = (await call('GET', apiPath(listNewClients))).json<NewClientPage>();
    expect(page.total).toBe(page.counts.waiting);
    expect(Math.abs(Date.parse(page.now) - Date.now())).toBeLessThan(60_000);
  });

  it('any employee assigns a project manager; it is logged and others only fill it when empty', async () => {
    const { id, businessName } = await client();
    const pm = await signedInEmployee(ctx.app, db(), 'staff', 'Pat Manager');
    const pmId = await employeeId(pm.email);
    const managers = (await call('GET', apiPath(listProjectManagers))).json<
      { id: string; name: string }[]
    >();
    expect(managers).toContainEqual({ id: pmId, name: 'Pat Manager' });

    const res = await call('PUT', apiPath(assignProjectManager, { id }), { employeeId: pmId });
    expect(res.statusCode).toBe(200);
    expect(res.json<NewClient>().projectManager).toEqual({ id: pmId, name: 'Pat Manager' });
    expect((await find('waiting', id))!.projectManager).toEqual({ id: pmId, name: 'Pat Manager' });
    const [logged] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject, 'new client'), sql`${activityLog.detail}->>'id' = ${id}`))
      .orderBy(desc(activityLog.at))
      .limit(1);
    expect(logged).toMatchObject({ action: 'update' });
    expect(logged!.detail).toEqual({
      id,
      businessName,
      projectManager: 'Pat Manager',
      previousProjectManager: null,
    });

    // What the consultation calls: a manager already set stays.
    const managersApi = createProjectManagers(db());
    const other = await signedInEmployee(ctx.app, db(), 'staff', 'Other Person');
    const otherId = await employeeId(other.email);
    expect(await managersApi.assignProjectManagerIfNone(id, otherId)).toBe(false);
    expect(await managersApi.projectManagerOf(id)).toEqual({
      id: pmId,
      name: 'Pat Manager',
      email: pm.email,
    });
    const fresh = await client();
    expect(await managersApi.projectManagerOf(fresh.id)).toBeNull();
    expect(await managersApi.assignProjectManagerIfNone(fresh.id, otherId)).toBe(true);
    expect(await managersApi.projectManagerOf(fresh.id)).toEqual({
      id: otherId,
      name: 'Other Person',
      email: other.email,
    });

    // Cleared by choosing nobody.
    const cleared = await call('PUT', apiPath(assignProjectManager, { id }), { employeeId: null });
    expect(cleared.json<NewClient>().projectManager).toBeNull();
  });

  it('refuses a bad assignment with a field issue, an unknown client with 404', async () => {
    const { id } = await client();
    const unknown = await call('PUT', apiPath(assignProjectManager, { id }), {
      employeeId: 'nobody',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([expect.objectContaining({ field: 'employeeId' })]);
    const wrongType = await call('PUT', apiPath(assignProjectManager, { id }), { employeeId: 7 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().issues[0].field).toBe('employeeId');
    const missing = await call('PUT', apiPath(assignProjectManager, { id }), {});
    expect(missing.statusCode).toBe(400);

    const disabled = await signedInEmployee(ctx.app, db(), 'staff', 'Gone Person');
    await db().update(user).set({ disabled: true }).where(eq(user.email, disabled.email));
    const refused = await call('PUT', apiPath(assignProjectManager, { id }), {
      employeeId: await employeeId(disabled.email),
    });
    expect(refused.statusCode).toBe(400);
    const managers = (await call('GET', apiPath(listProjectManagers))).json<{ name: string }[]>();
    expect(managers.map((m) => m.name)).not.toContain('Gone Person');

    for (const other of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await call('PUT', apiPath(assignProjectManager, { id: other }), {
        employeeId: null,
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('marks a client contacted once: how, note, who and when; it leaves the waiting list', async () => {
    const { id, businessName } = await client(2);
    const res = await call('POST', apiPath(markClientContacted, { id }), {
      method: 'call',
      note: '  Spoke with the owner, consultation next week.  ',
    });
    expect(res.statusCode).toBe(200);
    const contact = res.json<NewClient>().contact!;
    expect(contact).toMatchObject({
      method: 'call',
      note: 'Spoke with the owner, consultation next week.',
      by: { name: 'Test Employee' },
      inTime: true,
    });
    expect(Math.abs(Date.parse(contact.at) - Date.now())).toBeLessThan(60_000);
    expect(await find('waiting', id)).toBeUndefined();
    expect((await find('contacted', id))!.contact!.method).toBe('call');

    const again = await call('POST', apiPath(markClientContacted, { id }), { method: 'email' });
    expect(again.statusCode).toBe(409);
    expect((await find('contacted', id))!.contact!.method).toBe('call');

    const [logged] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject, 'new client'), sql`${activityLog.detail}->>'id' = ${id}`));
    expect(logged).toMatchObject({ action: 'update' });
    expect(logged!.detail).toEqual({ id, businessName, contacted: 'Call', inTime: true });
  });

  it('refuses a bad contact record with a field issue', async () => {
    const { id } = await client();
    const cases: [unknown, string][] = [
      [{ method: 'fax' }, 'method'],
      [{}, 'method'],
      [{ method: 'meeting', note: 'x'.repeat(CONTACT_NOTE_MAX + 1) }, 'note'],
      [{ method: 'meeting', note: 12 }, 'note'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', apiPath(markClientContacted, { id }), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues.map((i: { field: string }) => i.field)).toContain(field);
    }
    const badView = await call('GET', apiPath(listNewClients, {}, 'view=all'));
    expect(badView.statusCode).toBe(400);
    expect(await find('waiting', id)).toBeDefined();
  });

  it('past 24 hours: the red count, and one e-mail per recipient per client across two instances', async () => {
    const late = await client(25);
    const lateToo = await client(30);
    const fresh = await client(3);
    const contacted = await client(26);
    await call('POST', apiPath(markClientContacted, { id: contacted.id }), { method: 'meeting' });
    const owner = await signedInEmployee(ctx.app, db(), 'owner', 'Olive Owner');

    const page = (await call('GET', apiPath(listNewClients))).json<NewClientPage>();
    expect(page.overdue).toBeGreaterThanOrEqual(2);

    // A second instance of the app on the same database (its own connection pool on PostgreSQL).
    const secondDb =
      kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: ctx.testDb.url!, poolSize: 4 })
        : ctx.testDb.database;
    const second = await buildApp({ config: ctx.config, database: secondDb });
    onTestFinished(async () => {
      await second.close();
      if (secondDb !== ctx.testDb.database) await secondDb.close();
    });
    const options = (database: typeof secondDb) => ({
      db: database.db,
      mail: { siteName: 'Test Agency', supportEmail: 'help@example.com', teamEmail: TEAM },
      timeZone: 'America/Chicago',
      newClientsUrl: 'https://agency.example/admin#new-clients',
    });
    const silent = { info: () => {}, error: () => {} } as never;
    const jobs = [ctx.testDb.database, secondDb].map((d) =>
      createOverdueNoticeJob({ ...options(d), log: silent, mailQueued: () => {} }),
    );
    const now = new Date();
    await Promise.all([
      jobs[0]!.tick(),
      jobs[1]!.tick(),
      sendOverdueNotices(options(ctx.testDb.database), now),
      sendOverdueNotices(options(secondDb), now),
      sendOverdueNotices(options(secondDb), now),
    ]);
    await Promise.all(jobs.map((j) => j.stop()));

    const mails = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, 'team_contact_overdue'));
    const about = (name: string) => mails.filter((m) => m.subject.includes(`${name} (`));
    const owners = await db()
      .select({ email: user.email })
      .from(user)
      .where(eq(user.role, 'owner'));
    const expected = [TEAM, ...owners.map((o) => o.email)].sort();
    expect(expected).toContain(owner.email);
    for (const c of [late, lateToo]) {
      const sent = about(c.businessName);
      expect(sent.map((m) => m.to).sort()).toEqual(expected);
      expect(sent[0]!.subject).toBe(`Not contacted within 24 hours: ${c.businessName} (Growing)`);
      expect(sent[0]!.body).toContain('https://agency.example/admin#new-clients');
      expect(sent[0]!.body).toContain('Project manager: none set');
    }
    expect(about(fresh.businessName)).toEqual([]);
    expect(about(contacted.businessName)).toEqual([]);
    expect((await find('waiting', late.id))!.overdueNoticeAt).not.toBeNull();

    // Later runs send nothing more.
    expect(await sendOverdueNotices(options(secondDb), new Date())).toBe(0);
  });

  it('the dashboard share: contacted within 24 hours among clients paid in the last 30 days', async () => {
    const read = async () => {
      const res = await call('GET', apiPath(getContactRate));
      expect(res.statusCode).toBe(200);
      return res.json<{ days: number; total: number; inTime: number }>();
    };
    // Clients from earlier tests count too: compare with what there was before.
    const before = await read();
    expect(before.days).toBe(30);
    const inTime = await client(5);
    await call('POST', apiPath(markClientContacted, { id: inTime.id }), { method: 'email' });
    const lateOne = await client(30);
    const lateRes = await call('POST', apiPath(markClientContacted, { id: lateOne.id }), {
      method: 'call',
    });
    expect(lateRes.json<NewClient>().contact!.inTime).toBe(false);
    await client(27); // overdue, not contacted: counts against
    await client(1); // still inside its 24 hours: not counted yet
    const old = await client(40 * 24); // paid 40 days ago: outside the window
    await call('POST', apiPath(markClientContacted, { id: old.id }), { method: 'call' });
    const after = await read();
    expect(after.total - before.total).toBe(3);
    expect(after.inTime - before.inTime).toBe(1);
  });
});
