-- AlterTable
ALTER TABLE "UnitPurchase" ADD COLUMN     "usedAtEntry" BIGINT NOT NULL DEFAULT 0;
