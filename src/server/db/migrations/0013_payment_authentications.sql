-- Idempotent (IF NOT EXISTS, duplicate constraints ignored): this migration once had an earlier
-- `when` than 0012 in the journal, so drizzle skipped it on databases upgraded from 0012; with its
-- `when` corrected it runs again on databases that had it, and must change nothing there.
CREATE TABLE IF NOT EXISTS "payment_authentications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"plan_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"client_secret" text NOT NULL,
	"provider_payment_id" text,
	"provider_invoice_id" text,
	"status" text DEFAULT 'requires_action' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_authentications_client_secret_unique" UNIQUE("client_secret")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN IF NOT EXISTS "secret_text" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN IF NOT EXISTS "secret_html" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN IF NOT EXISTS "billing" boolean DEFAULT false;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "payment_authentications" ADD CONSTRAINT "payment_authentications_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "payment_authentications" ADD CONSTRAINT "payment_authentications_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_authentications_subscription_idx" ON "payment_authentications" USING btree ("subscription_id","status");