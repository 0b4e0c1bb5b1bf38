-- Files without an owning organisation are operations' own unless marked common (templates, guides
-- every signed-in user may fetch through the common download path).
ALTER TABLE "files" ADD COLUMN "is_common" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "files" SET "is_common" = true WHERE "owner_org_id" IS NULL AND "owner_user_id" IS NULL;
