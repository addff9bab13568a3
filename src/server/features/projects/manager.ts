import { sql, type SQL } from 'drizzle-orm';
import { projects } from '../../db/schema.js';

/**
 * THE SEAM for the project manager (issue 29 §1, domain `kickoff`): the board's filter and cards
 * read a client's project manager through these two expressions only. This branch was cut before
 * kickoff was merged, so every project reads as having none. At merge, with kickoff's
 * `client_delivery.project_manager_id` (docs/decisions/036), they become:
 *   managerIdOf:   sql`(select cd.project_manager_id from client_delivery cd
 *                    where cd.registration_id = ${projects.registrationId})`
 *   managerNameOf: sql`(select coalesce(u.name, u.email) from client_delivery cd
 *                    join "user" u on u.id = cd.project_manager_id
 *                    where cd.registration_id = ${projects.registrationId})`
 * (client_delivery's primary key is registration_id: one index lookup per card).
 */
export const managerIdOf: SQL<string | null> = sql<string | null>`(null::text)`;
export const managerNameOf: SQL<string | null> = sql<string | null>`(null::text)`;

/** The board's `manager` filter: an employee's id, or 'none' for projects without one. */
export function managerFilter(manager: string | undefined): SQL | undefined {
  if (manager === undefined) return undefined;
  if (manager === 'none') return sql`${managerIdOf} is null`;
  return sql`${managerIdOf} = ${manager}`;
}

// Keeps the import a seam needs at merge (projects.registration_id) visible to the type checker.
void projects;
