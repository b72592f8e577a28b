-- CreateEnum
CREATE TYPE "UploadState" AS ENUM ('STORING', 'READY');

-- CreateEnum
CREATE TYPE "UploadIssueKind" AS ENUM ('INVALID', 'DUPLICATE', 'OPTED_OUT');

-- AlterTable
ALTER TABLE "Upload" ADD COLUMN     "columns" TEXT[],
ADD COLUMN     "completedAt" TIMESTAMP(3),
ADD COLUMN     "format" TEXT NOT NULL DEFAULT 'csv',
ADD COLUMN     "optedOutCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "phoneColumn" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "state" "UploadState" NOT NULL DEFAULT 'STORING';

-- CreateTable
CREATE TABLE "UploadRecipient" (
    "uploadId" UUID NOT NULL,
    "rowNumber" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "values" TEXT NOT NULL,

    CONSTRAINT "UploadRecipient_pkey" PRIMARY KEY ("uploadId","rowNumber")
);

-- CreateTable
CREATE TABLE "UploadIssue" (
    "uploadId" UUID NOT NULL,
    "kind" "UploadIssueKind" NOT NULL,
    "rowNumber" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "firstRow" INTEGER,

    CONSTRAINT "UploadIssue_pkey" PRIMARY KEY ("uploadId","kind","rowNumber")
);

-- CreateIndex
CREATE INDEX "Upload_state_createdAt_idx" ON "Upload"("state", "createdAt");
