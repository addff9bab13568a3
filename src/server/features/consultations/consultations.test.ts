import ICAL from 'ical.js';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bookConsultation,
  cancelConsultation,
  getAccountConsultation,
  getClientConsultation,
  getMyAvailability,
  listConsultationSlots,
  rescheduleConsultation,
  saveConsultationSettings,
  saveMyAvailability,
  type AvailabilityInput,
  type ClientConsultation,
  type ConsultationSlots,
  type MyAvailability,
  type TeamConsultation,
} from '../../../contract/consultations/consultations.js';
import { ANSWERS } from '../../../contract/answers.js';
import { getCurrentEmployee } from '../../../contract/auth/employee-account.js';
import { removeEmployee } from '../../../contract/employees/employees.js';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import {
  activityLog,
  consultationSettings,
  consultations,
  employeeAvailability,
  outboxMessages,
  subscriptions,
  user,
} from '../../db/schema.js';
import { registerAnswerCheck } from '../../http/answer-check.js';
import { apiPath } from '../../test/api-path.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { accountCookie, paidRegistration } from '../../test/billing.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { createProjectManagers } from '../kickoff/index.js';
import { signedInEmployee } from '../../test/employees.js';
import { createReminderJob } from './job.js';
import { createConsultationService } from './service.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Every day, all day: each half hour of the week is a slot (in UTC). */
const ALWAYS: AvailabilityInput = {
  timeZone: 'UTC',
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
  daysOff: [],
};

/** The next half hour at least `hours` from now. */
const slotIn = (hours: number) =>
  new Date(Math.ceil((Date.now() + hours * HOUR) / (30 * 60_000)) * 30 * 60_000);

/** The wall clock of an instant in a zone: '2027-11-02 15:00'. */
const wall = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/** The first year whose last Sunday of October is at least two days away (the EU's change). */
function dstYear(): number {
  const now = new Date();
  for (let year = now.getUTCFullYear(); ; year++) {
    const lastSunday = new Date(Date.UTC(year, 9, 31));
    lastSunday.setUTCDate(31 - lastSunday.getUTCDay());
    if (lastSunday.getTime() > now.getTime() + 2 * DAY) return year;
  }
}

function parseIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const event = calendar.getFirstSubcomponent('vevent')!;
  const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    status: event.getFirstPropertyValue('status'),
    start: start.toJSDate().toISOString(),
    organizer: String(event.getFirstPropertyValue('organizer')),
    attendee: String(event.getFirstPropertyValue('attendee')),
  };
}

describe.each(TEST_DATABASES)('the consultation on %s', (kind) => {
  const ctx = appUnderTest(kind, {
    role: 'owner',
    registrationRateLimit: 10_000,
    paymentRateLimit: 10_000,
    accountRateLimit: 10_000,
  });
  const db = () => ctx.testDb.database.db;

  beforeEach(async () => {
    await db().delete(consultations);
    await db().delete(employeeAvailability);
    await db().delete(consultationSettings);
  });

  const call = (
    app: FastifyInstance,
    cookie: string,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload ? { payload } : {}),
    });
  const asEmployee = (method: 'GET' | 'PUT', url: string, payload?: object, cookie = ctx.cookie) =>
    call(ctx.app, cookie, method, url, payload);

  /** A paying client signed in to the billing page. */
  async function client(language: 'en' | 'es' = 'en') {
    const paid = await paidRegistration(ctx, 'growing', undefined, { language });
    return { ...paid, cookie: await accountCookie(ctx, paid.email) };
  }
  const slotsFor = async (cookie: string, query: Record<string, string | number>) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    return call(ctx.app, cookie, 'GET', `${apiPath(listConsultationSlots)}?${qs}`);
  };
  const book = (
    cookie: string,
    startsAt: Date | string,
    timeZone = 'Europe/Madrid',
    app = ctx.app,
  ) =>
    call(app, cookie, 'POST', apiPath(bookConsultation), {
      startsAt: typeof startsAt === 'string' ? startsAt : startsAt.toISOString(),
      timeZone,
    });
  const mailsTo = async (to: string, kindLike = '%consultation%') =>
    db()
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, to), like(outboxMessages.kind, kindLike)))
      .orderBy(outboxMessages.createdAt);
  async function myEmail(cookie = ctx.cookie) {
    const res = await call(ctx.app, cookie, 'GET', apiPath(getCurrentEmployee));
    return res.json<{ email: string }>().email;
  }

  it('employees keep their weekly hours and days off; bad input is a 400 naming the field', async () => {
    const empty = await asEmployee('GET', apiPath(getMyAvailability));
    expect(empty.statusCode).toBe(200);
    expect(empty.json<MyAvailability>()).toEqual({
      availability: null,
      settings: { slotMinutes: 30, cutoffHours: 24 },
    });

    const saved = await asEmployee('PUT', apiPath(saveMyAvailability), {
      timeZone: 'America/Chicago',
      weekly: [
        { weekday: 2, start: '13:00', end: '17:00' },
        { weekday: 2, start: '09:00', end: '12:00' },
        { weekday: 1, start: '09:00', end: '17:00' },
      ],
      daysOff: ['2026-12-25', '2026-12-24', '2026-12-25'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<MyAvailability>().availability).toEqual({
      timeZone: 'America/Chicago',
      weekly: [
        { weekday: 1, start: '09:00', end: '17:00' },
        { weekday: 2, start: '09:00', end: '12:00' },
        { weekday: 2, start: '13:00', end: '17:00' },
      ],
      daysOff: ['2026-12-24', '2026-12-25'],
    });
    expect((await asEmployee('GET', apiPath(getMyAvailability))).json<MyAvailability>()).toEqual(
      saved.json(),
    );

    const bad: [object, string][] = [
      [{ ...ALWAYS, timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ ...ALWAYS, timeZone: 42 }, 'timeZone'],
      [{ ...ALWAYS, weekly: [{ weekday: 8, start: '09:00', end: '10:00' }] }, 'weekly.0.weekday'],
      [{ ...ALWAYS, weekly: [{ weekday: 1, start: '9am', end: '10:00' }] }, 'weekly.0.start'],
      [{ ...ALWAYS, weekly: [{ weekday: 1, start: '11:00', end: '10:00' }] }, 'weekly.0.end'],
      [
        {
          ...ALWAYS,
          weekly: [
            { weekday: 1, start: '09:00', end: '11:00' },
            { weekday: 1, start: '10:30', end: '12:00' },
          ],
        },
        'weekly',
      ],
      [{ ...ALWAYS, daysOff: ['2026-02-30'] }, 'daysOff.0'],
      [{ ...ALWAYS, weekly: 'mornings' }, 'weekly'],
    ];
    for (const [payload, field] of bad) {
      const res = await asEmployee('PUT', apiPath(saveMyAvailability), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ issues: { field: string }[] }>().issues.map((i) => i.field)).toContain(
        field,
      );
    }

    // The shared settings: owners only, from a list of lengths.
    const settings = await asEmployee('PUT', apiPath(saveConsultationSettings), {
      slotMinutes: 45,
      cutoffHours: 12,
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json<MyAvailability>().settings).toEqual({ slotMinutes: 45, cutoffHours: 12 });
    const odd = await asEmployee('PUT', apiPath(saveConsultationSettings), {
      slotMinutes: 7,
      cutoffHours: -1,
    });
    expect(odd.statusCode).toBe(400);
    expect(
      odd
        .json<{ issues: { field: string }[] }>()
        .issues.map((i) => i.field)
        .sort(),
    ).toEqual(['cutoffHours', 'slotMinutes']);
    const staff = await signedInEmployee(ctx.app, db(), 'staff');
    const refused = await asEmployee(
      'PUT',
      apiPath(saveConsultationSettings),
      { slotMinutes: 30, cutoffHours: 24 },
      staff.cookie,
    );
    expect(refused.statusCode).toBe(403);
    // A visitor: 401, for every employee route.
    expect((await call(ctx.app, '', 'GET', apiPath(getMyAvailability))).statusCode).toBe(401);
    expect((await call(ctx.app, '', 'PUT', apiPath(saveMyAvailability), ALWAYS)).statusCode).toBe(
      401,
    );
  });

  it('books a free slot, reschedules it keeping the UID, cancels it; both sides get a parsed .ics', async () => {
    expect((await asEmployee('PUT', apiPath(saveMyAvailability), ALWAYS)).statusCode).toBe(200);
    const hostEmail = await myEmail();
    const { cookie, email, registrationId } = await client('es');

    const before = await call(ctx.app, cookie, 'GET', apiPath(getAccountConsultation));
    expect(before.json()).toEqual({
      consultation: null,
      canBook: true,
      slotMinutes: 30,
      cutoffHours: 24,
    });
    // The receipt links to the booking section, in the client's language.
    const [receipt] = await mailsTo(email, 'client_receipt');
    expect(receipt!.body).toMatch(
      /Reserve ya su consulta, a la hora que le convenga: http:\/\/\S+\/es\/account#consultation/,
    );

    const slots = await slotsFor(cookie, { timeZone: 'Europe/Madrid', days: 3 });
    expect(slots.statusCode).toBe(200);
    const free = slots.json<ConsultationSlots>();
    expect(free.timeZone).toBe('Europe/Madrid');
    // Every half hour from an hour from now on (the notice), in order.
    expect(new Date(free.slots[0]!).getTime()).toBeGreaterThanOrEqual(Date.now() + HOUR - 1000);
    expect(new Date(free.slots[1]!).getTime() - new Date(free.slots[0]!).getTime()).toBe(
      30 * 60_000,
    );

    const first = slotIn(48);
    const booked = await book(cookie, first);
    expect(booked.statusCode).toBe(201);
    const mine = booked.json<ClientConsultation>();
    expect(mine.startsAt).toBe(first.toISOString());
    expect(mine.endsAt).toBe(new Date(first.getTime() + 30 * 60_000).toISOString());
    expect(mine.changeableUntil).toBe(new Date(first.getTime() - DAY).toISOString());

    // The slot is no longer offered.
    const after = (
      await slotsFor(cookie, { timeZone: 'UTC', from: first.toISOString().slice(0, 10), days: 1 })
    ).json<ConsultationSlots>();
    expect(after.slots).not.toContain(first.toISOString());
    expect(after.slots).toContain(new Date(first.getTime() + 30 * 60_000).toISOString());

    // Both e-mails carry a REQUEST invitation: client (Spanish, Madrid time) and host.
    const [clientMail] = await mailsTo(email);
    const [hostMail] = await mailsTo(hostEmail);
    expect(clientMail!.kind).toBe('client_consultation_booked');
    expect(clientMail!.subject).toMatch(/^Su consulta el /);
    expect(clientMail!.body).toContain('horas en Europe/Madrid');
    expect(hostMail!.kind).toBe('team_consultation_booked');
    expect(hostMail!.subject).toContain('Consultation booked: Demo Bakery');
    const invite = parseIcs(clientMail!.attachments![0]!.content);
    expect(clientMail!.attachments![0]!.contentType).toBe(
      'text/calendar; charset=utf-8; method=REQUEST',
    );
    expect(invite).toMatchObject({
      method: 'REQUEST',
      sequence: 0,
      status: 'CONFIRMED',
      start: first.toISOString(),
    });
    expect(invite.organizer.toLowerCase()).toBe(`mailto:${hostEmail}`);
    expect(invite.attendee.toLowerCase()).toBe(`mailto:${email}`);
    expect(parseIcs(hostMail!.attachments![0]!.content).uid).toBe(invite.uid);

    // A second booking of the same client: refused while one is booked.
    const twice = await book(cookie, slotIn(72));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'consultation_exists' });

    // Reschedule: the same UID, SEQUENCE 1, METHOD:REQUEST at the new time.
    const second = slotIn(60);
    const moved = await call(ctx.app, cookie, 'PUT', apiPath(rescheduleConsultation), {
      startsAt: second.toISOString(),
      timeZone: 'Europe/Madrid',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<ClientConsultation>()).toMatchObject({
      id: mine.id,
      startsAt: second.toISOString(),
    });
    const movedMail = (await mailsTo(email)).at(-1)!;
    expect(movedMail.kind).toBe('client_consultation_rescheduled');
    const reinvite = parseIcs(movedMail.attachments![0]!.content);
    expect(reinvite).toMatchObject({
      method: 'REQUEST',
      uid: invite.uid,
      sequence: 1,
      start: second.toISOString(),
    });
    expect((await mailsTo(hostEmail)).at(-1)!.kind).toBe('team_consultation_rescheduled');
    // The old time is free again.
    const reopened = (
      await slotsFor(cookie, { timeZone: 'UTC', from: first.toISOString().slice(0, 10), days: 1 })
    ).json<ConsultationSlots>();
    expect(reopened.slots).toContain(first.toISOString());

    // The client's record shows it to the team; the activity log has both steps.
    const record = await asEmployee('GET', apiPath(getClientConsultation, { id: registrationId }));
    expect(record.statusCode).toBe(200);
    expect(record.json<{ consultation: TeamConsultation }>().consultation).toMatchObject({
      uid: invite.uid,
      status: 'booked',
      startsAt: second.toISOString(),
      sequence: 1,
      clientTimeZone: 'Europe/Madrid',
      host: { email: hostEmail },
    });
    const logged = await db()
      .select()
      .from(activityLog)
      .where(eq(activityLog.subject, `client:${registrationId}`))
      .orderBy(activityLog.at);
    expect(logged.map((l) => l.action)).toEqual([
      'consultation.booked',
      'consultation.rescheduled',
    ]);
    expect(logged[0]!.actorEmail).toBe(email);

    // Cancel: METHOD:CANCEL, the same UID, SEQUENCE 2; a second cancel finds nothing.
    const cancelled = await call(ctx.app, cookie, 'DELETE', apiPath(cancelConsultation));
    expect(cancelled.statusCode).toBe(200);
    const cancelMail = (await mailsTo(email)).at(-1)!;
    expect(cancelMail.kind).toBe('client_consultation_cancelled');
    expect(parseIcs(cancelMail.attachments![0]!.content)).toMatchObject({
      method: 'CANCEL',
      uid: invite.uid,
      sequence: 2,
      status: 'CANCELLED',
    });
    expect(parseIcs((await mailsTo(hostEmail)).at(-1)!.attachments![0]!.content).method).toBe(
      'CANCEL',
    );
    const again = await call(ctx.app, cookie, 'DELETE', apiPath(cancelConsultation));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'consultation_not_found' });
    expect(
      (await call(ctx.app, cookie, 'GET', apiPath(getAccountConsultation))).json(),
    ).toMatchObject({ consultation: null });
    // After cancelling, the client may book again.
    expect((await book(cookie, slotIn(50))).statusCode).toBe(201);
  });

  it('refuses bad input with a 400 naming the field, other times with a 409 code, strangers with 401', async () => {
    await asEmployee('PUT', apiPath(saveMyAvailability), {
      timeZone: 'UTC',
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      daysOff: [],
    });
    const { cookie } = await client();
    const fields = async (res: Awaited<ReturnType<typeof book>>) => {
      expect(res.statusCode).toBe(400);
      return res.json<{ issues: { field: string }[] }>().issues.map((i) => i.field);
    };
    expect(await fields(await book(cookie, 'next tuesday'))).toEqual(['startsAt']);
    expect(await fields(await book(cookie, slotIn(48), 'Not/AZone'))).toEqual(['timeZone']);
    expect(
      await fields(await call(ctx.app, cookie, 'POST', apiPath(bookConsultation), {})),
    ).toEqual(['startsAt', 'timeZone']);
    expect(await fields(await slotsFor(cookie, { timeZone: 'UTC', days: 0 }))).toEqual(['days']);
    expect(await fields(await slotsFor(cookie, { timeZone: 'UTC', from: '2027-13-01' }))).toEqual([
      'from',
    ]);
    expect(await fields(await slotsFor(cookie, { timeZone: 'Nowhere' }))).toEqual(['timeZone']);

    // Out of hours (03:00 UTC), off the half hour, in the past: not a free slot.
    const tomorrow = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    for (const startsAt of [
      `${tomorrow}T03:00:00Z`,
      `${tomorrow}T10:10:00Z`,
      '2020-01-01T10:00:00Z',
    ]) {
      const res = await book(cookie, startsAt);
      expect(res.statusCode, startsAt).toBe(409);
      expect(res.json(), startsAt).toMatchObject({ code: 'consultation_slot_unavailable' });
    }
    // Days off take the whole local day away.
    await asEmployee('PUT', apiPath(saveMyAvailability), {
      timeZone: 'UTC',
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      daysOff: [tomorrow],
    });
    const offDay = (
      await slotsFor(cookie, { timeZone: 'UTC', from: tomorrow, days: 1 })
    ).json<ConsultationSlots>();
    expect(offDay.slots).toEqual([]);
    expect((await book(cookie, `${tomorrow}T10:00:00Z`)).json()).toMatchObject({
      code: 'consultation_slot_unavailable',
    });
    // Rescheduling or cancelling nothing.
    const none = await call(ctx.app, cookie, 'PUT', apiPath(rescheduleConsultation), {
      startsAt: slotIn(48).toISOString(),
      timeZone: 'UTC',
    });
    expect(none.statusCode).toBe(404);

    // Without the billing session: 401, before the body is read.
    for (const cookieValue of ['', 'agency.account=forged']) {
      expect((await book(cookieValue, slotIn(48))).statusCode).toBe(401);
      expect((await slotsFor(cookieValue, { timeZone: 'UTC' })).statusCode).toBe(401);
      expect(
        (await call(ctx.app, cookieValue, 'GET', apiPath(getAccountConsultation))).json(),
      ).toMatchObject({ code: 'billing_signed_out' });
    }
    // A client whose subscription has ended may not book: told so, and 403 if they try.
    const ended = await client();
    await db()
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.registrationId, ended.registrationId));
    expect(
      (await call(ctx.app, ended.cookie, 'GET', apiPath(getAccountConsultation))).json(),
    ).toMatchObject({ consultation: null, canBook: false });
    const refused = await book(ended.cookie, slotIn(48));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'consultation_no_subscription' });

    // The team's view of a client that does not exist.
    expect(
      (await asEmployee('GET', apiPath(getClientConsultation, { id: 'not-an-id' }))).statusCode,
    ).toBe(404);
  });

  it('reschedules and cancels only up to the set hours before', async () => {
    await asEmployee('PUT', apiPath(saveMyAvailability), ALWAYS);
    await asEmployee('PUT', apiPath(saveConsultationSettings), {
      slotMinutes: 30,
      cutoffHours: 48,
    });
    const { cookie } = await client();
    const soon = slotIn(30);
    const booked = await book(cookie, soon);
    expect(booked.statusCode).toBe(201);
    expect(booked.json<ClientConsultation>().changeableUntil).toBe(
      new Date(soon.getTime() - 48 * HOUR).toISOString(),
    );
    const moved = await call(ctx.app, cookie, 'PUT', apiPath(rescheduleConsultation), {
      startsAt: slotIn(80).toISOString(),
      timeZone: 'UTC',
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'consultation_too_late', params: { hours: 48 } });
    expect(moved.json<{ message: string }>().message).toContain('48 hours');
    const cancelled = await call(ctx.app, cookie, 'DELETE', apiPath(cancelConsultation));
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ code: 'consultation_too_late' });

    // At 24 hours the same booking may change.
    await asEmployee('PUT', apiPath(saveConsultationSettings), {
      slotMinutes: 30,
      cutoffHours: 24,
    });
    expect((await call(ctx.app, cookie, 'DELETE', apiPath(cancelConsultation))).statusCode).toBe(
      200,
    );
  });

  it('20 parallel bookings of one slot over two app instances: exactly one, the rest a 409', async () => {
    // One host with one slot in the window.
    await asEmployee('PUT', apiPath(saveMyAvailability), ALWAYS);
    const clients = [];
    for (let i = 0; i < 20; i++) clients.push(await client());
    // A second instance of the app on the same database.
    let second: Database = ctx.testDb.database;
    if (kind === 'postgres')
      second = await openDatabase({ kind: 'postgres', url: ctx.testDb.url!, poolSize: 4 });
    const other = await buildApp({ config: ctx.config, database: second });
    registerAnswerCheck(other, ANSWERS);
    try {
      const slot = slotIn(36);
      const answers = await Promise.all(
        clients.map((c, i) => book(c.cookie, slot, 'UTC', i % 2 === 0 ? ctx.app : other)),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([201, ...Array<number>(19).fill(409)]);
      for (const refused of answers.filter((a) => a.statusCode === 409))
        expect(refused.json()).toMatchObject({ code: 'consultation_slot_taken' });
      const rows = await db().select().from(consultations).where(eq(consultations.startsAt, slot));
      expect(rows).toHaveLength(1);

      // One client clicking twice on both instances: one booking.
      const twice = await client();
      const [a, b] = await Promise.all([
        book(twice.cookie, slotIn(40), 'UTC', ctx.app),
        book(twice.cookie, slotIn(41), 'UTC', other),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      expect([a, b].find((r) => r.statusCode === 409)!.json()).toMatchObject({
        code: 'consultation_exists',
      });
    } finally {
      await other.close();
      if (second !== ctx.testDb.database) await second.close();
    }
  });

  it('the database itself refuses a second booking of a host’s slot or a client’s second booking', async () => {
    await asEmployee('PUT', apiPath(saveMyAvailability), ALWAYS);
    const one = await client();
    const two = await client();
    const slot = slotIn(30);
    expect((await book(one.cookie, slot)).statusCode).toBe(201);
    const [row] = await db().select().from(consultations);
    await expect(
      db()
        .insert(consultations)
        .values({ ...row!, id: undefined, uid: 'another@x', registrationId: two.registrationId }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(consultations)
        .values({ ...row!, id: undefined, uid: 'third@x', startsAt: slotIn(40) }),
    ).rejects.toThrow();
  });

  it('an agency in Chicago and a client in Madrid, in the week only Europe has changed the clock', async () => {
    const year = dstYear();
    await asEmployee('PUT', apiPath(saveMyAvailability), {
      timeZone: 'America/Chicago',
      weekly: [
        ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '10:00' })),
        // Sunday 01:00–03:00: on the US change day 01:00–01:59 happens twice.
        { weekday: 7, start: '01:00', end: '03:00' },
      ],
      daysOff: [],
    });
    const { cookie } = await client();
    // From the Monday before the EU's change (the last Sunday of October), three weeks.
    const lastSunday = new Date(Date.UTC(year, 9, 31));
    lastSunday.setUTCDate(31 - lastSunday.getUTCDay());
    const monday = new Date(lastSunday.getTime() - 6 * DAY).toISOString().slice(0, 10);
    const res = await slotsFor(cookie, { timeZone: 'Europe/Madrid', from: monday, days: 21 });
    expect(res.statusCode).toBe(200);
    const { slots } = res.json<ConsultationSlots>();
    // 3 weeks × 5 days × 2 slots, plus three Sundays × 4 slots.
    expect(slots).toHaveLength(30 + 12);
    // Every slot is 09:00 or 09:30 on a Chicago weekday, or the Sunday night hours.
    for (const slot of slots)
      expect(wall(slot, 'America/Chicago').slice(11)).toMatch(
        /^(09:00|09:30|01:00|01:30|02:00|02:30)$/,
      );

    const usChange = new Date(lastSunday.getTime() + 7 * DAY); // first Sunday of November
    const day = (offset: number, from: Date) =>
      new Date(from.getTime() + offset * DAY).toISOString().slice(0, 10);
    const madridTimes = (date: string) =>
      slots
        .filter((s) => wall(s, 'America/Chicago').startsWith(date))
        .map((s) => wall(s, 'Europe/Madrid').slice(11));
    // Thursday before: both on summer time, 7 hours apart.
    expect(madridTimes(day(-3, lastSunday))).toEqual(['16:00', '16:30']);
    // Tuesday between: Madrid on winter time, Chicago not yet: 6 hours apart.
    expect(madridTimes(day(2, lastSunday))).toEqual(['15:00', '15:30']);
    const tuesday = slots.find(
      (s) => wall(s, 'America/Chicago') === `${day(2, lastSunday)} 09:00`,
    )!;
    expect(tuesday).toBe(`${day(2, lastSunday)}T14:00:00.000Z`);
    // Tuesday after: both on winter time, 7 hours apart again.
    expect(madridTimes(day(2, usChange))).toEqual(['16:00', '16:30']);
    expect(slots).toContain(`${day(2, usChange)}T15:00:00.000Z`);
    // The US change night: 01:00 and 01:30 summer time (the first ones), then 02:00 and 02:30 winter time.
    expect(slots.filter((s) => s.startsWith(day(0, usChange)))).toEqual([
      `${day(0, usChange)}T06:00:00.000Z`,
      `${day(0, usChange)}T06:30:00.000Z`,
      `${day(0, usChange)}T08:00:00.000Z`,
      `${day(0, usChange)}T08:30:00.000Z`,
    ]);
    // And booking the between-week slot lands on that instant.
    const booked = await book(cookie, tuesday);
    expect(booked.statusCode).toBe(201);
    expect(wall(booked.json<ClientConsultation>().startsAt, 'Europe/Madrid')).toBe(
      `${day(2, lastSunday)} 15:00`,
    );
  });

  it('hosts with the client’s project manager when free, else the first free employee', async () => {
    await asEmployee('PUT', apiPath(saveMyAvailability), ALWAYS);
    const other = await signedInEmployee(ctx.app, db(), 'staff', 'Pat Manager');
    await asEmployee('PUT', apiPath(saveMyAvailability), ALWAYS, other.cookie);
    const ids = Object.fromEntries(
      (await db().select({ id: user.id, email: user.email }).from(user)).map((u) => [
        u.email,
        u.id,
      ]),
    );
    const [first, second] = [await client(), await client()];
    const told: { registrationId: string; hostEmployeeId: string }[] = [];
    const service = createConsultationService({
      db: db(),
      mail: { siteName: 'Test Agency', supportEmail: 'help@example.com', teamEmail: 't@x' },
      emailOrigin: 'http://localhost',
      mailQueued: () => {},
      preferredHost: async (registrationId) =>
        registrationId === second.registrationId ? ids[other.email]! : null,
      onBooked: async (_tx, booking) => void told.push(booking),
    });
    const slot = slotIn(30);
    const owner = ids[await myEmail()]!;
    // No manager: the first free employee (the oldest account: the owner signed in first).
    await service.book(first.registrationId, slot, 'UTC');
    // With a manager free at the same time: the manager.
    await service.book(second.registrationId, slot, 'UTC');
    const rows = await db().select().from(consultations).where(eq(consultations.startsAt, slot));
    const hostOf = (id: string) => rows.find((r) => r.registrationId === id)!.hostEmployeeId;
    expect(hostOf(first.registrationId)).toBe(owner);
    expect(hostOf(second.registrationId)).toBe(ids[other.email]);
    expect(told).toEqual([
      { registrationId: first.registrationId, hostEmployeeId: owner },
      { registrationId: second.registrationId, hostEmployeeId: ids[other.email] },
    ]);
    // Both busy at that time now: a third client is refused with a clear code.
    const third = await client();
    await expect(service.book(third.registrationId, slot, 'UTC')).rejects.toMatchObject({
      statusCode: 409,
      code: 'consultation_slot_taken',
    });
  });

  it('in the app, the client’s project manager hosts, and a first booking names one', async () => {
    await asEmployee('PUT', apiPath(saveMyAvailability), ALWAYS);
    const pm = await signedInEmployee(ctx.app, db(), 'staff', 'Manager Of Record');
    await asEmployee('PUT', apiPath(saveMyAvailability), ALWAYS, pm.cookie);
    const [pmRow] = await db().select({ id: user.id }).from(user).where(eq(user.email, pm.email));
    const managers = createProjectManagers(db());
    // A client whose project manager is set: they host, though others are free too.
    const managed = await client();
    await managers.assignProjectManagerIfNone(managed.registrationId, pmRow!.id);
    expect((await book(managed.cookie, slotIn(60))).statusCode).toBe(201);
    const [managedRow] = await db()
      .select()
      .from(consultations)
      .where(eq(consultations.registrationId, managed.registrationId));
    expect(managedRow!.hostEmployeeId).toBe(pmRow!.id);
    // A client without one: whoever hosts becomes their project manager.
    const fresh = await client();
    expect(await managers.projectManagerOf(fresh.registrationId)).toBeNull();
    expect((await book(fresh.cookie, slotIn(61))).statusCode).toBe(201);
    const [freshRow] = await db()
      .select()
      .from(consultations)
      .where(eq(consultations.registrationId, fresh.registrationId));
    expect((await managers.projectManagerOf(fresh.registrationId))?.id).toBe(
      freshRow!.hostEmployeeId,
    );
  });

  it('removing the host keeps the booking; the team stands in for them', async () => {
    const host = await signedInEmployee(ctx.app, db(), 'staff', 'Gone Host');
    await asEmployee('PUT', apiPath(saveMyAvailability), ALWAYS, host.cookie);
    const { cookie, registrationId } = await client();
    expect((await book(cookie, slotIn(50))).statusCode).toBe(201);
    const [hostRow] = await db()
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, host.email));
    const removed = await call(
      ctx.app,
      ctx.cookie,
      'DELETE',
      apiPath(removeEmployee, { id: hostRow!.id }),
    );
    expect(removed.statusCode).toBe(204);
    const record = await asEmployee('GET', apiPath(getClientConsultation, { id: registrationId }));
    expect(record.json<{ consultation: TeamConsultation }>().consultation).toMatchObject({
      status: 'booked',
      host: null,
    });
    expect(
      (await call(ctx.app, cookie, 'GET', apiPath(getAccountConsultation))).json(),
    ).toMatchObject({ consultation: { hostName: 'Test Agency' } });
    expect((await call(ctx.app, cookie, 'DELETE', apiPath(cancelConsultation))).statusCode).toBe(
      200,
    );
  });

  it('sends the reminders 24 hours and 1 hour before, once across instances', async () => {
    await asEmployee('PUT', apiPath(saveMyAvailability), ALWAYS);
    const hostEmail = await myEmail();
    const { cookie, email } = await client('es');
    const start = slotIn(72);
    expect((await book(cookie, start)).statusCode).toBe(201);
    let clock = new Date();
    const instance = () =>
      createConsultationService({
        db: db(),
        mail: { siteName: 'Test Agency', supportEmail: 'help@example.com', teamEmail: 't@x' },
        emailOrigin: 'http://localhost',
        mailQueued: () => {},
        now: () => clock,
      });
    const [a, b] = [instance(), instance()];
    const reminders = async () => (await mailsTo(email, '%reminder%')).map((m) => m.kind);

    // Two days before: nothing due.
    clock = new Date(start.getTime() - 48 * HOUR);
    expect(await Promise.all([a.sendDueReminders(), b.sendDueReminders()])).toEqual([0, 0]);
    // 23 hours before, both instances at once: one reminder to each side.
    clock = new Date(start.getTime() - 23 * HOUR);
    const sent = await Promise.all([a.sendDueReminders(), b.sendDueReminders()]);
    expect(sent.sort()).toEqual([0, 1]);
    expect(await reminders()).toEqual(['client_consultation_reminder']);
    const [reminder] = await mailsTo(email, '%reminder%');
    expect(reminder!.subject).toMatch(/^Recordatorio: su consulta el /);
    expect(reminder!.attachments).toBeNull();
    expect((await mailsTo(hostEmail, '%reminder%')).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Tomorrow: consultation with Demo Bakery/),
    ]);
    expect(await a.sendDueReminders()).toBe(0);
    // 50 minutes before: the 1-hour reminder, once.
    clock = new Date(start.getTime() - 50 * 60_000);
    expect((await Promise.all([a.sendDueReminders(), b.sendDueReminders()])).sort()).toEqual([
      0, 1,
    ]);
    expect(await reminders()).toEqual([
      'client_consultation_reminder',
      'client_consultation_reminder',
    ]);
    expect(await b.sendDueReminders()).toBe(0);

    // The job itself runs once per period across instances.
    const log = { info: () => {}, error: () => {} } as never;
    const jobs = [a, b].map((consultations) =>
      createReminderJob({ db: db(), consultations, log, intervalMs: 60 * 60_000 }),
    );
    const ran = await Promise.all(jobs.map((j) => j.tick()));
    expect(ran.filter(Boolean)).toEqual([true]);
    expect(await Promise.all(jobs.map((j) => j.tick()))).toEqual([false, false]);
  });
});
