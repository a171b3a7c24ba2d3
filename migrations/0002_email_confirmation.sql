ALTER TABLE "credentials" ADD COLUMN "email_confirmed_at" timestamp with time zone;
--> statement-breakpoint
-- Accounts that existed before e-mail confirmation were made by admins, the CLI or the seed:
-- they count as confirmed.
UPDATE "credentials" SET "email_confirmed_at" = now() WHERE "email_confirmed_at" IS NULL;
