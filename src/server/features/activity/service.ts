import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activityLog } from '../../db/schema.js';
import type { ActivityEntry, ActivityPage } from '../../../contract/activity/activity.js';

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

    async page(page: number, pageSize: number): Promise<ActivityPage> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(activityLog)
          .orderBy(desc(activityLog.at), desc(activityLog.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(activityLog),
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
      return { items, total: total!.n, page, pageSize };
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
