import { and, asc, count, desc, eq, gt, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activityLog } from '../../db/schema.js';
import type {
  ActivityEntry,
  ActivityPage,
  ActivityQuery,
} from '../../../contract/activity/activity.js';

export interface ActivityRecord {
  employeeId?: string | null;
  actorEmail?: string | null;
  action: string;
  subject?: string | null;
  detail?: Record<string, unknown> | null;
  ipAddress?: string | null;
}

export const SIGN_IN_FAILED = 'sign-in.failed';
export const SIGN_IN = 'sign-in';

const DAY_MS = 86_400_000;

/** The WHERE of the filters: the type, the employee's e-mail (any case), whole UTC days. */
function activityFilters(query: ActivityQuery): SQL[] {
  const where: SQL[] = [];
  if (query.type) where.push(eq(activityLog.action, query.type));
  if (query.employee)
    where.push(sql`lower(${activityLog.actorEmail}) = ${query.employee.toLowerCase()}`);
  if (query.from) where.push(gte(activityLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to)
    where.push(lt(activityLog.at, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  return where;
}

/** The activity log: written by the auth bridge and the employee-only guard, read in settings. */
export function createActivityLog(db: Db) {
  return {
    async record(entry: ActivityRecord): Promise<void> {
      await db.insert(activityLog).values({
        employeeId: entry.employeeId ?? null,
        actorEmail: entry.actorEmail?.slice(0, 320) ?? null,
        action: entry.action,
        subject: entry.subject ?? null,
        detail: entry.detail ?? null,
        ipAddress: entry.ipAddress ?? null,
      });
    },

    async page(query: ActivityQuery, pageSize: number): Promise<ActivityPage> {
      const { page } = query;
      const where = and(...activityFilters(query));
      const [rows, [total], actors] = await Promise.all([
        db
          .select()
          .from(activityLog)
          .where(where)
          .orderBy(desc(activityLog.at), desc(activityLog.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(activityLog).where(where),
        db
          .selectDistinct({ email: activityLog.actorEmail })
          .from(activityLog)
          .where(and(isNotNull(activityLog.actorEmail), isNotNull(activityLog.employeeId)))
          .orderBy(asc(activityLog.actorEmail))
          .limit(500),
      ]);
      const items: ActivityEntry[] = rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actorEmail: r.actorEmail,
        action: r.action,
        subject: r.subject,
        detail: r.detail,
        ipAddress: r.ipAddress,
      }));
      return {
        items,
        total: total!.n,
        page,
        pageSize,
        employees: actors.map((a) => a.email!),
      };
    },

    /**
     * Failed sign-ins of one account within the window and since its last successful sign-in
     * (the per-account brute-force limit; per-address limits live in Better Auth).
     */
    async recentFailures(email: string, windowMs: number): Promise<number> {
      const since = new Date(Date.now() - windowMs);
      const lastSuccess = db
        .select({ at: sql`max(${activityLog.at})` })
        .from(activityLog)
        .where(
          and(
            eq(activityLog.actorEmail, email),
            eq(activityLog.action, SIGN_IN),
            gt(activityLog.at, since),
          ),
        );
      const [row] = await db
        .select({ n: count() })
        .from(activityLog)
        .where(
          and(
            eq(activityLog.actorEmail, email),
            eq(activityLog.action, SIGN_IN_FAILED),
            gt(activityLog.at, since),
            sql`${activityLog.at} > coalesce((${lastSuccess}), '-infinity'::timestamptz)`,
          ),
        );
      return row!.n;
    },
  };
}
export type ActivityLog = ReturnType<typeof createActivityLog>;
