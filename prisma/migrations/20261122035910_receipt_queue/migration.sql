-- DropForeignKey
ALTER TABLE "Receipt" DROP CONSTRAINT "Receipt_messageId_fkey";

-- DropIndex
DROP INDEX "Receipt_appliedAt_idx";

-- DropIndex
DROP INDEX "Receipt_messageId_idx";

-- CreateTable
CREATE TABLE "ReceiptQueue" (
    "receiptId" BIGINT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "retryAt" TIMESTAMP(3),

    CONSTRAINT "ReceiptQueue_pkey" PRIMARY KEY ("receiptId")
);

-- Hand-added: receipts stored before this migration and not yet applied (or still unmatched) join the work list.
INSERT INTO "ReceiptQueue" ("receiptId")
SELECT id FROM "Receipt"
WHERE "appliedAt" IS NULL OR ("messageId" IS NULL AND "receivedAt" > now() - interval '48 hours');
