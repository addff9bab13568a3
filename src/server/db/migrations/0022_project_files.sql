ALTER TABLE "project_milestones" ADD COLUMN IF NOT EXISTS "deliverable_file_key" text;--> statement-breakpoint
ALTER TABLE "project_milestones" ADD COLUMN IF NOT EXISTS "deliverable_file_type" text;--> statement-breakpoint
ALTER TABLE "project_milestones" ADD COLUMN IF NOT EXISTS "deliverable_file_bytes" integer;