CREATE TABLE IF NOT EXISTS "project_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"milestone_id" uuid,
	"kind" text NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "project_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"track" text NOT NULL,
	"stage" text NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'todo' NOT NULL,
	"due_on" date,
	"deliverable_url" text,
	"deliverable_note" text,
	"review_comment" text,
	"sent_for_review_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "project_social_months" (
	"project_id" uuid NOT NULL,
	"month" text NOT NULL,
	"planned" integer DEFAULT 0 NOT NULL,
	"published" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_social_months_project_id_month_pk" PRIMARY KEY("project_id","month")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "project_tracks" (
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "project_tracks_project_id_kind_pk" PRIMARY KEY("project_id","kind")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"plan_id" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"daily_digest" boolean DEFAULT false NOT NULL,
	"digest_sent_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_registration_id_unique" UNIQUE("registration_id")
);
--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "project_events" ADD CONSTRAINT "project_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "project_events" ADD CONSTRAINT "project_events_milestone_id_project_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."project_milestones"("id") ON DELETE no action ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "project_milestones" ADD CONSTRAINT "project_milestones_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "project_social_months" ADD CONSTRAINT "project_social_months_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "project_tracks" ADD CONSTRAINT "project_tracks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "projects" ADD CONSTRAINT "projects_registration_id_business_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."business_registrations"("id") ON DELETE no action ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "projects" ADD CONSTRAINT "projects_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "projects" ADD CONSTRAINT "projects_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_events_waiting_idx" ON "project_events" USING btree ("project_id","at") WHERE "project_events"."notified_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_milestones_project_idx" ON "project_milestones" USING btree ("project_id","track","position");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_milestones_open_due_idx" ON "project_milestones" USING btree ("project_id","due_on") WHERE "project_milestones"."status" <> 'done';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_archived_idx" ON "projects" USING btree ("archived_at");