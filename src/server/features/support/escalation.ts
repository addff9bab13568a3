import { and, asc, eq, isNull, not, sql } from 'drizzle-orm';
import { ESCALATE_AFTER_MINUTES } from '../../../contract/support/support.js';
import type { Db } from '../../db/client.js';
import {
  businessRegistrations as reg,
  supportMessages,
  supportRequests as req,
} from '../../db/schema.js';
import { enqueueMail, teamAndOwners, type MailSettings } from '../notifications/index.js';

const MINUTE = 60_000;

export interface EscalationDeps {
  db: Db;
  /** Support time. */
  now: () => Promise<Date>;
  mail: MailSettings;
  adminUrl: (number: number) => string;
  postToChat: (message: { title: string; text: string; url?: string }) => void;
  mailQueued: () => void;
}

/**
 * Urgent requests nobody acknowledged within 15 minutes go to the owners, once: the request is
 * claimed (escalated_at set while unset) in the transaction that queues their e-mails.
 */
export async function escalateUnacknowledged(deps: EscalationDeps): Promise<number> {
  const { db, now, mail, adminUrl, postToChat } = deps;
  const at = await now();
  const before = new Date(at.getTime() - ESCALATE_AFTER_MINUTES * MINUTE);
  const due = await db
    .select({ id: req.id })
    .from(req)
    .where(
      and(
        eq(req.urgency, 'urgent'),
        isNull(req.acknowledgedAt),
        isNull(req.escalatedAt),
        not(eq(req.status, 'closed')),
        sql`${req.createdAt} <= ${before.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(req.createdAt))
    .limit(100);
  let escalated = 0;
  for (const { id } of due) {
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(req)
        .set({ escalatedAt: at, updatedAt: new Date() })
        .where(and(eq(req.id, id), isNull(req.escalatedAt), isNull(req.acknowledgedAt)))
        .returning();
      if (!row) return null;
      const [client] = await tx
        .select({ business: reg.businessName })
        .from(reg)
        .where(eq(reg.id, row.registrationId));
      const text = [
        `Urgent request #${row.number} of ${client?.business ?? 'a client'} was not acknowledged within ${ESCALATE_AFTER_MINUTES} minutes.`,
        '',
        row.title,
        '',
        `Open it and acknowledge or answer: ${adminUrl(row.number)}`,
      ].join('\n');
      await enqueueMail(
        tx,
        (await teamAndOwners(tx, mail.teamEmail)).map((to) => ({
          kind: 'team_support_escalation',
          to,
          urgent: true,
          subject: `Not acknowledged: urgent support request #${row.number}: ${client?.business ?? ''}`,
          text,
        })),
      );
      // For the team only: the client never sees that nobody picked it up.
      await tx.insert(supportMessages).values({
        requestId: row.id,
        kind: 'note',
        authorName: mail.siteName,
        body: `Nobody acknowledged this request within ${ESCALATE_AFTER_MINUTES} minutes: the owners were told.`,
        via: 'system',
        createdAt: at,
      });
      return { number: row.number, business: client?.business ?? '', title: row.title };
    });
    if (!claimed) continue;
    escalated++;
    postToChat({
      title: `Escalated: urgent support request #${claimed.number}: ${claimed.business}`,
      text: `Nobody acknowledged it within ${ESCALATE_AFTER_MINUTES} minutes. ${claimed.title}`,
      url: adminUrl(claimed.number),
    });
  }
  if (escalated > 0) deps.mailQueued();
  return escalated;
}
