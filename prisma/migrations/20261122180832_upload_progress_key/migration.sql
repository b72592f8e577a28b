-- AlterTable
ALTER TABLE "Upload" ADD COLUMN     "progressKey" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "Upload_progressKey_key" ON "Upload"("progressKey");
