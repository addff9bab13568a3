CREATE TABLE IF NOT EXISTS "site_monitors" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'unknown' NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_status" integer,
	"last_ttfb_ms" integer,
	"last_error" text,
	"certificate_expires_at" timestamp with time zone,
	"certificate_warned_for" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "site_outages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"request_id" text,
	"request_claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "site_uptime_days" (
	"registration_id" uuid NOT NULL,
	"day" date NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"up" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_uptime_days_registration_id_day_pk" PRIMARY KEY("registration_id","day")
);
--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "site_monitors" ADD CONSTRAINT "site_monitors_registration_id_business_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."business_registrations"("id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "site_outages" ADD CONSTRAINT "site_outages_registration_id_site_monitors_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."site_monitors"("registration_id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "site_uptime_days" ADD CONSTRAINT "site_uptime_days_registration_id_site_monitors_registration_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."site_monitors"("registration_id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "site_monitors_next_check_at_idx" ON "site_monitors" USING btree ("next_check_at");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "site_outages_one_open_idx" ON "site_outages" USING btree ("registration_id") WHERE "site_outages"."ended_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "site_outages_registration_started_idx" ON "site_outages" USING btree ("registration_id","started_at");