-- AlterTable
ALTER TABLE "Batch" ADD COLUMN     "promotional" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "promotionalEndMinute" INTEGER NOT NULL DEFAULT 1200,
ADD COLUMN     "promotionalStartMinute" INTEGER NOT NULL DEFAULT 480;
