import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  BOARD_COLUMN_LIMIT,
  BOARD_COLUMNS,
  type BoardCard,
  type BoardColumnId,
  type MilestoneStatus,
  type ProjectBoard,
} from '../../../contract/projects/projects.js';
import type { Db } from '../../db/client.js';
import { businessRegistrations, projects, subscriptionPlans } from '../../db/schema.js';
import { managerFilter, managerIdOf, managerNameOf } from './manager.js';

/**
 * Every live project by the stage its website is at (the first website milestone not done), with
 * how many milestones of any track are overdue. Archived projects and tracks the plan no longer has
 * are left out. One query; the correlated parts use project_milestones_project_idx and
 * project_milestones_open_due_idx.
 */
export async function readBoard(
  db: Db,
  today: string,
  manager: string | undefined,
): Promise<ProjectBoard> {
  const current = (column: string) =>
    sql.raw(`(select m.${column} from project_milestones m
      where m.project_id = "projects"."id" and m.track = 'website' and m.status <> 'done'
      order by m.position limit 1)`);
  const rows = await db
    .select({
      projectId: projects.id,
      businessName: businessRegistrations.businessName,
      planName: subscriptionPlans.displayName,
      stage: sql<string | null>`${current('stage')}`,
      status: sql<MilestoneStatus | null>`${current('status')}`,
      dueOn: sql<string | null>`${current('due_on')}::text`,
      hasWebsite: sql<boolean>`exists (select 1 from project_tracks t
        where t.project_id = ${projects.id} and t.kind = 'website' and t.removed_at is null)`,
      overdue: sql<number>`(select count(*) from project_milestones m
        join project_tracks t on t.project_id = m.project_id and t.kind = m.track and t.removed_at is null
        where m.project_id = ${projects.id} and m.status <> 'done' and m.due_on < ${today})::int`,
      managerId: managerIdOf,
      managerName: managerNameOf,
    })
    .from(projects)
    .innerJoin(businessRegistrations, eq(businessRegistrations.id, projects.registrationId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, projects.planId))
    .where(and(isNull(projects.archivedAt), managerFilter(manager)));

  const columns = new Map<BoardColumnId, BoardCard[]>(BOARD_COLUMNS.map((c) => [c, []]));
  const managers = new Map<string, string>();
  for (const row of rows) {
    const id: BoardColumnId = !row.hasWebsite
      ? 'no-website'
      : row.stage === null
        ? 'live'
        : (row.stage as BoardColumnId);
    const overdue = Number(row.overdue);
    columns.get(id)?.push({
      projectId: row.projectId,
      businessName: row.businessName,
      planName: row.planName,
      status: row.status,
      dueOn: row.dueOn,
      overdue,
      managerId: row.managerId,
      managerName: row.managerName,
    });
    if (row.managerId) managers.set(row.managerId, row.managerName ?? row.managerId);
  }
  // Most overdue first, then the soonest due, then by name.
  const order = (a: BoardCard, b: BoardCard) =>
    b.overdue - a.overdue ||
    (a.dueOn ?? '9999').localeCompare(b.dueOn ?? '9999') ||
    a.businessName.localeCompare(b.businessName);
  return {
    columns: BOARD_COLUMNS.map((id) => {
      const cards = columns.get(id)!.sort(order);
      return { id, total: cards.length, cards: cards.slice(0, BOARD_COLUMN_LIMIT) };
    }),
    managers: [...managers].map(([id, name]) => ({ id, name })),
    today,
  };
}
