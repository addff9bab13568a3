import { and, asc, eq, exists, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { runOnceAcrossInstances } from '../../adapters/shared-state/schedule.js';
import type { Db } from '../../db/client.js';
import {
  businessRegistrations,
  projectEvents,
  projectMilestones,
  projects,
} from '../../db/schema.js';
import { isoDate, localDate } from '../../lib/zoned-time.js';
import { enqueueMail, type MailSettings } from '../notifications/index.js';
import { digestMail, type ProjectStep } from './mails.js';

/** The digest goes out from this local hour on (the agency's time zone), like the leads' one. */
export const PROJECT_DIGEST_HOUR = 7;

export interface ProjectDigestOptions {
  db: Db;
  timeZone: string;
  mail: MailSettings;
  origin: string;
}

const localHour = (at: Date, timeZone: string) =>
  Number(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at),
  );

/**
 * From PROJECT_DIGEST_HOUR on, each client with steps not yet told (they chose the daily digest)
 * gets one e-mail listing them. The day is claimed on the project's row in the transaction that
 * queues the e-mail and marks the steps told, so two instances never send it twice. Answers how
 * many e-mails were queued.
 */
export async function sendProjectDigests(
  options: ProjectDigestOptions,
  now: Date,
): Promise<number> {
  const { db, timeZone } = options;
  if (localHour(now, timeZone) < PROJECT_DIGEST_HOUR) return 0;
  const today = isoDate(localDate(now, timeZone));
  const notToday = or(isNull(projects.digestSentOn), lt(projects.digestSentOn, today));
  const waiting = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        notToday,
        exists(
          db
            .select({ one: sql`1` })
            .from(projectEvents)
            .where(and(eq(projectEvents.projectId, projects.id), isNull(projectEvents.notifiedAt))),
        ),
      ),
    );
  let queued = 0;
  for (const { id } of waiting) {
    queued += await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(projects)
        .set({ digestSentOn: today })
        .where(and(eq(projects.id, id), notToday))
        .returning({ registrationId: projects.registrationId });
      if (!claimed) return 0; // another instance sent today's
      const steps = await tx
        .update(projectEvents)
        .set({ notifiedAt: now })
        .where(and(eq(projectEvents.projectId, id), isNull(projectEvents.notifiedAt)))
        .returning({
          milestoneId: projectEvents.milestoneId,
          kind: projectEvents.kind,
          detail: projectEvents.detail,
          at: projectEvents.at,
        });
      if (steps.length === 0) return 0;
      const [client] = await tx
        .select({
          email: businessRegistrations.email,
          ownerName: businessRegistrations.ownerName,
          businessName: businessRegistrations.businessName,
          language: businessRegistrations.language,
        })
        .from(businessRegistrations)
        .where(eq(businessRegistrations.id, claimed.registrationId));
      const milestones = await tx
        .select({
          id: projectMilestones.id,
          track: projectMilestones.track,
          stage: projectMilestones.stage,
        })
        .from(projectMilestones)
        .where(eq(projectMilestones.projectId, id))
        .orderBy(asc(projectMilestones.position));
      const told: ProjectStep[] = steps
        .sort((a, b) => a.at.getTime() - b.at.getTime())
        .flatMap((s) => {
          const m = milestones.find((x) => x.id === s.milestoneId);
          if (!m || (s.kind !== 'status' && s.kind !== 'due' && s.kind !== 'sent_for_review'))
            return [];
          return [
            {
              kind: s.kind,
              track: m.track,
              stage: m.stage,
              detail: s.detail ?? {},
            },
          ];
        });
      if (!client || told.length === 0) return 0;
      await enqueueMail(tx, [
        digestMail(options.mail, options.origin, { ...client, language: client.language }, told),
      ]);
      return 1;
    });
  }
  return queued;
}

/** Checks every ten minutes, once across instances; each client's digest still goes once a day. */
export function createProjectDigestJob(
  options: ProjectDigestOptions & { log: FastifyBaseLogger; mailQueued: () => void },
) {
  return runOnceAcrossInstances({
    db: options.db,
    name: 'project-digest',
    everyMs: 10 * 60_000,
    run: async () => {
      const sent = await sendProjectDigests(options, new Date());
      if (sent > 0) {
        options.log.info({ projectDigests: sent }, 'project digests queued');
        options.mailQueued();
      }
    },
    onError: (error) => options.log.error({ err: error }, 'project digests failed'),
  });
}
