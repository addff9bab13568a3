ALTER TABLE "payment_intents" ADD COLUMN "card_exp_month" integer;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "card_exp_year" integer;