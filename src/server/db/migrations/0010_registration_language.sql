-- The language the client registered in ('en' | 'es'): every e-mail to them follows it (docs/decisions/015).
ALTER TABLE "business_registrations" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
