import { planProductId } from '../../adapters/payments/types.js';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema.js';

type LedgerRow = Omit<typeof payments.$inferInsert, 'productId'> & { planName: string | undefined };

/** One ledger row per provider payment: its id, or null when it was booked before (unique index). */
export async function bookLedgerRow(
  tx: Db,
  { planName, ...row }: LedgerRow,
): Promise<string | null> {
  const booked = await tx
    .insert(payments)
    .values({ ...row, productId: planName ? planProductId(planName) : null })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  return booked[0]?.id ?? null;
}

/** A one-off sale of an application (no plan): booked once per provider payment (unique index). */
export async function bookProductSale(tx: Db, row: typeof payments.$inferInsert): Promise<void> {
  await tx.insert(payments).values(row).onConflictDoNothing();
}
