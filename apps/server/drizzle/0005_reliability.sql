-- File content moves from the database to the files folder: rows keep where it is and its hash.
ALTER TABLE "files" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "content" DROP NOT NULL;
