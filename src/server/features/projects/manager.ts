import { sql, type SQL } from 'drizzle-orm';
import { clientDelivery, projects, user } from '../../db/schema.js';

/**
 * The client's project manager as the board reads it: kickoff's `client_delivery` row of the
 * project's client (docs/decisions/036; its primary key is the registration id, so one index
 * lookup per card).
 */
export const managerIdOf: SQL<string | null> = sql<
  string | null
>`(select ${clientDelivery.projectManagerId} from ${clientDelivery} where ${clientDelivery.registrationId} = ${projects.registrationId})`;
export const managerNameOf: SQL<string | null> = sql<
  string | null
>`(select coalesce(${user.name}, ${user.email}) from ${clientDelivery} join ${user} on ${user.id} = ${clientDelivery.projectManagerId} where ${clientDelivery.registrationId} = ${projects.registrationId})`;

/** The board's `manager` filter: an employee's id, or 'none' for projects without one. */
export function managerFilter(manager: string | undefined): SQL | undefined {
  if (manager === undefined) return undefined;
  if (manager === 'none') return sql`${managerIdOf} is null`;
  return sql`${managerIdOf} = ${manager}`;
}
