-- AlterTable
ALTER TABLE "Batch" ADD COLUMN     "language" TEXT,
ADD COLUMN     "plannedRecipients" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "plannedUnits" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ProviderAccount" ADD COLUMN     "languageField" TEXT,
ADD COLUMN     "languages" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "unitsWarnBelow" INTEGER;

-- CreateTable
CREATE TABLE "UnitPurchase" (
    "id" BIGSERIAL NOT NULL,
    "accountId" UUID NOT NULL,
    "units" INTEGER NOT NULL,
    "note" TEXT,
    "createdById" UUID,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UnitPurchase_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UnitPurchase_accountId_createdAt_idx" ON "UnitPurchase"("accountId", "createdAt");

-- AddForeignKey
ALTER TABLE "UnitPurchase" ADD CONSTRAINT "UnitPurchase_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ProviderAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitPurchase" ADD CONSTRAINT "UnitPurchase_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The units ledger is append-only (docs/units-budget.md): a mistake is corrected by a new, negative entry, so the
-- ledger always shows who recorded what. Deleting the account (a cascade) still removes its entries, and deleting
-- the user who recorded one clears its createdById (the foreign key's SET NULL), the one update allowed.
CREATE FUNCTION unit_purchase_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."createdById" IS NULL AND NEW.id = OLD.id AND NEW."accountId" = OLD."accountId" AND NEW.units = OLD.units
     AND NEW.note IS NOT DISTINCT FROM OLD.note AND NEW."createdAt" = OLD."createdAt" THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'UnitPurchase is append-only: record a correcting entry instead';
END $$;
CREATE TRIGGER "UnitPurchase_append_only" BEFORE UPDATE ON "UnitPurchase"
  FOR EACH ROW EXECUTE FUNCTION unit_purchase_append_only();
