import { sql, type SQL } from 'drizzle-orm';
import { projects } from '../../db/schema.js';

/**
 * THE SEAM for the project manager (issue 29 §1, domain `kickoff`): the board's filter and cards
 * read a client's project manager through these two expressions only. Until the kickoff domain is
 * merged there is no such column, so every project reads as having none. At merge, point them at
 * kickoff's per-client manager (its employee id, and the employee's name from `user`), e.g.
 *   managerId:   (select k.manager_id from <kickoff table> k where k.registration_id = projects.registration_id)
 *   managerName: (select u.name from "user" u where u.id = <that id>)
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
