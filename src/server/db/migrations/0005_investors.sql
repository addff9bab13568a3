CREATE TABLE "investor_facets" (
	"investor_id" uuid NOT NULL,
	"facet" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "investor_facets" ADD CONSTRAINT "investor_facets_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "investor_facets_page_idx" ON "investor_facets" USING btree ("facet","name","investor_id");--> statement-breakpoint
CREATE INDEX "investor_facets_investor_idx" ON "investor_facets" USING btree ("investor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "investors_source_idx" ON "investors" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "investors_name_idx" ON "investors" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "investors_stages_idx" ON "investors" USING gin ("stages");--> statement-breakpoint
CREATE INDEX "investors_industries_idx" ON "investors" USING gin ("industries");--> statement-breakpoint
CREATE INDEX "investors_search_idx" ON "investors" USING gin (to_tsvector('simple', "search_text"));