CREATE TABLE IF NOT EXISTS "support_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"uploaded_by" text NOT NULL,
	"object_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"name" text NOT NULL,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_files_object_key_unique" UNIQUE("object_key")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "support_inbound_mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"from_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"reason" text NOT NULL,
	"message_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_inbound_mail_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"via" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_messages_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "support_on_call" (
	"position" integer PRIMARY KEY NOT NULL,
	"employee_id" text NOT NULL,
	"anchor_week" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"registration_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"urgency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"reply_token" text NOT NULL,
	"assignee_id" text,
	"first_response_due_at" timestamp with time zone NOT NULL,
	"first_response_at" timestamp with time zone,
	"notified_employee_id" text,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by_id" text,
	"escalated_at" timestamp with time zone,
	"resolution" text,
	"closed_at" timestamp with time zone,
	"merged_into_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_requests_number_unique" UNIQUE("number"),
	CONSTRAINT "support_requests_reply_token_unique" UNIQUE("reply_token")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "support_saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"en" text NOT NULL,
	"es" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "support_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"weekdays" jsonb NOT NULL,
	"start" text NOT NULL,
	"end" text NOT NULL,
	"holidays" jsonb NOT NULL,
	"urgent_minutes" integer NOT NULL,
	"normal_business_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN IF NOT EXISTS "reply_to" text;
--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "support_files" ADD CONSTRAINT "support_files_registration_id_business_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."business_registrations"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;
--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_request_id_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."support_requests"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;
--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;
--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "support_on_call" ADD CONSTRAINT "support_on_call_employee_id_user_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;
--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_registration_id_business_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."business_registrations"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;
--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;
--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_notified_employee_id_user_id_fk" FOREIGN KEY ("notified_employee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;
--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_acknowledged_by_id_user_id_fk" FOREIGN KEY ("acknowledged_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_files_registration_idx" ON "support_files" USING btree ("registration_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_inbound_mail_received_idx" ON "support_inbound_mail" USING btree ("received_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_messages_request_idx" ON "support_messages" USING btree ("request_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "support_on_call_employee_idx" ON "support_on_call" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_requests_queue_idx" ON "support_requests" USING btree ("status","first_response_due_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_requests_registration_idx" ON "support_requests" USING btree ("registration_id","created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_requests_created_idx" ON "support_requests" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_requests_escalation_idx" ON "support_requests" USING btree ("created_at") WHERE urgency = 'urgent' and acknowledged_at is null and escalated_at is null;
