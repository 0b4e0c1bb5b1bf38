-- Merchant authorization: the date an ACTIVE authorization runs out (a renewal sets a new one), and the record of
-- every decision a TSP takes on a merchant's authorization status (who, when, from what to what, and why).
ALTER TABLE "merchant_profiles" ADD COLUMN IF NOT EXISTS "authorization_expires_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "merchant_authorization_events" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_profile_id" text NOT NULL REFERENCES "merchant_profiles"("id"),
	"action" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone,
	"actor_id" text NOT NULL,
	"actor_name" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "merchant_authorization_events_profile_idx" ON "merchant_authorization_events" USING btree ("merchant_profile_id","created_at","id");
