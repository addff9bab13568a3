CREATE TABLE "investors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"firm" text,
	"location" text,
	"profile_photo" text,
	"linkedin_url" text,
	"email" text,
	"linkedin_connections" integer,
	"network_value" text,
	"expertise" text[] DEFAULT '{}'::text[] NOT NULL,
	"portfolio_companies" text[] DEFAULT '{}'::text[] NOT NULL,
	"investment_range" text,
	"portfolio_size" integer,
	"stages" text[] DEFAULT '{}'::text[] NOT NULL,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investors_linkedin_url_unique" UNIQUE("linkedin_url")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "investors_source_idx" ON "investors" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "investors_name_idx" ON "investors" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "investors_stages_idx" ON "investors" USING gin ("stages");--> statement-breakpoint
CREATE INDEX "investors_industries_idx" ON "investors" USING gin ("industries");--> statement-breakpoint
CREATE INDEX "investors_search_idx" ON "investors" USING gin (to_tsvector('simple', "search_text"));