ALTER TABLE "outbox_messages" ADD COLUMN IF NOT EXISTS "priority" integer DEFAULT 0 NOT NULL;
