-- AlterTable
ALTER TABLE "Batch" ADD COLUMN     "escalateAfterMinutes" INTEGER,
ADD COLUMN     "escalatesBatchId" UUID,
ADD COLUMN     "escalationRepeat" INTEGER,
ADD COLUMN     "escalationText" TEXT,
ADD COLUMN     "escalationVoice" INTEGER;

-- AlterTable
ALTER TABLE "DispatchChunk" ADD COLUMN     "escalateAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "Escalation" (
    "parentMessageId" BIGINT NOT NULL,
    "childMessageId" BIGINT NOT NULL,
    "childBatchId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Escalation_pkey" PRIMARY KEY ("parentMessageId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Escalation_childMessageId_key" ON "Escalation"("childMessageId");

-- CreateIndex
CREATE UNIQUE INDEX "Batch_escalatesBatchId_key" ON "Batch"("escalatesBatchId");

-- CreateIndex
CREATE INDEX "DispatchChunk_escalateAt_idx" ON "DispatchChunk"("escalateAt");

-- AddForeignKey
ALTER TABLE "Batch" ADD CONSTRAINT "Batch_escalatesBatchId_fkey" FOREIGN KEY ("escalatesBatchId") REFERENCES "Batch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: the product's bounds on the deadline, whatever writes the row (docs/escalation.md).
ALTER TABLE "Batch" ADD CONSTRAINT "Batch_escalateAfterMinutes_range" CHECK ("escalateAfterMinutes" BETWEEN 5 AND 1440);
