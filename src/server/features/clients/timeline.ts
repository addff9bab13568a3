import { and, desc, eq, or, sql } from 'drizzle-orm';
import {
  TIMELINE_LIMIT,
  type ClientTimeline,
  type TimelineItem,
} from '../../../contract/clients/timeline.js';
import { centsToDecimal } from '../../../contract/lib/money.js';
import type { Db } from '../../db/client.js';
import { isUuid } from '../../db/ids.js';
import {
  activityLog,
  businessRegistrations,
  clientDelivery,
  invoices,
  outboxMessages,
  projectEvents,
  projectMilestones,
  projects,
  subscriptionPlans,
} from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';

const money = (cents: number, currency: string) =>
  `${currency === 'usd' ? '$' : `${currency.toUpperCase()} `}${centsToDecimal(cents)}`;
const CONTACT_WAYS = { call: 'a call', email: 'an e-mail', meeting: 'a meeting' } as const;
const TRACKS: Record<string, string> = {
  website: 'Website',
  'commercial-1': 'Commercial 1',
  'commercial-2': 'Commercial 2',
};
const PROJECT_STEPS: Record<string, string> = {
  status: 'moved',
  due: 'given a new due date',
  sent_for_review: 'sent to the client for review',
  approved: 'approved by the client',
  changes_requested: 'sent back by the client with changes',
};

/**
 * Everything that happened to one client, newest first (issue 29 §4): registering, each invoice,
 * every e-mail to them, the first contact, project steps, and the activity log's entries about
 * them or by them. Each source is read newest first up to the limit, so the merge keeps the
 * newest TIMELINE_LIMIT lines.
 */
export function createClientTimeline(db: Db) {
  return async function timeline(id: string): Promise<ClientTimeline> {
    const [client] = isUuid(id)
      ? await db
          .select({
            email: businessRegistrations.email,
            createdAt: businessRegistrations.createdAt,
            plan: subscriptionPlans.displayName,
          })
          .from(businessRegistrations)
          .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, businessRegistrations.planId))
          .where(eq(businessRegistrations.id, id))
      : [];
    if (!client) throw new HttpError(404, 'This client does not exist.');
    const sameEmail = (column: typeof outboxMessages.to | typeof activityLog.actorEmail) =>
      sql`lower(${column}) = lower(${client.email})`;

    const [bills, mails, delivery, steps, entries] = await Promise.all([
      db
        .select()
        .from(invoices)
        .where(eq(invoices.registrationId, id))
        .orderBy(desc(invoices.attemptedAt))
        .limit(TIMELINE_LIMIT),
      db
        .select({ at: outboxMessages.createdAt, subject: outboxMessages.subject })
        .from(outboxMessages)
        .where(sameEmail(outboxMessages.to))
        .orderBy(desc(outboxMessages.createdAt))
        .limit(TIMELINE_LIMIT),
      db.select().from(clientDelivery).where(eq(clientDelivery.registrationId, id)),
      db
        .select({
          at: projectEvents.at,
          kind: projectEvents.kind,
          track: projectMilestones.track,
          stage: projectMilestones.stage,
        })
        .from(projectEvents)
        .innerJoin(projects, eq(projects.id, projectEvents.projectId))
        .leftJoin(projectMilestones, eq(projectMilestones.id, projectEvents.milestoneId))
        .where(eq(projects.registrationId, id))
        .orderBy(desc(projectEvents.at))
        .limit(TIMELINE_LIMIT),
      db
        .select()
        .from(activityLog)
        .where(
          or(
            eq(activityLog.subject, `client:${id}`),
            sql`${activityLog.detail}->>'id' = ${id}`,
            sql`${activityLog.detail}->>'registrationId' = ${id}`,
            and(sameEmail(activityLog.actorEmail), sql`${activityLog.action} not like 'sign-%'`),
          ),
        )
        .orderBy(desc(activityLog.at))
        .limit(TIMELINE_LIMIT),
    ]);

    const items: TimelineItem[] = [
      {
        at: client.createdAt.toISOString(),
        kind: 'registered',
        text: `Registered for the ${client.plan} plan`,
      },
      ...bills.map((b): TimelineItem => {
        const amount = money(b.amountCents, b.currency);
        const text =
          b.status === 'paid'
            ? `Paid ${amount} (${b.number})`
            : b.status === 'refunded'
              ? `Refunded ${money(b.refundedCents, b.currency)} of ${amount} (${b.number})`
              : `Payment of ${amount} declined (${b.number})${b.failureMessage ? `: ${b.failureMessage}` : ''}`;
        return { at: b.attemptedAt.toISOString(), kind: 'payment', text };
      }),
      ...mails.map((m): TimelineItem => ({
        at: m.at.toISOString(),
        kind: 'email',
        text: `E-mailed “${m.subject}”`,
      })),
      ...delivery.flatMap((d): TimelineItem[] =>
        d.contactedAt && d.contactMethod
          ? [
              {
                at: d.contactedAt.toISOString(),
                kind: 'contact',
                text: `First contact by ${CONTACT_WAYS[d.contactMethod]}${d.contactedByName ? ` (${d.contactedByName})` : ''}${d.contactNote ? `: ${d.contactNote}` : ''}`,
              },
            ]
          : [],
      ),
      ...steps.map((s): TimelineItem => ({
        at: s.at.toISOString(),
        kind: 'project',
        text: s.track
          ? `${TRACKS[s.track] ?? s.track} · ${s.stage} ${PROJECT_STEPS[s.kind] ?? s.kind}`
          : `Project ${PROJECT_STEPS[s.kind] ?? s.kind}`,
      })),
      ...entries.map((e): TimelineItem => ({
        at: e.at.toISOString(),
        kind: 'activity',
        entry: {
          id: e.id,
          at: e.at.toISOString(),
          actorEmail: e.actorEmail,
          action: e.action,
          subject: e.subject,
          detail: e.detail,
          ipAddress: e.ipAddress,
        },
      })),
    ];
    // At the same instant (a registration and its checkout e-mail), the registration comes first in time.
    const last = (i: TimelineItem) => (i.kind === 'registered' ? 1 : 0);
    items.sort((a, b) => b.at.localeCompare(a.at) || last(a) - last(b));
    return { items: items.slice(0, TIMELINE_LIMIT) };
  };
}
