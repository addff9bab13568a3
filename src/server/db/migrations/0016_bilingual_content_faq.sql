CREATE TABLE "faq_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"question_es" text,
	"answer_es" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portfolio_items" ADD COLUMN "description_es" text;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "description_es" text;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "features_es" jsonb DEFAULT '[]'::jsonb NOT NULL;