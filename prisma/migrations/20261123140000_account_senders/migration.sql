-- AlterTable
ALTER TABLE "ProviderAccount" ADD COLUMN     "senders" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- Each existing account keeps the sender it was using as its one configured sender (an administrator adds more in
-- Settings); an account without one must be given one before Compose can send SMS through it.
UPDATE "ProviderAccount" SET "senders" = ARRAY["defaultSender"] WHERE "defaultSender" <> '';
