import { and, desc, eq, exists, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { TrackKind } from '../../../contract/projects/projects.js';
import type { Db } from '../../db/client.js';
import {
  invoices,
  projectMilestones,
  projects,
  projectSocialMonths,
  projectTracks,
  subscriptionPlans,
  subscriptions,
} from '../../db/schema.js';
import { localDate } from '../../lib/zoned-time.js';
import {
  FIRST_MONTHS_PLANNED,
  firstMilestones,
  firstSocialMonths,
  tracksOfPlan,
} from './tracks.js';

/**
 * A project follows its client's subscription rather than being told of each change
 * (docs/decisions/039): the client's newest subscription that was ever paid decides whether there
 * is a project, its tracks (the plan) and whether it is archived (cancelled). First payments,
 * upgrades, downgrades taking effect, cancellations by the client, the team or Stripe all land in
 * `subscriptions`; reading the project (the client's page, the board) brings it in line first.
 */
export async function syncProjects(
  db: Db,
  timeZone: string,
  registrationId?: string,
): Promise<number> {
  const firstPaidAt = sql<Date | string>`(select min(${invoices.attemptedAt}) from ${invoices}
    where ${invoices.subscriptionId} = ${subscriptions.id} and ${invoices.kind} = 'first')`;
  const latest = await db
    .selectDistinctOn([subscriptions.registrationId], {
      registrationId: subscriptions.registrationId,
      subscriptionId: subscriptions.id,
      planId: subscriptions.planId,
      canceled: sql<boolean>`${subscriptions.status} = 'canceled'`,
      projectSubscriptionId: projects.subscriptionId,
      projectPlanId: projects.planId,
      archived: sql<boolean>`${projects.archivedAt} is not null`,
    })
    .from(subscriptions)
    .leftJoin(projects, eq(projects.registrationId, subscriptions.registrationId))
    .where(
      and(
        isNotNull(subscriptions.registrationId),
        registrationId ? eq(subscriptions.registrationId, registrationId) : undefined,
        exists(
          db
            .select({ one: sql`1` })
            .from(invoices)
            .where(and(eq(invoices.subscriptionId, subscriptions.id), eq(invoices.kind, 'first'))),
        ),
      ),
    )
    .orderBy(subscriptions.registrationId, desc(subscriptions.createdAt));
  const stale = latest.filter(
    (row) =>
      row.projectSubscriptionId !== row.subscriptionId ||
      row.projectPlanId !== row.planId ||
      row.archived !== row.canceled,
  );
  for (const row of stale) {
    const [facts] = await db
      .select({ features: subscriptionPlans.features, firstPaidAt })
      .from(subscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
      .where(eq(subscriptions.id, row.subscriptionId));
    if (!facts) continue;
    const start = localDate(new Date(facts.firstPaidAt ?? Date.now()), timeZone);
    await db.transaction((tx) =>
      bringInLine(tx, {
        registrationId: row.registrationId!,
        subscriptionId: row.subscriptionId,
        planId: row.planId,
        canceled: row.canceled,
        tracks: tracksOfPlan(facts.features),
        start,
      }),
    );
  }
  return stale.length;
}

async function bringInLine(
  tx: Db,
  p: {
    registrationId: string;
    subscriptionId: string;
    planId: number;
    canceled: boolean;
    tracks: TrackKind[];
    start: ReturnType<typeof localDate>;
  },
) {
  const now = new Date();
  await tx
    .insert(projects)
    .values({
      registrationId: p.registrationId,
      subscriptionId: p.subscriptionId,
      planId: p.planId,
      archivedAt: p.canceled ? now : null,
    })
    .onConflictDoUpdate({
      target: projects.registrationId,
      set: {
        subscriptionId: p.subscriptionId,
        planId: p.planId,
        archivedAt: p.canceled ? sql`coalesce(${projects.archivedAt}, now())` : null,
      },
    });
  const [project] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.registrationId, p.registrationId))
    .for('update');
  const projectId = project!.id;
  for (const kind of p.tracks) {
    const added = await tx
      .insert(projectTracks)
      .values({ projectId, kind })
      .onConflictDoNothing()
      .returning({ kind: projectTracks.kind });
    if (added.length === 0) continue;
    if (kind === 'social')
      await tx
        .insert(projectSocialMonths)
        .values(
          firstSocialMonths(p.start).map((month) => ({
            projectId,
            month,
            planned: FIRST_MONTHS_PLANNED,
          })),
        )
        .onConflictDoNothing();
    else
      await tx
        .insert(projectMilestones)
        .values(firstMilestones(kind, p.start).map((m) => ({ ...m, projectId })));
  }
  // A service the plan has again comes back with its work; one it lost is kept, set aside.
  if (p.tracks.length > 0)
    await tx
      .update(projectTracks)
      .set({ removedAt: null })
      .where(
        and(
          eq(projectTracks.projectId, projectId),
          inArray(projectTracks.kind, p.tracks),
          isNotNull(projectTracks.removedAt),
        ),
      );
  await tx
    .update(projectTracks)
    .set({ removedAt: now })
    .where(
      and(
        eq(projectTracks.projectId, projectId),
        isNull(projectTracks.removedAt),
        p.tracks.length > 0 ? notInArray(projectTracks.kind, p.tracks) : undefined,
      ),
    );
}
