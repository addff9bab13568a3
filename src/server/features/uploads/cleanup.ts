import { and, eq, inArray, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { runOnceAcrossInstances } from '../../adapters/shared-state/schedule.js';
import type { Storage } from '../../adapters/storage/types.js';
import type { Db } from '../../db/client.js';
import { applications, portfolioItems, uploads } from '../../db/schema.js';

const HOUR_MS = 60 * 60 * 1000;
export const UNUSED_UPLOAD_MS = 24 * HOUR_MS;
const BATCH = 500;

/**
 * Removes uploads no record uses: any upload older than `olderThanMs` whose URL no application or
 * portfolio item shows (an abandoned form, a replaced or deleted logo), and on local disk also
 * links that expired unused. In a bucket an expired link may still hold a file waiting for its
 * record to be saved, so it gets the full grace period. Answers how many were removed.
 */
export async function removeUnusedUploads(
  db: Db,
  storage: Storage,
  olderThanMs = UNUSED_UPLOAD_MS,
  now = new Date(),
): Promise<number> {
  const unused = and(
    lt(uploads.createdAt, new Date(now.getTime() - olderThanMs)),
    notExists(
      db
        .select({ one: sql`1` })
        .from(applications)
        .where(eq(applications.logoUrl, uploads.publicUrl)),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(portfolioItems)
        .where(eq(portfolioItems.logoUrl, uploads.publicUrl)),
    ),
  );
  const expired: SQL | undefined =
    storage.kind === 'disk'
      ? and(eq(uploads.status, 'pending'), lt(uploads.expiresAt, now))
      : undefined;
  let removed = 0;
  for (;;) {
    const batch = db
      .select({ id: uploads.id })
      .from(uploads)
      .where(or(unused, expired))
      .limit(BATCH);
    // The row goes first, in one statement that re-checks the rule: a record saved meanwhile keeps its logo.
    const rows = await db
      .delete(uploads)
      .where(and(inArray(uploads.id, batch), or(unused, expired)))
      .returning({ objectKey: uploads.objectKey });
    for (const row of rows) await storage.remove(row.objectKey);
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

/**
 * Runs `removeUnusedUploads` every hour in the background, once across all instances (the
 * period is claimed in `job_schedule`); `stop` waits for a pass under way.
 */
export function createUploadCleanup(options: {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  async function runOnce(): Promise<void> {
    const removed = await removeUnusedUploads(options.db, options.storage);
    if (removed > 0) options.log.info({ removed }, 'unused uploads removed');
  }
  const job = runOnceAcrossInstances({
    db: options.db,
    name: 'upload-cleanup',
    everyMs: options.intervalMs ?? HOUR_MS,
    run: runOnce,
    onError: (error) => options.log.error({ err: error }, 'upload cleanup failed'),
  });
  return { start: () => job.start(), stop: () => job.stop(), onRun: job.onRun, runOnce };
}
