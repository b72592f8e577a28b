-- AlterTable: the sandbox account, the only one a test key reaches (lib/api/key-reach.ts).
ALTER TABLE "ProviderAccount" ADD COLUMN "isSandbox" BOOLEAN NOT NULL DEFAULT false;
-- The account start-up made for the sandbox (lib/bootstrap/sandbox-account.ts); start-up marks it again each time.
UPDATE "ProviderAccount" SET "isSandbox" = true WHERE name = 'Sandbox';
