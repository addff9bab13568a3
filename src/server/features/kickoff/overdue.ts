import { and, asc, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CONTACT_PROMISE_HOURS, CONTACT_PROMISE_MS } from '../../../contract/kickoff/kickoff.js';
import { runOnceAcrossInstances } from '../../adapters/shared-state/schedule.js';
import type { Db } from '../../db/client.js';
import { clientDelivery as delivery } from '../../db/schema.js';
import { teamTime } from '../../lib/zoned-time.js';
import {
  enqueueMail,
  languageLine,
  teamAndOwners,
  type MailSettings,
} from '../notifications/index.js';
import { paidClients } from './service.js';

/**
 * A broken promise is e-mailed only while it is this fresh: a database that had clients before
 * this feature (or a job stopped for longer) does not send a flood of old news (docs/decisions/036).
 * Older ones still show in red in 'New clients'.
 */
export const NOTICE_LOOKBACK_DAYS = 7;
const BATCH = 100;

export interface OverdueNoticeOptions {
  db: Db;
  mail: MailSettings;
  timeZone: string;
  /** Where the e-mail's link opens 'New clients'. */
  newClientsUrl: string;
}

/**
 * Every paying client past their 24 hours and not contacted is e-mailed about to the team and the
 * owners once: the client's row is claimed (`overdue_notice_at` set, in one statement that only
 * succeeds while it is unset and the client uncontacted) in the transaction that queues the
 * e-mails, so two instances, or two runs, never send it twice. Answers how many clients.
 */
export async function sendOverdueNotices(
  options: OverdueNoticeOptions,
  now: Date,
): Promise<number> {
  const { db, mail, timeZone } = options;
  const pc = paidClients(db);
  const dueBefore = new Date(now.getTime() - CONTACT_PROMISE_MS);
  const paidAfter = new Date(dueBefore.getTime() - NOTICE_LOOKBACK_DAYS * 86_400_000);
  const late = await db
    .select()
    .from(pc)
    .where(
      and(
        isNull(pc.contactedAt),
        isNull(pc.overdueNoticeAt),
        sql`${pc.paidAt} <= ${dueBefore.toISOString()}::timestamptz and ${pc.paidAt} > ${paidAfter.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(pc.paidAt))
    .limit(BATCH);
  let sent = 0;
  for (const client of late) {
    sent += await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(delivery)
        .values({ registrationId: client.id, overdueNoticeAt: now })
        .onConflictDoUpdate({
          target: delivery.registrationId,
          set: { overdueNoticeAt: now, updatedAt: now },
          setWhere: and(isNull(delivery.overdueNoticeAt), isNull(delivery.contactedAt)),
        })
        .returning({ id: delivery.registrationId });
      if (!claimed) return 0; // another instance sent it, or someone just marked them contacted
      const dueAt = new Date(client.paidAt.getTime() + CONTACT_PROMISE_MS);
      const subject = `Not contacted within ${CONTACT_PROMISE_HOURS} hours: ${client.businessName} (${client.planDisplayName})`;
      const text = [
        `${client.businessName} (${client.ownerName}, ${client.email}${client.phone ? `, ${client.phone}` : ''}) paid for the ${client.planDisplayName} plan on ${teamTime(client.paidAt, timeZone)}.`,
        `The payment page promised that the team contacts them within ${CONTACT_PROMISE_HOURS} hours, by ${teamTime(dueAt, timeZone)}, and nobody has marked them contacted yet.`,
        '',
        `Project manager: ${client.managerName ?? 'none set'}`,
        languageLine(client.language),
        '',
        `Contact them now, then press 'Mark contacted' in New clients: ${options.newClientsUrl}`,
      ].join('\n');
      const to = await teamAndOwners(tx, mail.teamEmail);
      await enqueueMail(
        tx,
        to.map((address) => ({ kind: 'team_contact_overdue', to: address, subject, text })),
      );
      return 1;
    });
  }
  return sent;
}

/** Checks every five minutes, once across instances; each client's e-mails still go out once. */
export function createOverdueNoticeJob(
  options: OverdueNoticeOptions & {
    log: FastifyBaseLogger;
    mailQueued: () => void;
    now?: () => Date;
  },
) {
  return runOnceAcrossInstances({
    db: options.db,
    name: 'kickoff-overdue',
    everyMs: 5 * 60_000,
    run: async () => {
      const clients = await sendOverdueNotices(options, options.now?.() ?? new Date());
      if (clients > 0) {
        options.log.info({ overdueClients: clients }, '24-hour contact e-mails queued');
        options.mailQueued();
      }
    },
    onError: (error) => options.log.error({ err: error }, '24-hour contact e-mails failed'),
  });
}
