-- Hand-written (partial indexes are not in Prisma's schema language without a preview feature).
--
-- The receipts page lists receipts that matched no message, newest first, and finds them by phone. Unmatched receipts
-- are rare among millions of matched ones, so both indexes hold only them: storing a receipt adds no entry (its
-- unmatchedReason is NULL when stored), and applying one that matches leaves unmatchedReason NULL, so that update
-- stays in place (HOT) as before. Only the rare unmatched receipt pays for an index entry.
CREATE INDEX "Receipt_unmatched_id_idx" ON "Receipt" (id) WHERE "unmatchedReason" IS NOT NULL;
CREATE INDEX "Receipt_unmatched_phone_idx" ON "Receipt" (phone) WHERE "unmatchedReason" IS NOT NULL;
