CREATE TABLE IF NOT EXISTS "client_delivery" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"project_manager_id" text,
	"project_manager_set_at" timestamp with time zone,
	"contacted_at" timestamp with time zone,
	"contact_method" text,
	"contact_note" text,
	"contacted_by_id" text,
	"contacted_by_name" text,
	"overdue_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "client_delivery" ADD CONSTRAINT "client_delivery_registration_id_business_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."business_registrations"("id") ON DELETE cascade ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "client_delivery" ADD CONSTRAINT "client_delivery_project_manager_id_user_id_fk" FOREIGN KEY ("project_manager_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
DO $$ BEGIN ALTER TABLE "client_delivery" ADD CONSTRAINT "client_delivery_contacted_by_id_user_id_fk" FOREIGN KEY ("contacted_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action; EXCEPTION WHEN duplicate_object THEN NULL; END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_delivery_project_manager_idx" ON "client_delivery" USING btree ("project_manager_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_delivery_contacted_at_idx" ON "client_delivery" USING btree ("contacted_at");