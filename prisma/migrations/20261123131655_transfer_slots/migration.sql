-- CreateEnum
CREATE TYPE "TransferKind" AS ENUM ('UPLOAD', 'EXPORT');

-- CreateTable
CREATE TABLE "TransferSlot" (
    "id" UUID NOT NULL,
    "kind" "TransferKind" NOT NULL,
    "userId" UUID NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TransferSlot_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TransferSlot_userId_kind_idx" ON "TransferSlot"("userId", "kind");
