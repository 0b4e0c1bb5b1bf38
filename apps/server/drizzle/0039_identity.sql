-- Forgot password: a reset link is one of these, stored as sha256 (a copy of the table resets nobody's
-- password). Single use (used_at), short-lived (expires_at); a newer request or a reset ends the others.
CREATE TABLE IF NOT EXISTS "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");
--> statement-breakpoint
-- Mail Corridor has to send (password reset links), for a mail relay to pick up; the demo start also
-- writes each one to its log.
CREATE TABLE IF NOT EXISTS "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text REFERENCES "users"("id") ON DELETE CASCADE,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id");
--> statement-breakpoint
-- The user's setting PROFILE_TIME_ZONE (an IANA zone): every date of the portal is shown in it; null
-- means the browser's own zone.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "time_zone" text;
