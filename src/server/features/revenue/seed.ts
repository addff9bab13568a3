import type { Db } from '../../db/client.js';
import { applications, payments } from '../../db/schema.js';
import { DEMO_APPLICATIONS, demoPayments } from './demo-ledger.js';

/** Adds the demo applications and their sales of the last 60 days (test money). */
export async function seedDemoLedger(db: Db): Promise<void> {
  await db
    .insert(applications)
    .values(DEMO_APPLICATIONS.map((a) => ({ ...a, isDemo: true })))
    .onConflictDoNothing();
  const rows = demoPayments(new Date()).map((p) => ({
    ...p,
    provider: 'test' as const,
    currency: 'usd',
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(payments)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
}
