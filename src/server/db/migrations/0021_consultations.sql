CREATE TABLE IF NOT EXISTS "consultation_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"slot_minutes" integer DEFAULT 30 NOT NULL,
	"cutoff_hours" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "consultations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"registration_id" uuid NOT NULL,
	"host_employee_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"client_time_zone" text NOT NULL,
	"reminded_24h_at" timestamp with time zone,
	"reminded_1h_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "consultations_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "employee_availability" (
	"employee_id" text PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"weekly" jsonb NOT NULL,
	"days_off" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN IF NOT EXISTS "attachments" jsonb;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "consultations" ADD CONSTRAINT "consultations_registration_id_business_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."business_registrations"("id") ON DELETE no action ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "consultations" ADD CONSTRAINT "consultations_host_employee_id_user_id_fk" FOREIGN KEY ("host_employee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "employee_availability" ADD CONSTRAINT "employee_availability_employee_id_user_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "consultations_host_slot_booked_idx" ON "consultations" USING btree ("host_employee_id","starts_at") WHERE "consultations"."status" = 'booked';--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "consultations_client_booked_idx" ON "consultations" USING btree ("registration_id") WHERE "consultations"."status" = 'booked';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consultations_starts_at_idx" ON "consultations" USING btree ("starts_at");