-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "resentToBatchId" UUID;
