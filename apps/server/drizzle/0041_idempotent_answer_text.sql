-- A replayed answer must be the first answer's bytes. jsonb stores an object with its keys re-sorted (by length,
-- then bytes), so a replay came back in another key order than the first answer; json keeps the text as written.
ALTER TABLE "idempotency_keys" ALTER COLUMN "response" TYPE json USING "response"::json;
