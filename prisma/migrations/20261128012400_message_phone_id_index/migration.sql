-- Hand-written: one number's story (issue 38). The number's page and `GET /api/v1/messages?phone=` list a number's
-- messages newest first, a page at a time ("id below the last one shown"). The phone index becomes (phone, id): in
-- every weekly partition, a number's entries are then in id order, so a page is a short backward range of each
-- partition's index merged in id order (Merge Append), never a read and sort of every message the number ever had.
-- It replaces the (phone) index rather than joining it, so Message keeps three indexes and storing and dispatch write
-- no extra index entry per message (BENCHMARKS.md, "One number's story"); the receipts applier's uniqueId + phone
-- match reads the new index's leading column as it read the old one. Created on the partitioned table, so every
-- partition (the legacy one, every week, every week the chore creates later) gets its own; retention's DROP of a
-- week drops its index with it.
CREATE INDEX "Message_phone_id_idx" ON "Message" (phone, id);
DROP INDEX "Message_phone_idx";
