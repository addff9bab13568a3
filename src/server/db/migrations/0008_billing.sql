CREATE SEQUENCE "public"."invoice_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "billing_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_sign_in_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"registration_id" uuid,
	"plan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"card_brand" text,
	"card_last4" text,
	"failure_message" text,
	"payment_id" uuid,
	"provider_invoice_id" text,
	"livemode" boolean DEFAULT false NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_of_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_plan_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_exp_month" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_exp_year" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "test_card_behavior" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "failed_payment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "intro_ending_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_expiry_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_sessions" ADD CONSTRAINT "billing_sessions_registration_id_business_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."business_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_sign_in_tokens" ADD CONSTRAINT "billing_sign_in_tokens_registration_id_business_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."business_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_registration_id_business_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."business_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_subscription_idx" ON "invoices" USING btree ("subscription_id","attempted_at");--> statement-breakpoint
CREATE INDEX "invoices_registration_idx" ON "invoices" USING btree ("registration_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_scheduled_plan_id_subscription_plans_id_fk" FOREIGN KEY ("scheduled_plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_due_idx" ON "subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
UPDATE "subscriptions" AS s SET "card_brand" = pi."card_brand", "card_last4" = pi."card_last4" FROM "payment_intents" AS pi WHERE pi."subscription_id" = s."id" AND pi."status" = 'succeeded' AND pi."card_last4" IS NOT NULL;--> statement-breakpoint
INSERT INTO "invoices" ("number", "subscription_id", "registration_id", "plan_id", "kind", "status", "amount_cents", "currency", "period_start", "period_end", "card_brand", "card_last4", "payment_id", "livemode", "attempted_at")
SELECT 'INV-' || lpad(nextval('invoice_numbers')::text, 6, '0'), s."id", s."registration_id", s."plan_id",
  CASE WHEN p."paid_at" = (SELECT min(q."paid_at") FROM "payments" AS q WHERE q."subscription_id" = s."id") THEN 'first' ELSE 'renewal' END,
  'paid', p."amount_cents", p."currency", s."current_period_start", s."current_period_end", s."card_brand", s."card_last4", p."id", p."livemode", p."paid_at"
FROM "payments" AS p JOIN "subscriptions" AS s ON s."id" = p."subscription_id" WHERE p."amount_cents" > 0 ORDER BY p."paid_at";
