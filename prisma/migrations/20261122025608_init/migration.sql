-- CreateEnum
CREATE TYPE "Role" AS ENUM ('ADMIN', 'OPERATOR', 'VIEWER');

-- CreateEnum
CREATE TYPE "BatchKind" AS ENUM ('SMS', 'VOICE');

-- CreateEnum
CREATE TYPE "BatchState" AS ENUM ('SCHEDULED', 'QUEUED', 'SENDING', 'PAUSED', 'COMPLETED', 'CANCELLED', 'FAILED');

-- CreateEnum
CREATE TYPE "MessageState" AS ENUM ('PENDING', 'QUEUED', 'DELIVERED', 'ANSWERED', 'FAILED', 'REJECTED', 'UNKNOWN', 'CANCELLED', 'SUPPRESSED');

-- CreateEnum
CREATE TYPE "ChunkState" AS ENUM ('PENDING', 'SUBMITTING', 'DONE', 'CANCELLED');

-- CreateTable
CREATE TABLE "User" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'OPERATOR',
    "disabledAt" TIMESTAMP(3),
    "lastLoginAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStart" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),

    CONSTRAINT "LoginThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "ProviderAccount" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "baseUrl" TEXT NOT NULL,
    "tokenCiphertext" TEXT NOT NULL,
    "tokenLast4" TEXT NOT NULL,
    "defaultSender" TEXT NOT NULL,
    "defaultOriginator" TEXT NOT NULL,
    "receiptSecret" TEXT NOT NULL,
    "requestsPerSecond" INTEGER NOT NULL DEFAULT 120,
    "batchSizeLimit" INTEGER NOT NULL DEFAULT 100,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProviderAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Batch" (
    "id" UUID NOT NULL,
    "kind" "BatchKind" NOT NULL,
    "name" TEXT NOT NULL,
    "accountId" UUID NOT NULL,
    "authorId" UUID,
    "parentBatchId" UUID,
    "templateText" TEXT NOT NULL,
    "sender" TEXT,
    "originator" TEXT,
    "voice" INTEGER,
    "repeat" INTEGER,
    "linkId" TEXT,
    "scheduledAt" TIMESTAMP(3),
    "state" "BatchState" NOT NULL DEFAULT 'QUEUED',
    "pauseReason" TEXT,
    "error" TEXT,
    "recipientCount" INTEGER NOT NULL DEFAULT 0,
    "smsUnits" INTEGER NOT NULL DEFAULT 0,
    "storing" BOOLEAN NOT NULL DEFAULT false,
    "pendingCount" INTEGER NOT NULL DEFAULT 0,
    "queuedCount" INTEGER NOT NULL DEFAULT 0,
    "deliveredCount" INTEGER NOT NULL DEFAULT 0,
    "answeredCount" INTEGER NOT NULL DEFAULT 0,
    "failedCount" INTEGER NOT NULL DEFAULT 0,
    "rejectedCount" INTEGER NOT NULL DEFAULT 0,
    "unknownCount" INTEGER NOT NULL DEFAULT 0,
    "cancelledCount" INTEGER NOT NULL DEFAULT 0,
    "suppressedCount" INTEGER NOT NULL DEFAULT 0,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Batch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Message" (
    "id" BIGSERIAL NOT NULL,
    "batchId" UUID NOT NULL,
    "phone" TEXT NOT NULL,
    "text" TEXT,
    "providerUniqueId" TEXT,
    "providerBatchId" TEXT,
    "operator" TEXT,
    "smsUnits" INTEGER,
    "state" "MessageState" NOT NULL DEFAULT 'PENDING',
    "deliveryStatus" TEXT,
    "receiptAt" TIMESTAMP(3),
    "submittedAt" TIMESTAMP(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DispatchChunk" (
    "id" BIGSERIAL NOT NULL,
    "batchId" UUID NOT NULL,
    "firstMessageId" BIGINT NOT NULL,
    "lastMessageId" BIGINT NOT NULL,
    "size" INTEGER NOT NULL,
    "state" "ChunkState" NOT NULL DEFAULT 'PENDING',
    "workerKey" INTEGER,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claimedAt" TIMESTAMP(3),
    "lastError" TEXT,

    CONSTRAINT "DispatchChunk_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Receipt" (
    "id" BIGSERIAL NOT NULL,
    "accountId" UUID NOT NULL,
    "messageId" BIGINT,
    "uniqueId" TEXT,
    "correlator" TEXT,
    "phone" TEXT,
    "deliveryStatus" TEXT NOT NULL,
    "deliveryTime" TEXT,
    "deliveryAt" TIMESTAMP(3),
    "raw" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "appliedAt" TIMESTAMP(3),

    CONSTRAINT "Receipt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateLimit" (
    "accountId" UUID NOT NULL,
    "nextSlot" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("accountId")
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" BIGSERIAL NOT NULL,
    "actorId" UUID,
    "action" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "targetId" TEXT,
    "detail" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OptOut" (
    "phone" TEXT NOT NULL,
    "reason" TEXT,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OptOut_pkey" PRIMARY KEY ("phone")
);

-- CreateTable
CREATE TABLE "Template" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "BatchKind" NOT NULL,
    "body" TEXT NOT NULL,
    "authorId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Template_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Upload" (
    "id" UUID NOT NULL,
    "filename" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "rowCount" INTEGER NOT NULL DEFAULT 0,
    "validCount" INTEGER NOT NULL DEFAULT 0,
    "invalidCount" INTEGER NOT NULL DEFAULT 0,
    "duplicateCount" INTEGER NOT NULL DEFAULT 0,
    "report" JSONB,
    "authorId" UUID,
    "batchId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Upload_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "ProviderAccount_name_key" ON "ProviderAccount"("name");

-- CreateIndex
CREATE UNIQUE INDEX "ProviderAccount_receiptSecret_key" ON "ProviderAccount"("receiptSecret");

-- CreateIndex
CREATE INDEX "Batch_state_scheduledAt_idx" ON "Batch"("state", "scheduledAt");

-- CreateIndex
CREATE INDEX "Batch_createdAt_idx" ON "Batch"("createdAt");

-- CreateIndex
CREATE INDEX "Batch_accountId_createdAt_idx" ON "Batch"("accountId", "createdAt");

-- CreateIndex
CREATE INDEX "Message_batchId_id_idx" ON "Message"("batchId", "id");

-- CreateIndex
CREATE INDEX "Message_phone_idx" ON "Message"("phone");

-- CreateIndex
CREATE INDEX "DispatchChunk_batchId_state_id_idx" ON "DispatchChunk"("batchId", "state", "id");

-- CreateIndex
CREATE INDEX "DispatchChunk_state_workerKey_idx" ON "DispatchChunk"("state", "workerKey");

-- CreateIndex
CREATE INDEX "Receipt_uniqueId_idx" ON "Receipt"("uniqueId");

-- CreateIndex
CREATE INDEX "Receipt_correlator_idx" ON "Receipt"("correlator");

-- CreateIndex
CREATE INDEX "Receipt_messageId_idx" ON "Receipt"("messageId");

-- CreateIndex
CREATE INDEX "Receipt_appliedAt_idx" ON "Receipt"("appliedAt");

-- CreateIndex
CREATE INDEX "AuditEvent_createdAt_idx" ON "AuditEvent"("createdAt");

-- CreateIndex
CREATE INDEX "AuditEvent_targetType_targetId_idx" ON "AuditEvent"("targetType", "targetId");

-- CreateIndex
CREATE UNIQUE INDEX "Template_name_kind_key" ON "Template"("name", "kind");

-- AddForeignKey
ALTER TABLE "Batch" ADD CONSTRAINT "Batch_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ProviderAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Batch" ADD CONSTRAINT "Batch_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Batch" ADD CONSTRAINT "Batch_parentBatchId_fkey" FOREIGN KEY ("parentBatchId") REFERENCES "Batch"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "Batch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DispatchChunk" ADD CONSTRAINT "DispatchChunk_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "Batch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ProviderAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEvent" ADD CONSTRAINT "AuditEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OptOut" ADD CONSTRAINT "OptOut_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Template" ADD CONSTRAINT "Template_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Upload" ADD CONSTRAINT "Upload_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Upload" ADD CONSTRAINT "Upload_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "Batch"("id") ON DELETE SET NULL ON UPDATE CASCADE;
