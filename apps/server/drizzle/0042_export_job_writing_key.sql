-- The storage key of the file a running export job is writing. A process killed mid-write leaves that file partial
-- and referenced by nothing; the process that takes the job over removes it before it writes the file anew.
ALTER TABLE "export_jobs" ADD COLUMN IF NOT EXISTS "writing_key" text;
