-- When each scheduled job last ran, whichever server process ran it: several processes share one
-- database, and a job that must run once per interval (the simulated rate feed's tick, the history
-- trim) is claimed here by the process that runs it.
CREATE TABLE IF NOT EXISTS "job_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"run_by" text
);
