-- A wallet's accounting entries (`GET /v1/accounting-entries/{entityId}` and the list's msWalletId / tspWalletId filters)
-- found the wallet's vouchers among every voucher of its TSP (`vouchers_tsp_idx`, then each row read and dropped):
-- the more the TSP posts, the slower one wallet's entries. A TSP's account vouchers name no wallet, so only the
-- vouchers that name one are kept, in posting order (the list's default sort).
CREATE INDEX IF NOT EXISTS "vouchers_ms_wallet_idx" ON "vouchers" USING btree ("ms_wallet_id","posted_at") WHERE "ms_wallet_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vouchers_tsp_wallet_idx" ON "vouchers" USING btree ("tsp_wallet_id","posted_at") WHERE "tsp_wallet_id" IS NOT NULL;
