-- The batch's lowest message id, so that a claim can name the weeks its messages may be in when it is planned
-- (docs/partitioning.md, "Planned, not only read"): ids only grow, so every message of the batch is in that id's
-- week's partition or a later one. Set as the batch's first recipients are stored (lib/batches/create-batch.ts) or
-- its first calls inserted (lib/escalation/escalate-due.ts); NULL while a batch has no message.
ALTER TABLE "Batch" ADD COLUMN "firstMessageId" BIGINT;

UPDATE "Batch" b SET "firstMessageId" = (SELECT min(m.id) FROM "Message" m WHERE m."batchId" = b.id);
