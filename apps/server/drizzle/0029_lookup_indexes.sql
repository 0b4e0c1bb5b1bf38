-- Indexes for lookups that read a whole table (each found by explaining the query over a large synthetic ledger):
-- a wallet's deal positions read every tenant's transactions to find the wallet's (46-62 ms at 100,000 transactions);
-- the approvals list ordered every transaction event by time (115 ms at 300,000 events: 1.2 ms with the index);
-- a pricing follower asked for the market rates newer than it has seen by walking every rate of the history;
-- a TSP's payments in date order sorted all its payments (the existing index has the status between).
CREATE INDEX IF NOT EXISTS "transactions_v2_source_wallet" ON "transactions_v2" USING btree ("source_wallet_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_v2_target_wallet" ON "transactions_v2" USING btree ("target_wallet_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transaction_events_at" ON "transaction_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_history_as_of" ON "rate_history" USING btree ("as_of");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_sp_created_idx" ON "payments" USING btree ("service_provider_id","created_at","id");
