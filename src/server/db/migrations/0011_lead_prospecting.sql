CREATE TABLE "do_not_contact" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"source_id" text NOT NULL,
	"name" text NOT NULL,
	"phone_key" text,
	"website_key" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_digests" (
	"employee_id" text PRIMARY KEY NOT NULL,
	"last_sent_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "leads_created_at_idx";--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "relationship_status" text DEFAULT 'not_contacted' NOT NULL;--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "relationship_notes" text;--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "introducer" text;--> statement-breakpoint
ALTER TABLE "investors" ADD COLUMN "next_follow_up_on" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "next_follow_up_on" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_contacted_on" date;--> statement-breakpoint
ALTER TABLE "lead_digests" ADD CONSTRAINT "lead_digests_employee_id_user_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "do_not_contact_source_idx" ON "do_not_contact" USING btree ("provider","source_id");--> statement-breakpoint
CREATE INDEX "do_not_contact_phone_idx" ON "do_not_contact" USING btree ("phone_key");--> statement-breakpoint
CREATE INDEX "do_not_contact_website_idx" ON "do_not_contact" USING btree ("website_key");--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_follow_up_idx" ON "leads" USING btree ("next_follow_up_on","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_owner_follow_up_idx" ON "leads" USING btree ("created_by","next_follow_up_on");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);