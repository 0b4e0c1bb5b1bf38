-- Partner onboarding as a status flow with four eyes: who sent a record for authorisation (the checker must
-- be someone else), and every step of every record with who took it, when and why.
ALTER TABLE "partner_onboardings" ADD COLUMN "submitted_by" text;
--> statement-breakpoint
ALTER TABLE "partner_onboardings" ADD COLUMN "submitted_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "partner_onboarding_events" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL REFERENCES "partner_onboardings" ("id"),
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" text,
	"remarks" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "partner_onboarding_events_partner_idx" ON "partner_onboarding_events" ("partner_id", "at", "id");
--> statement-breakpoint
-- Records made before the history was kept start it with their creation.
INSERT INTO "partner_onboarding_events" ("id", "partner_id", "from_status", "to_status", "actor_id", "at")
SELECT 'created-' || "id", "id", NULL, 'NEW', "created_by", "created_at" FROM "partner_onboardings";
