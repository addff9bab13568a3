import { and, isNull, sql } from 'drizzle-orm';
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

interface BoardRow {
  projectId: string;
  businessName: string;
  planName: string;
  stage: string | null;
  status: MilestoneStatus | null;
  dueOn: string | null;
  hasWebsite: boolean;
  overdue: number | string;
  managerId: string | null;
  managerName: string | null;
}

/**
 * Every live project by the stage its website is at (the first website milestone not done), with
 * how many milestones of any track are overdue. Archived projects and tracks the plan no longer has
 * are left out. One query.
 */
export async function readBoard(
  db: Db,
  today: string,
  manager: string | undefined,
): Promise<ProjectBoard> {
  // Set-based rather than per project: each part reads project_milestones once (hash joins).
  const result = await db.execute(sql`
    with open_website as (
      select distinct on (m.project_id) m.project_id, m.stage, m.status, m.due_on::text as due_on
      from project_milestones m
      where m.track = 'website' and m.status <> 'done'
      order by m.project_id, m.position
    ), overdue as (
      select m.project_id, count(*)::int as n
      from project_milestones m
      join project_tracks t on t.project_id = m.project_id and t.kind = m.track and t.removed_at is null
      where m.status <> 'done' and m.due_on < ${today}::date
      group by m.project_id
    )
    select ${projects.id} as "projectId", ${businessRegistrations.businessName} as "businessName",
      ${subscriptionPlans.displayName} as "planName", w.stage, w.status, w.due_on as "dueOn",
      (wt.project_id is not null) as "hasWebsite", coalesce(o.n, 0) as overdue,
      ${managerIdOf} as "managerId", ${managerNameOf} as "managerName"
    from ${projects}
    join ${businessRegistrations} on ${businessRegistrations.id} = ${projects.registrationId}
    join ${subscriptionPlans} on ${subscriptionPlans.id} = ${projects.planId}
    left join project_tracks wt
      on wt.project_id = ${projects.id} and wt.kind = 'website' and wt.removed_at is null
    left join open_website w on w.project_id = ${projects.id}
    left join overdue o on o.project_id = ${projects.id}
    where ${and(isNull(projects.archivedAt), managerFilter(manager))}`);
  const rows = (result as { rows: BoardRow[] }).rows;

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
