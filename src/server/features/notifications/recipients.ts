import { and, asc, eq, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { user } from '../../db/schema.js';

/**
 * Who hears of what must not wait (a broken promise, an urgent request nobody picked up): the
 * team's address and every owner's (not disabled), each once whatever its case.
 */
export async function teamAndOwners(db: Db, teamEmail: string): Promise<string[]> {
  const owners = await db
    .select({ email: user.email })
    .from(user)
    .where(and(eq(user.role, 'owner'), not(eq(sql`coalesce(${user.disabled}, false)`, true))))
    .orderBy(asc(user.email));
  const seen = new Map<string, string>();
  for (const email of [teamEmail, ...owners.map((o) => o.email)])
    if (!seen.has(email.toLowerCase())) seen.set(email.toLowerCase(), email);
  return [...seen.values()];
}
