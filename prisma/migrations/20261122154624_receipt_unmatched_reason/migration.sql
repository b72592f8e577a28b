-- AlterTable
ALTER TABLE "Receipt" ADD COLUMN     "unmatchedReason" TEXT;

-- CreateIndex
CREATE INDEX "DispatchChunk_batchId_lastMessageId_idx" ON "DispatchChunk"("batchId", "lastMessageId");
