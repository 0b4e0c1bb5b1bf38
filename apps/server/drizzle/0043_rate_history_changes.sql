-- A count of the changes to the rate history, moved by every statement that writes it (in that statement's
-- transaction). A server process holds the newest served market mids with the count it read them at, and a ledger
-- post checks the count inside its own statement: unchanged, the held mids are the history's; moved, the post writes
-- nothing and values its lines again from the history. So a post needs no read of the history of its own.
CREATE TABLE IF NOT EXISTS "rate_history_changes" (
	"id" integer PRIMARY KEY CHECK ("id" = 1),
	"changes" bigint NOT NULL
);--> statement-breakpoint
INSERT INTO "rate_history_changes" ("id", "changes") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rate_history_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "rate_history_changes" SET "changes" = "changes" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "rate_history_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rate_history"
	FOR EACH STATEMENT EXECUTE FUNCTION "rate_history_changed"();
