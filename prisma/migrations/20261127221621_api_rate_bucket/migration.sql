-- The API's rate limit becomes a token bucket kept as one instant per key (GCRA, lib/api/rate-limit.ts): "tat" is
-- when the key's bucket is full again; "allowed" says whether the last request was let through. The fixed window's
-- start and count go.
ALTER TABLE "ApiRateWindow" RENAME COLUMN "windowStart" TO "tat";
ALTER TABLE "ApiRateWindow" DROP COLUMN "count";
ALTER TABLE "ApiRateWindow" ADD COLUMN "allowed" BOOLEAN NOT NULL DEFAULT true;
