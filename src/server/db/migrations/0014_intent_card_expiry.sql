-- Idempotent (IF NOT EXISTS, duplicate constraints ignored): this migration once had an earlier
-- `when` than 0012 in the journal, so drizzle skipped it on databases upgraded from 0012; with its
-- `when` corrected it runs again on databases that had it, and must change nothing there.
ALTER TABLE "payment_intents" ADD COLUMN IF NOT EXISTS "card_exp_month" integer;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN IF NOT EXISTS "card_exp_year" integer;