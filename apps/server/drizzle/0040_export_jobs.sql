-- Statement exports too large to answer at once run as jobs: any server process claims a queued job (FOR UPDATE
-- SKIP LOCKED, as the payout rail's outbox), keeps heartbeat_at fresh while it writes, and marks it READY with its
-- file. A job whose process died (its heartbeat stale) is claimed again and written anew; only the claim that
-- still holds it may finish it, so a job is never done twice. A ready file expires and is removed.
CREATE TABLE IF NOT EXISTS "export_jobs" (
  "id" text PRIMARY KEY,
  "owner_org_id" text,
  "owner_user_id" text NOT NULL,
  "scope_kind" text,
  "scope_id" text,
  "kind" text NOT NULL,
  "format" text NOT NULL,
  "report_name" text NOT NULL,
  "parameters" jsonb NOT NULL,
  "status" text NOT NULL DEFAULT 'QUEUED',
  "lines_expected" integer NOT NULL DEFAULT 0,
  "lines_done" integer NOT NULL DEFAULT 0,
  "file_name" text,
  "size" bigint,
  "error" text,
  "attempts" integer NOT NULL DEFAULT 0,
  "claimed_by" text,
  "heartbeat_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "finished_at" timestamp with time zone,
  "expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "export_jobs_queue_idx" ON "export_jobs" USING btree ("status", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "export_jobs_owner_idx" ON "export_jobs" USING btree ("owner_org_id", "created_at");
