-- Each wallet line keeps its bucket's running value after it, set by the post that holds the wallet
-- lock, so statements never run a window function over a wallet's whole history.
ALTER TABLE "voucher_lines" ADD COLUMN "balance_after" numeric(24, 8);--> statement-breakpoint
UPDATE "voucher_lines" AS l SET "balance_after" = r."after"
FROM (
  SELECT "id", sum(CASE WHEN "debit_or_credit" = 'C' THEN "amount_in_fc" ELSE -"amount_in_fc" END)
    OVER (PARTITION BY "wallet_id", "bucket" ORDER BY "posted_at", "id") AS "after"
  FROM "voucher_lines" WHERE "wallet_id" IS NOT NULL
) AS r
WHERE l."id" = r."id";--> statement-breakpoint
CREATE INDEX "voucher_lines_wallet_bucket_posted_idx" ON "voucher_lines" USING btree ("wallet_id","bucket","posted_at","id");
