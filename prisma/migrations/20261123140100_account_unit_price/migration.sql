-- AlterTable
ALTER TABLE "ProviderAccount" ADD COLUMN     "priceCurrency" TEXT NOT NULL DEFAULT 'KES',
ADD COLUMN     "unitPrice" DECIMAL(12,4);
