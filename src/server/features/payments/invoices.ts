import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invoices, type subscriptions } from '../../db/schema.js';

export type NewInvoice = Omit<typeof invoices.$inferInsert, 'number'>;

/** Stores an invoice under the next number of the shared sequence ('INV-001001'), so every instance agrees. */
export async function insertInvoice(
  tx: Db,
  row: NewInvoice,
): Promise<typeof invoices.$inferSelect> {
  const [invoice] = await tx
    .insert(invoices)
    .values({ ...row, number: sql`'INV-' || lpad(nextval('invoice_numbers')::text, 6, '0')` })
    .returning();
  return invoice!;
}

/** What an invoice of a subscription takes from it: whose it is, the plan and the card it was charged to. */
export function invoiceOf(
  sub: Pick<
    typeof subscriptions.$inferSelect,
    'id' | 'registrationId' | 'planId' | 'cardBrand' | 'cardLast4'
  >,
) {
  return {
    subscriptionId: sub.id,
    registrationId: sub.registrationId,
    planId: sub.planId,
    cardBrand: sub.cardBrand,
    cardLast4: sub.cardLast4,
  };
}
