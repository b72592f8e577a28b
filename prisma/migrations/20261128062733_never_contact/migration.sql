-- Erasure's "never contact" (issue 38 item 5, lib/number-story/erase-number.ts): a forgotten number that must stay
-- suppressed is kept only as its keyed hash (HMAC-SHA256 under a key derived from TUMA_ENCRYPTION_KEY,
-- lib/crypto/number-hash.ts), checked where opt-outs are checked when a batch stores its recipients.
CREATE TABLE "NeverContact" (
    "hash" BYTEA NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NeverContact_pkey" PRIMARY KEY ("hash")
);
