-- A statement filtered by side (debits only, credits only) seeks its wallet's lines of that side in
-- date order, instead of walking every line of the wallet and dropping the other side: a wallet of a
-- million credits answers "debits since January" from the index's first entry.
CREATE INDEX IF NOT EXISTS "voucher_lines_wallet_bucket_side_posted_idx" ON "voucher_lines" USING btree ("wallet_id","bucket","debit_or_credit","posted_at","id");
