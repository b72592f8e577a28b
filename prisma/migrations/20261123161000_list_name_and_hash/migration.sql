-- A list's name (the file's name without its extension for the lists stored before names existed) and its file's
-- SHA-256, by which the same file uploaded again is flagged.
ALTER TABLE "List" ADD COLUMN "contentHash" TEXT,
ADD COLUMN "name" TEXT;

UPDATE "List" SET "name" = COALESCE(NULLIF(regexp_replace("filename", '\.[^.]*$', ''), ''), "filename");

ALTER TABLE "List" ALTER COLUMN "name" SET NOT NULL;

-- CreateIndex
CREATE INDEX "List_contentHash_idx" ON "List"("contentHash");
