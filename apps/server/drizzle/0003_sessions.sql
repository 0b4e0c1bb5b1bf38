-- A session is one sign-in: access tokens name it (claim sid) and are refused once it is revoked.
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"client_ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");
--> statement-breakpoint
-- Refresh tokens of a session, stored as sha256: one is current, the rotated ones are kept to spot reuse.
CREATE TABLE "session_refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL REFERENCES "sessions"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"replaced_by" text
);
--> statement-breakpoint
CREATE INDEX "session_refresh_tokens_session_idx" ON "session_refresh_tokens" USING btree ("session_id");
--> statement-breakpoint
-- Failed sign-ins per ID and client address: the lock after 5 applies to that address only.
CREATE TABLE "sign_in_attempts" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"address" text NOT NULL,
	"failures" integer NOT NULL DEFAULT 0,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("user_id", "address")
);
--> statement-breakpoint
-- Sign-in no longer sets LOCKED: that status is an administrator's decision. An automatic lock keeps
-- only its end (locked_until), which now means the lock of the ID from every address.
UPDATE "users" SET "status" = 'ACTIVE', "failed_attempts" = 0 WHERE "status" = 'LOCKED' AND "locked_until" IS NOT NULL;
