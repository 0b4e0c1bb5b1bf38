-- Each wallet line keeps its bucket's running value after it, set by the post that holds the wallet
-- lock, so statements never run a window function over a wallet's whole history. Posting order is
-- id order: line ids are time-ordered and made while the post holds the wallet lock.
ALTER TABLE "voucher_lines" ADD COLUMN "balance_after" numeric(24, 8);--> statement-breakpoint
UPDATE "voucher_lines" AS l SET "balance_after" = r."after"
FROM (
  SELECT "id", sum(CASE WHEN "debit_or_credit" = 'C' THEN "amount_in_fc" ELSE -"amount_in_fc" END)
    OVER (PARTITION BY "wallet_id", "bucket" ORDER BY "id") AS "after"
  FROM "voucher_lines" WHERE "wallet_id" IS NOT NULL
) AS r
WHERE l."id" = r."id";--> statement-breakpoint
CREATE INDEX "voucher_lines_wallet_bucket_posted_idx" ON "voucher_lines" USING btree ("wallet_id","bucket","posted_at","id");
--> statement-breakpoint
-- Balance lines are numbered per wallet in posting order (1, 2, ...) and the position counts them, so
-- page N of a statement is a range of numbers, found through the index at any depth, and the total
-- is read, not counted.
ALTER TABLE "voucher_lines" ADD COLUMN "wallet_seq" bigint;--> statement-breakpoint
ALTER TABLE "wallet_positions" ADD COLUMN "balance_lines" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "voucher_lines" AS l SET "wallet_seq" = r."seq"
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "wallet_id" ORDER BY "id") AS "seq"
  FROM "voucher_lines" WHERE "wallet_id" IS NOT NULL AND "bucket" = 'balance'
) AS r
WHERE l."id" = r."id";--> statement-breakpoint
UPDATE "wallet_positions" AS p SET "balance_lines" = c."n"
FROM (SELECT "wallet_id", count(*) AS "n" FROM "voucher_lines" WHERE "bucket" = 'balance' GROUP BY "wallet_id") AS c
WHERE p."wallet_id" = c."wallet_id";--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_lines_wallet_seq_uq" ON "voucher_lines" USING btree ("wallet_id","wallet_seq") WHERE "wallet_seq" IS NOT NULL;
