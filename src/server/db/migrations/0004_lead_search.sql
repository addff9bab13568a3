CREATE TABLE "directory_businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"search_terms" text[] NOT NULL,
	"address" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"rating_tenths" integer,
	"review_count" integer,
	"website" text,
	"phone" text,
	"social_profiles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recent_posts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_businesses_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "directory_places" (
	"key" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"source_id" text NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"address" text,
	"lat" double precision,
	"lng" double precision,
	"rating_tenths" integer,
	"review_count" integer,
	"website" text,
	"phone" text,
	"social_profiles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"social_checked_at" timestamp with time zone,
	"status" text DEFAULT 'new' NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "directory_businesses_terms_idx" ON "directory_businesses" USING gin ("search_terms");--> statement-breakpoint
CREATE INDEX "directory_businesses_lat_lng_idx" ON "directory_businesses" USING btree ("lat","lng");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_source_idx" ON "leads" USING btree ("provider","source_id");--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at");