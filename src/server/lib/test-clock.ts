import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appMeta } from '../db/schema.js';

/**
 * Test mode's clocks (billing, support): real time plus an offset kept in app_meta under `key`,
 * so every instance agrees and a restart keeps it. Without test mode the offset is always 0.
 */
export function createOffsetClock(db: Db, key: string, enabled: boolean) {
  async function offsetMs(): Promise<number> {
    if (!enabled) return 0;
    const [row] = await db
      .select({ value: appMeta.value })
      .from(appMeta)
      .where(eq(appMeta.key, key));
    const offset = Number(row?.value ?? 0);
    return Number.isFinite(offset) ? offset : 0;
  }
  return {
    offsetMs,
    now: async () => new Date(Date.now() + (await offsetMs())),
    /** Moves the clock forward in one statement, so two people moving it at once both count. */
    async advance(stepMs: number): Promise<void> {
      await db
        .insert(appMeta)
        .values({ key, value: String(stepMs) })
        .onConflictDoUpdate({
          target: appMeta.key,
          set: {
            value: sql`(${appMeta.value}::bigint + ${stepMs}::bigint)::text`,
            updatedAt: new Date(),
          },
        });
    },
    async reset(): Promise<void> {
      await db.delete(appMeta).where(eq(appMeta.key, key));
    },
  };
}
export type OffsetClock = ReturnType<typeof createOffsetClock>;
