-- A voucher's account lines (fees, deal profit, pools, the pending-authorisation memo) name no wallet, and every read
-- of these indexes names a wallet: each account line still added an entry with a null wallet to all three, about
-- half of every post's index work (a transfer's two vouchers carry five account lines). Only wallet lines are kept;
-- PostgreSQL uses a partial index for `wallet_id = $1` and `wallet_id = any($1)` in generic plans as well.
DROP INDEX IF EXISTS "voucher_lines_wallet_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "voucher_lines_wallet_idx" ON "voucher_lines" USING btree ("wallet_id","posted_at") WHERE "wallet_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "voucher_lines_wallet_bucket_posted_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "voucher_lines_wallet_bucket_posted_idx" ON "voucher_lines" USING btree ("wallet_id","bucket","posted_at","id") WHERE "wallet_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "voucher_lines_wallet_bucket_side_posted_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "voucher_lines_wallet_bucket_side_posted_idx" ON "voucher_lines" USING btree ("wallet_id","bucket","debit_or_credit","posted_at","id") WHERE "wallet_id" IS NOT NULL;
