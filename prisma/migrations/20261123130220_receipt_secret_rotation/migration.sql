-- AlterTable
ALTER TABLE "ProviderAccount" ADD COLUMN     "previousReceiptSecret" TEXT,
ADD COLUMN     "previousReceiptSecretUntil" TIMESTAMPTZ(3);

-- CreateIndex
CREATE UNIQUE INDEX "ProviderAccount_previousReceiptSecret_key" ON "ProviderAccount"("previousReceiptSecret");
