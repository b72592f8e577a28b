-- A batch's search finds recipients by their list's cells (ListSearchText): trigrams for "contains", and accents
-- removed so "Wanjiru" finds "Wanjirũ". Both extensions ship with PostgreSQL and are trusted (no superuser needed).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- The one normalisation of stored search text and of the typed term, so both sides always agree.
CREATE FUNCTION tuma_search_text(value TEXT) RETURNS TEXT
  LANGUAGE sql STABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(unaccent(value)) $$;

-- AlterTable
ALTER TABLE "Batch" ADD COLUMN     "listId" UUID;

-- AlterTable
ALTER TABLE "List" ADD COLUMN     "searchTextAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "ListIssue" ADD COLUMN     "values" TEXT;

-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "listRow" INTEGER;

-- CreateTable
CREATE TABLE "ListSearchText" (
    "listId" UUID NOT NULL,
    "phone" TEXT NOT NULL,
    "text" TEXT NOT NULL,

    CONSTRAINT "ListSearchText_pkey" PRIMARY KEY ("listId","phone")
);

-- CreateIndex
CREATE INDEX "ListSearchText_text_idx" ON "ListSearchText" USING GIN ("text" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Batch_listId_idx" ON "Batch"("listId");

-- AddForeignKey
ALTER TABLE "Batch" ADD CONSTRAINT "Batch_listId_fkey" FOREIGN KEY ("listId") REFERENCES "List"("id") ON DELETE SET NULL ON UPDATE CASCADE;
