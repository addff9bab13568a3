import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { invoices } from '../../db/schema.js';

export type NewInvoice = Omit<typeof invoices.$inferInsert, 'number'>;

/** Stores an invoice under the next number of the shared sequence ('INV-001001'), so every instance agrees. */
export async function insertInvoice(tx: Db, row: NewInvoice): Promise<typeof invoices.$inferSelect> {
  const [invoice] = await tx
    .insert(invoices)
    .values({ ...row, number: sql`'INV-' || lpad(nextval('invoice_numbers')::text, 6, '0')` })
    .returning();
  return invoice!;
}
