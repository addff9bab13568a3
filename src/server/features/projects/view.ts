import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  TRACK_KINDS,
  type AdminProject,
  type Milestone,
  type MilestoneTrack,
  type Project,
  type Stage,
} from '../../../contract/projects/projects.js';
import type { Db } from '../../db/client.js';
import {
  businessRegistrations,
  projectMilestones,
  projects,
  projectSocialMonths,
  projectTracks,
  subscriptionPlans,
} from '../../db/schema.js';

type MilestoneRow = typeof projectMilestones.$inferSelect;

export function milestoneView(row: MilestoneRow, today: string): Milestone {
  return {
    id: row.id,
    stage: row.stage as Stage,
    status: row.status,
    dueOn: row.dueOn,
    overdue: row.status !== 'done' && row.dueOn !== null && row.dueOn < today,
    deliverableUrl: row.deliverableUrl,
    deliverableFile:
      row.deliverableFileKey && row.deliverableFileType
        ? { contentType: row.deliverableFileType, bytes: row.deliverableFileBytes ?? 0 }
        : null,
    deliverableNote: row.deliverableNote,
    reviewComment: row.reviewComment,
    sentForReviewAt: row.sentForReviewAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** A project as its page shows it: the tracks the plan has now, in order (null: no such project). */
export async function readProject(
  db: Db,
  where: { projectId: string } | { registrationId: string },
  today: string,
): Promise<AdminProject | null> {
  const [head] = await db
    .select({
      id: projects.id,
      archivedAt: projects.archivedAt,
      dailyDigest: projects.dailyDigest,
      planName: subscriptionPlans.displayName,
      registrationId: projects.registrationId,
      businessName: businessRegistrations.businessName,
      email: businessRegistrations.email,
    })
    .from(projects)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, projects.planId))
    .innerJoin(businessRegistrations, eq(businessRegistrations.id, projects.registrationId))
    .where(
      'projectId' in where
        ? eq(projects.id, where.projectId)
        : eq(projects.registrationId, where.registrationId),
    );
  if (!head) return null;
  const [tracks, milestones, months] = await Promise.all([
    db
      .select({ kind: projectTracks.kind })
      .from(projectTracks)
      .where(and(eq(projectTracks.projectId, head.id), isNull(projectTracks.removedAt))),
    db
      .select()
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, head.id))
      .orderBy(asc(projectMilestones.track), asc(projectMilestones.position)),
    db
      .select()
      .from(projectSocialMonths)
      .where(eq(projectSocialMonths.projectId, head.id))
      .orderBy(asc(projectSocialMonths.month)),
  ]);
  const kinds = TRACK_KINDS.filter((k) => tracks.some((t) => t.kind === k));
  return {
    id: head.id,
    archived: head.archivedAt !== null,
    planName: head.planName,
    tracks: kinds,
    milestoneTracks: kinds
      .filter((k): k is MilestoneTrack => k !== 'social')
      .map((kind) => ({
        kind,
        milestones: milestones.filter((m) => m.track === kind).map((m) => milestoneView(m, today)),
      })),
    social: kinds.includes('social')
      ? months.map((m) => ({ month: m.month, planned: m.planned, published: m.published }))
      : null,
    notify: head.dailyDigest ? 'daily' : 'each',
    today,
    registrationId: head.registrationId,
    businessName: head.businessName,
    email: head.email,
  };
}

/** The client's view: the same project without what only the team needs. */
export function forClient(project: AdminProject): Project {
  const { registrationId: _r, businessName: _b, email: _e, ...rest } = project;
  return rest;
}
