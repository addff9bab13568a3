import { and, asc, eq, isNull, lt, lte, not, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { leadDigests, leads, user } from '../../db/schema.js';
import { markedDoNotContact } from './service.js';
import { runOnceAcrossInstances } from '../../adapters/shared-state/schedule.js';
import { enqueueMail } from '../notifications/index.js';
import { isoDate, localDate } from '../../lib/zoned-time.js';

/** The morning e-mail goes out from this local hour on (07:00 in the agency's time zone). */
export const DIGEST_HOUR = 7;
const MAX_LISTED = 50;

export interface DigestOptions {
  db: Db;
  timeZone: string;
  siteName: string;
  /** Where the e-mail's link opens the due leads. */
  leadsUrl: string;
}

const localHour = (at: Date, timeZone: string) =>
  Number(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at),
  );

/** An employee's choice: the morning e-mail of their due leads, or not. */
export function createDigestSettings(db: Db) {
  return {
    async get(employeeId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: leadDigests.employeeId })
        .from(leadDigests)
        .where(eq(leadDigests.employeeId, employeeId));
      return Boolean(row);
    },
    async set(employeeId: string, enabled: boolean): Promise<boolean> {
      if (enabled) await db.insert(leadDigests).values({ employeeId }).onConflictDoNothing();
      else await db.delete(leadDigests).where(eq(leadDigests.employeeId, employeeId));
      return enabled;
    },
  };
}
export type DigestSettings = ReturnType<typeof createDigestSettings>;

/**
 * From DIGEST_HOUR on, each employee who asked for it gets one e-mail a day listing the leads they
 * saved whose follow-up is due (today or overdue), leaving out do-not-contact ones; no due leads,
 * no e-mail. The day is claimed on the employee's row in the transaction that queues the e-mail,
 * so two instances (or two runs) never send it twice. Answers how many e-mails were queued.
 */
export async function sendDueDigests(options: DigestOptions, now: Date): Promise<number> {
  const { db, timeZone } = options;
  if (localHour(now, timeZone) < DIGEST_HOUR) return 0;
  const today = isoDate(localDate(now, timeZone));
  const waiting = await db
    .select({ employeeId: leadDigests.employeeId })
    .from(leadDigests)
    .where(or(isNull(leadDigests.lastSentOn), lt(leadDigests.lastSentOn, today)));
  let queued = 0;
  for (const { employeeId } of waiting) {
    queued += await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(leadDigests)
        .set({ lastSentOn: today })
        .where(
          and(
            eq(leadDigests.employeeId, employeeId),
            or(isNull(leadDigests.lastSentOn), lt(leadDigests.lastSentOn, today)),
          ),
        )
        .returning({ employeeId: leadDigests.employeeId });
      if (!claimed) return 0; // another instance sent today's
      const [employee] = await tx
        .select({ email: user.email, name: user.name, disabled: user.disabled })
        .from(user)
        .where(eq(user.id, employeeId));
      const due = await tx
        .select({
          name: leads.name,
          status: leads.status,
          phone: leads.phone,
          nextFollowUpOn: leads.nextFollowUpOn,
        })
        .from(leads)
        .where(
          and(
            eq(leads.createdBy, employeeId),
            lte(leads.nextFollowUpOn, today),
            not(markedDoNotContact),
          ),
        )
        .orderBy(asc(leads.nextFollowUpOn), asc(leads.name))
        .limit(MAX_LISTED + 1);
      // A disabled employee gets nothing (their choice stays, should they come back).
      if (!employee || employee.disabled || due.length === 0) return 0;
      const listed = due.slice(0, MAX_LISTED);
      const lines = listed.map(
        (l) =>
          `- ${l.name} (${l.status})${l.nextFollowUpOn! < today ? `, overdue since ${l.nextFollowUpOn}` : ''}${l.phone ? `, ${l.phone}` : ''}`,
      );
      const more =
        due.length > MAX_LISTED ? `\nThere are more: the leads list shows them all.\n` : '';
      const count = due.length > MAX_LISTED ? `More than ${MAX_LISTED}` : String(due.length);
      await enqueueMail(tx, [
        {
          kind: 'lead-digest',
          to: employee.email,
          subject: `${count} ${due.length === 1 ? 'lead' : 'leads'} to follow up today`,
          text: `Good morning${employee.name ? ` ${employee.name}` : ''},\n\nThese leads you saved are due for a follow-up today (${today}):\n\n${lines.join('\n')}\n${more}\nOpen them: ${options.leadsUrl}\n\nYou get this e-mail because you asked for it in ${options.siteName}'s leads list; untick 'E-mail me my due leads each morning' there to stop it.\n`,
        },
      ]);
      return 1;
    });
  }
  return queued;
}

/** Checks every ten minutes, once across instances; each employee's e-mail is still sent once a day. */
export function createDigestJob(
  options: DigestOptions & { log: FastifyBaseLogger; mailQueued: () => void; now?: () => Date },
) {
  return runOnceAcrossInstances({
    db: options.db,
    name: 'lead-digest',
    everyMs: 10 * 60_000,
    run: async () => {
      const sent = await sendDueDigests(options, options.now?.() ?? new Date());
      if (sent > 0) {
        options.log.info({ leadDigests: sent }, 'due-lead e-mails queued');
        options.mailQueued();
      }
    },
    onError: (error) => options.log.error({ err: error }, 'due-lead e-mails failed'),
  });
}
