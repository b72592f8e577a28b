-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "duplicateWindowHours" INTEGER NOT NULL DEFAULT 24;

-- CreateTable
CREATE TABLE "SentText" (
    "textHash" BIGINT NOT NULL,
    "phone" TEXT NOT NULL,
    "sentAt" TIMESTAMPTZ(3) NOT NULL,
    "batchId" UUID NOT NULL,

    CONSTRAINT "SentText_pkey" PRIMARY KEY ("textHash","phone")
);

-- CreateIndex
CREATE INDEX "SentText_sentAt_idx" ON "SentText"("sentAt");
