CREATE TABLE "website_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"source_id" text NOT NULL,
	"name" text NOT NULL,
	"website" text NOT NULL,
	"status" text NOT NULL,
	"score" integer,
	"message" text,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"final_url" text,
	"response_ms" integer,
	"page_bytes" integer,
	"checked_by" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "website_checks_source_idx" ON "website_checks" USING btree ("provider","source_id");