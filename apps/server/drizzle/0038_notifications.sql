-- What needs a user's attention (the portal's notification screen and its header badge). A notification is
-- addressed to an organisation (everyone of it) or to one user of it; read state is kept per user, so one
-- colleague reading an approval request does not hide it from the others.
CREATE TABLE IF NOT EXISTS "notifications" (
  "id" text PRIMARY KEY NOT NULL,
  "org_id" text NOT NULL,
  "user_id" text,
  "kind" text NOT NULL,
  "subject_type" text NOT NULL,
  "subject_id" text NOT NULL,
  "params" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "dedupe_key" text,
  "created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The list and the unread count walk one organisation's notifications newest first.
CREATE INDEX IF NOT EXISTS "notifications_org_created" ON "notifications" USING btree ("org_id", "created_at", "id");
--> statement-breakpoint
-- An event told twice (a sweep run again, a replayed bank message) makes one notification.
CREATE UNIQUE INDEX IF NOT EXISTS "notifications_dedupe" ON "notifications" USING btree ("org_id", "dedupe_key") WHERE "dedupe_key" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "notification_reads" (
  "notification_id" text NOT NULL,
  "user_id" text NOT NULL,
  "read_at" timestamp with time zone NOT NULL,
  CONSTRAINT "notification_reads_pk" PRIMARY KEY ("notification_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notification_reads_user" ON "notification_reads" USING btree ("user_id", "notification_id");
