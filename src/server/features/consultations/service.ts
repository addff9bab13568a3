import crypto from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import {
  BOOKING_HORIZON_DAYS,
  DEFAULT_CUTOFF_HOURS,
  DEFAULT_SLOT_MINUTES,
  minutesOfClock,
  type Availability,
  type AvailabilityRange,
  type ClientConsultation,
  type ConsultationSettings,
  type ConsultationSlots,
  type MyAvailability,
  type TeamConsultation,
} from '../../../contract/consultations/consultations.js';
import { localizedPath, WEB_PATHS, type Locale } from '../../../contract/site/routes.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  activityLog,
  businessRegistrations,
  consultationSettings,
  consultations,
  employeeAvailability,
  subscriptions,
  user,
} from '../../db/schema.js';
import { clientError } from '../../http/errors.js';
import {
  addDays,
  instantOfLocalTime,
  isoDate,
  isoWeekday,
  localDate,
  startOfLocalDay,
  type LocalDate,
} from '../../lib/zoned-time.js';
import { enqueueMail, type MailSettings } from '../notifications/index.js';
import { consultationMails, type ConsultationEvent } from './mail.js';

/** A slot must start at least this long after now to be offered or booked. */
export const MIN_NOTICE_MS = 60 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface ConsultationDeps {
  db: Db;
  mail: MailSettings;
  /** Absolute origin of links in e-mails. */
  emailOrigin: string;
  /** Wakes the outbox after an e-mail was queued. */
  mailQueued: () => void;
  /** The client's project manager, when one is set: they host when free (issue 29 §1 wires it). */
  preferredHost?: (registrationId: string) => Promise<string | null>;
  /**
   * Told of each new booking inside its transaction, e.g. to make the host the client's project
   * manager when none is set (issue 29 §2; the new-clients work of §1 wires it).
   */
  onBooked?: (tx: Db, booking: { registrationId: string; hostEmployeeId: string }) => Promise<void>;
  /** The clock (tests move it). */
  now?: () => Date;
}

interface HostAvailability {
  employeeId: string;
  name: string;
  email: string;
  timeZone: string;
  weekly: AvailabilityRange[];
  daysOff: string[];
}

/** Start instants of one host's slots inside [from, to), from their weekly hours in their own zone. */
export function hostSlotStarts(
  host: Pick<HostAvailability, 'timeZone' | 'weekly' | 'daysOff'>,
  slotMinutes: number,
  from: Date,
  to: Date,
): Date[] {
  const daysOff = new Set(host.daysOff);
  const starts: Date[] = [];
  // Local days of the host that touch the window (one more on each side for the zone's offset).
  let day: LocalDate = addDays(localDate(from, host.timeZone), -1);
  const last = addDays(localDate(to, host.timeZone), 1);
  for (; isoDate(day) <= isoDate(last); day = addDays(day, 1)) {
    if (daysOff.has(isoDate(day))) continue;
    const weekday = isoWeekday(day);
    for (const range of host.weekly) {
      if (range.weekday !== weekday) continue;
      const end = minutesOfClock(range.end);
      for (let m = minutesOfClock(range.start); m + slotMinutes <= end; m += slotMinutes) {
        const instant = instantOfLocalTime(day, m, host.timeZone);
        if (instant && instant >= from && instant < to) starts.push(instant);
      }
    }
  }
  return starts;
}

const overlaps = (aStart: Date, aEnd: Date, bStart: Date, bEnd: Date) =>
  aStart < bEnd && bStart < aEnd;

/**
 * Whether `hostId` has no booking overlapping [start, end) (`except`: the booking being moved),
 * checked under the host's lock, held until the transaction ends, so two bookings of one host
 * cannot pass the check together.
 */
async function hostIsFree(tx: Db, hostId: string, start: Date, end: Date, except?: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`consultation-host:${hostId}`}))`);
  const clash = await tx
    .select({ id: consultations.id })
    .from(consultations)
    .where(
      and(
        eq(consultations.hostEmployeeId, hostId),
        eq(consultations.status, 'booked'),
        except ? ne(consultations.id, except) : undefined,
        lt(consultations.startsAt, end),
        gt(consultations.endsAt, start),
      ),
    );
  return clash.length === 0;
}

export function createConsultationService(deps: ConsultationDeps) {
  const { db, mail } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function settings(tx: Db = db): Promise<ConsultationSettings> {
    const [row] = await tx
      .select()
      .from(consultationSettings)
      .where(eq(consultationSettings.id, 1));
    return {
      slotMinutes: row?.slotMinutes ?? DEFAULT_SLOT_MINUTES,
      cutoffHours: row?.cutoffHours ?? DEFAULT_CUTOFF_HOURS,
    };
  }

  /** Every enabled employee with availability, in the order 'first free' means: oldest account first. */
  async function hosts(tx: Db = db): Promise<HostAvailability[]> {
    const rows = await tx
      .select({
        employeeId: employeeAvailability.employeeId,
        name: user.name,
        email: user.email,
        timeZone: employeeAvailability.timeZone,
        weekly: employeeAvailability.weekly,
        daysOff: employeeAvailability.daysOff,
      })
      .from(employeeAvailability)
      .innerJoin(user, eq(user.id, employeeAvailability.employeeId))
      .where(sql`coalesce(${user.disabled}, false) = false`)
      .orderBy(asc(user.createdAt), asc(user.id));
    return rows;
  }

  async function bookedBetween(from: Date, to: Date, tx: Db = db) {
    return tx
      .select({
        hostEmployeeId: consultations.hostEmployeeId,
        startsAt: consultations.startsAt,
        endsAt: consultations.endsAt,
        registrationId: consultations.registrationId,
      })
      .from(consultations)
      .where(
        and(
          eq(consultations.status, 'booked'),
          lt(consultations.startsAt, to),
          gt(consultations.endsAt, from),
        ),
      );
  }

  /** The hosts free for a slot starting at `start`, the client's project manager first. */
  async function freeHostsAt(
    start: Date,
    slotMinutes: number,
    registrationId: string,
    exceptConsultation: string | null,
  ): Promise<HostAvailability[]> {
    const end = new Date(start.getTime() + slotMinutes * 60_000);
    const [all, booked] = await Promise.all([hosts(), bookedBetween(start, end)]);
    const free = all.filter(
      (host) =>
        hostSlotStarts(host, slotMinutes, start, new Date(start.getTime() + 1)).length === 1 &&
        !booked.some(
          (b) =>
            b.hostEmployeeId === host.employeeId &&
            !(exceptConsultation && b.registrationId === registrationId) &&
            overlaps(start, end, b.startsAt, b.endsAt),
        ),
    );
    const preferred = deps.preferredHost ? await deps.preferredHost(registrationId) : null;
    return preferred
      ? [
          ...free.filter((h) => h.employeeId === preferred),
          ...free.filter((h) => h.employeeId !== preferred),
        ]
      : free;
  }

  /** The client and their live subscription; 403 without one. */
  async function clientOf(registrationId: string) {
    const row = await liveClient(registrationId);
    if (!row) throw clientError(403, 'consultation_no_subscription');
    return row;
  }

  async function liveClient(registrationId: string) {
    const [row] = await db
      .select({
        id: businessRegistrations.id,
        name: businessRegistrations.ownerName,
        business: businessRegistrations.businessName,
        email: businessRegistrations.email,
        language: businessRegistrations.language,
      })
      .from(businessRegistrations)
      .innerJoin(
        subscriptions,
        and(
          eq(subscriptions.registrationId, businessRegistrations.id),
          inArray(subscriptions.status, ['active', 'past_due']),
        ),
      )
      .where(eq(businessRegistrations.id, registrationId))
      .limit(1);
    return row ?? null;
  }

  async function bookedOf(registrationId: string, tx: Db = db) {
    const [row] = await tx
      .select({
        consultation: consultations,
        hostName: user.name,
        hostEmail: user.email,
        hostTimeZone: employeeAvailability.timeZone,
      })
      .from(consultations)
      .leftJoin(user, eq(user.id, consultations.hostEmployeeId))
      .leftJoin(
        employeeAvailability,
        eq(employeeAvailability.employeeId, consultations.hostEmployeeId),
      )
      .where(
        and(eq(consultations.registrationId, registrationId), eq(consultations.status, 'booked')),
      );
    return row ?? null;
  }

  /** The host as e-mails name them; the team's address once the host's account is gone. */
  const hostOrTeam = (
    name: string | null,
    email: string | null,
    timeZone: string | null,
  ): { name: string; email: string; timeZone: string } =>
    email
      ? { name: name ?? email, email, timeZone: timeZone ?? 'UTC' }
      : { name: mail.siteName, email: mail.teamEmail, timeZone: timeZone ?? 'UTC' };

  const pageUrl = (language: Locale) =>
    `${deps.emailOrigin}${localizedPath(language, WEB_PATHS.account)}#consultation`;

  const clientView = (
    c: typeof consultations.$inferSelect,
    hostName: string,
    cutoffHours: number,
  ): ClientConsultation => ({
    id: c.id,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    hostName,
    changeableUntil: new Date(c.startsAt.getTime() - cutoffHours * HOUR_MS).toISOString(),
  });

  /** Queues both e-mails of an event and writes it to the activity log, inside `tx`. */
  async function tell(
    tx: Db,
    event: ConsultationEvent,
    c: typeof consultations.$inferSelect,
    client: Awaited<ReturnType<typeof clientOf>>,
    host: { name: string; email: string; timeZone: string },
    cutoffHours: number,
    previousStartsAt: Date | null = null,
  ) {
    await enqueueMail(
      tx,
      consultationMails(mail, {
        event,
        uid: c.uid,
        sequence: c.sequence,
        startsAt: c.startsAt,
        endsAt: c.endsAt,
        previousStartsAt,
        client: { ...client, timeZone: c.clientTimeZone },
        host,
        changeableUntil: new Date(c.startsAt.getTime() - cutoffHours * HOUR_MS),
        pageUrl: pageUrl(client.language),
      }),
    );
    if (event === 'booked' || event === 'rescheduled' || event === 'cancelled')
      await tx.insert(activityLog).values({
        actorEmail: client.email.slice(0, 320),
        action: `consultation.${event}`,
        subject: `client:${client.id}`,
        detail: {
          businessName: client.business,
          consultationId: c.id,
          startsAt: c.startsAt.toISOString(),
          host: host.email,
          ...(previousStartsAt ? { from: previousStartsAt.toISOString() } : {}),
        },
      });
  }

  /** Checks a wanted start: in the future (with notice), not past the horizon. */
  function checkWindow(start: Date) {
    const t = now().getTime();
    if (start.getTime() < t + MIN_NOTICE_MS || start.getTime() > t + BOOKING_HORIZON_DAYS * DAY_MS)
      throw clientError(409, 'consultation_slot_unavailable');
  }

  const mapUnique = (error: unknown): never => {
    if (isUniqueViolation(error)) {
      const text = String(
        (error as { cause?: { constraint?: string } }).cause?.constraint ?? error,
      );
      throw clientError(
        409,
        text.includes('client_booked') ? 'consultation_exists' : 'consultation_slot_taken',
      );
    }
    throw error;
  };

  return {
    settings,

    async myAvailability(employeeId: string): Promise<MyAvailability> {
      const [row] = await db
        .select()
        .from(employeeAvailability)
        .where(eq(employeeAvailability.employeeId, employeeId));
      const availability: Availability | null = row
        ? { timeZone: row.timeZone, weekly: row.weekly, daysOff: row.daysOff }
        : null;
      return { availability, settings: await settings() };
    },

    async saveAvailability(employeeId: string, input: Availability): Promise<MyAvailability> {
      const weekly = [...input.weekly]
        .map((r) => ({ weekday: r.weekday, start: r.start, end: r.end }))
        .sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
      const daysOff = [...new Set(input.daysOff)].sort();
      const values = { timeZone: input.timeZone, weekly, daysOff, updatedAt: new Date() };
      await db
        .insert(employeeAvailability)
        .values({ employeeId, ...values })
        .onConflictDoUpdate({ target: employeeAvailability.employeeId, set: values });
      return this.myAvailability(employeeId);
    },

    async saveSettings(employeeId: string, input: ConsultationSettings): Promise<MyAvailability> {
      const values = {
        slotMinutes: input.slotMinutes,
        cutoffHours: input.cutoffHours,
        updatedAt: new Date(),
      };
      await db
        .insert(consultationSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: consultationSettings.id, set: values });
      return this.myAvailability(employeeId);
    },

    /** Free start times between the client's local days `from` and `from + days`, as instants. */
    async freeSlots(query: {
      timeZone: string;
      from?: string | undefined;
      days: number;
    }): Promise<ConsultationSlots> {
      const { slotMinutes } = await settings();
      const t = now();
      const firstDay: LocalDate = query.from
        ? {
            year: Number(query.from.slice(0, 4)),
            month: Number(query.from.slice(5, 7)),
            day: Number(query.from.slice(8, 10)),
          }
        : localDate(t, query.timeZone);
      const windowStart = startOfLocalDay(firstDay, query.timeZone);
      const windowEnd = startOfLocalDay(addDays(firstDay, query.days), query.timeZone);
      const from = new Date(Math.max(windowStart.getTime(), t.getTime() + MIN_NOTICE_MS));
      const to = new Date(
        Math.min(windowEnd.getTime(), t.getTime() + BOOKING_HORIZON_DAYS * DAY_MS),
      );
      if (from >= to) return { timeZone: query.timeZone, slotMinutes, slots: [] };
      const [all, booked] = await Promise.all([
        hosts(),
        bookedBetween(from, new Date(to.getTime() + slotMinutes * 60_000)),
      ]);
      const free = new Set<number>();
      for (const host of all) {
        const mine = booked.filter((b) => b.hostEmployeeId === host.employeeId);
        for (const start of hostSlotStarts(host, slotMinutes, from, to)) {
          const end = new Date(start.getTime() + slotMinutes * 60_000);
          if (!mine.some((b) => overlaps(start, end, b.startsAt, b.endsAt)))
            free.add(start.getTime());
        }
      }
      return {
        timeZone: query.timeZone,
        slotMinutes,
        slots: [...free].sort((a, b) => a - b).map((ms) => new Date(ms).toISOString()),
      };
    },

    async current(registrationId: string) {
      const [found, s, live] = await Promise.all([
        bookedOf(registrationId),
        settings(),
        liveClient(registrationId),
      ]);
      return {
        consultation: found
          ? clientView(found.consultation, found.hostName ?? mail.siteName, s.cutoffHours)
          : null,
        canBook: live !== null,
        slotMinutes: s.slotMinutes,
        cutoffHours: s.cutoffHours,
      };
    },

    /**
     * Books `start` for the client. The client's advisory lock makes a second booking of theirs
     * wait and see the first; each candidate host's lock makes the overlap check and the insert
     * one step; the partial unique indexes are the database's own guarantee behind both.
     */
    async book(
      registrationId: string,
      start: Date,
      clientTimeZone: string,
    ): Promise<ClientConsultation> {
      const client = await clientOf(registrationId);
      checkWindow(start);
      const s = await settings();
      const candidates = await freeHostsAt(start, s.slotMinutes, registrationId, null);
      if (candidates.length === 0) {
        const taken = (await bookedBetween(start, new Date(start.getTime() + 1))).length > 0;
        throw clientError(409, taken ? 'consultation_slot_taken' : 'consultation_slot_unavailable');
      }
      const end = new Date(start.getTime() + s.slotMinutes * 60_000);
      const booked = await db
        .transaction(async (tx) => {
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`consultation-client:${registrationId}`}))`,
          );
          if (await bookedOf(registrationId, tx)) throw clientError(409, 'consultation_exists');
          for (const host of candidates) {
            if (!(await hostIsFree(tx, host.employeeId, start, end))) continue;
            const [row] = await tx
              .insert(consultations)
              .values({
                uid: `${crypto.randomUUID()}@consultations`,
                registrationId,
                hostEmployeeId: host.employeeId,
                startsAt: start,
                endsAt: end,
                clientTimeZone,
                // A booking less than a day (an hour) ahead gets no 24-hour (1-hour) reminder.
                reminded24hAt: start.getTime() - now().getTime() <= DAY_MS ? now() : null,
                reminded1hAt: start.getTime() - now().getTime() <= HOUR_MS ? now() : null,
              })
              .returning();
            await tell(tx, 'booked', row!, client, host, s.cutoffHours);
            await deps.onBooked?.(tx, { registrationId, hostEmployeeId: host.employeeId });
            return { row: row!, host };
          }
          throw clientError(409, 'consultation_slot_taken');
        })
        .catch(mapUnique);
      deps.mailQueued();
      return clientView(booked.row, booked.host.name, s.cutoffHours);
    },

    /** Moves the booking to `start`: the same row and UID, SEQUENCE one higher, the host may change. */
    async reschedule(
      registrationId: string,
      start: Date,
      clientTimeZone: string,
    ): Promise<ClientConsultation> {
      const client = await clientOf(registrationId);
      const s = await settings();
      const existing = await bookedOf(registrationId);
      if (!existing) throw clientError(404, 'consultation_not_found');
      if (existing.consultation.startsAt.getTime() - s.cutoffHours * HOUR_MS < now().getTime())
        throw clientError(409, 'consultation_too_late', { hours: s.cutoffHours });
      checkWindow(start);
      const candidates = await freeHostsAt(
        start,
        s.slotMinutes,
        registrationId,
        existing.consultation.id,
      );
      if (candidates.length === 0) throw clientError(409, 'consultation_slot_taken');
      const end = new Date(start.getTime() + s.slotMinutes * 60_000);
      const moved = await db
        .transaction(async (tx) => {
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`consultation-client:${registrationId}`}))`,
          );
          const [current] = await tx
            .select()
            .from(consultations)
            .where(
              and(
                eq(consultations.id, existing.consultation.id),
                eq(consultations.status, 'booked'),
              ),
            );
          if (!current) throw clientError(404, 'consultation_not_found');
          for (const host of candidates) {
            if (!(await hostIsFree(tx, host.employeeId, start, end, current.id))) continue;
            const t = now();
            const [row] = await tx
              .update(consultations)
              .set({
                hostEmployeeId: host.employeeId,
                startsAt: start,
                endsAt: end,
                clientTimeZone,
                sequence: sql`${consultations.sequence} + 1`,
                reminded24hAt: start.getTime() - t.getTime() <= DAY_MS ? t : null,
                reminded1hAt: start.getTime() - t.getTime() <= HOUR_MS ? t : null,
                updatedAt: t,
              })
              .where(eq(consultations.id, current.id))
              .returning();
            // A new host: the former one gets the cancellation of their invitation.
            if (host.employeeId !== current.hostEmployeeId)
              await enqueueMail(
                tx,
                consultationMails(mail, {
                  event: 'cancelled',
                  uid: current.uid,
                  sequence: row!.sequence,
                  startsAt: current.startsAt,
                  endsAt: current.endsAt,
                  client: { ...client, timeZone: current.clientTimeZone },
                  host: hostOrTeam(existing.hostName, existing.hostEmail, existing.hostTimeZone),
                  changeableUntil: current.startsAt,
                  pageUrl: pageUrl(client.language),
                }).slice(1),
              );
            await tell(tx, 'rescheduled', row!, client, host, s.cutoffHours, current.startsAt);
            return { row: row!, host };
          }
          throw clientError(409, 'consultation_slot_taken');
        })
        .catch(mapUnique);
      deps.mailQueued();
      return clientView(moved.row, moved.host.name, s.cutoffHours);
    },

    async cancel(registrationId: string): Promise<void> {
      const client = await clientOf(registrationId);
      const s = await settings();
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`consultation-client:${registrationId}`}))`,
        );
        const existing = await bookedOf(registrationId, tx);
        if (!existing) throw clientError(404, 'consultation_not_found');
        if (existing.consultation.startsAt.getTime() - s.cutoffHours * HOUR_MS < now().getTime())
          throw clientError(409, 'consultation_too_late', { hours: s.cutoffHours });
        const t = now();
        const [row] = await tx
          .update(consultations)
          .set({
            status: 'cancelled',
            cancelledAt: t,
            updatedAt: t,
            sequence: sql`${consultations.sequence} + 1`,
          })
          .where(eq(consultations.id, existing.consultation.id))
          .returning();
        await tell(
          tx,
          'cancelled',
          row!,
          client,
          hostOrTeam(existing.hostName, existing.hostEmail, existing.hostTimeZone),
          s.cutoffHours,
        );
      });
      deps.mailQueued();
    },

    /** The client's newest consultation for the team (the booked one, else the last cancelled). */
    async forClient(registrationId: string): Promise<{ consultation: TeamConsultation | null }> {
      const [row] = await db
        .select({ c: consultations, name: user.name, email: user.email })
        .from(consultations)
        .leftJoin(user, eq(user.id, consultations.hostEmployeeId))
        .where(eq(consultations.registrationId, registrationId))
        .orderBy(sql`${consultations.status} = 'booked' desc`, sql`${consultations.updatedAt} desc`)
        .limit(1);
      if (!row) return { consultation: null };
      return {
        consultation: {
          id: row.c.id,
          uid: row.c.uid,
          startsAt: row.c.startsAt.toISOString(),
          endsAt: row.c.endsAt.toISOString(),
          status: row.c.status,
          host:
            row.c.hostEmployeeId && row.email
              ? { id: row.c.hostEmployeeId, name: row.name ?? row.email, email: row.email }
              : null,
          clientTimeZone: row.c.clientTimeZone,
          sequence: row.c.sequence,
        },
      };
    },

    /**
     * Queues the reminders that are due: 24 hours and 1 hour before. Each is claimed on its row
     * (`reminded_…_at` set where still null) in the transaction that queues it, so two instances,
     * or two runs, never send one twice. Answers how many were queued.
     */
    async sendDueReminders(): Promise<number> {
      const t = now();
      let queued = 0;
      for (const [which, hours] of [
        ['reminder1', 1],
        ['reminder24', 24],
      ] as const) {
        const column =
          which === 'reminder1' ? consultations.reminded1hAt : consultations.reminded24hAt;
        const due = await db
          .select({ id: consultations.id })
          .from(consultations)
          .where(
            and(
              eq(consultations.status, 'booked'),
              isNull(column),
              gt(consultations.startsAt, t),
              lte(consultations.startsAt, new Date(t.getTime() + hours * HOUR_MS)),
            ),
          );
        for (const { id } of due) {
          queued += await db.transaction(async (tx) => {
            const [claimed] = await tx
              .update(consultations)
              .set(
                which === 'reminder1'
                  ? {
                      reminded1hAt: t,
                      reminded24hAt: sql`coalesce(${consultations.reminded24hAt}, ${t})`,
                    }
                  : { reminded24hAt: t },
              )
              .where(
                and(eq(consultations.id, id), isNull(column), eq(consultations.status, 'booked')),
              )
              .returning();
            if (!claimed) return 0;
            const [client] = await tx
              .select({
                id: businessRegistrations.id,
                name: businessRegistrations.ownerName,
                business: businessRegistrations.businessName,
                email: businessRegistrations.email,
                language: businessRegistrations.language,
              })
              .from(businessRegistrations)
              .where(eq(businessRegistrations.id, claimed.registrationId));
            const [host] = claimed.hostEmployeeId
              ? await tx
                  .select({
                    name: user.name,
                    email: user.email,
                    timeZone: employeeAvailability.timeZone,
                  })
                  .from(user)
                  .leftJoin(employeeAvailability, eq(employeeAvailability.employeeId, user.id))
                  .where(eq(user.id, claimed.hostEmployeeId))
              : [];
            if (!client) return 0;
            const s = await settings(tx);
            await enqueueMail(
              tx,
              consultationMails(mail, {
                event: which,
                uid: claimed.uid,
                sequence: claimed.sequence,
                startsAt: claimed.startsAt,
                endsAt: claimed.endsAt,
                client: { ...client, timeZone: claimed.clientTimeZone },
                host: hostOrTeam(host?.name ?? null, host?.email ?? null, host?.timeZone ?? null),
                changeableUntil: new Date(claimed.startsAt.getTime() - s.cutoffHours * HOUR_MS),
                pageUrl: pageUrl(client.language),
              }),
            );
            return 1;
          });
        }
      }
      if (queued > 0) deps.mailQueued();
      return queued;
    },
  };
}
export type ConsultationService = ReturnType<typeof createConsultationService>;

export { overlaps };
