-- One name for one concept: a stored recipient list is a "list" in the console, the routes and the code, so it is a
-- list in the schema too. Renames only (no data is copied): each statement takes a brief lock and rewrites nothing.

ALTER TYPE "UploadState" RENAME TO "ListState";
ALTER TYPE "UploadIssueKind" RENAME TO "ListIssueKind";

ALTER TABLE "Upload" RENAME TO "List";
ALTER TABLE "List" RENAME CONSTRAINT "Upload_pkey" TO "List_pkey";
ALTER TABLE "List" RENAME CONSTRAINT "Upload_authorId_fkey" TO "List_authorId_fkey";
ALTER TABLE "List" RENAME CONSTRAINT "Upload_batchId_fkey" TO "List_batchId_fkey";
ALTER INDEX "Upload_progressKey_key" RENAME TO "List_progressKey_key";
ALTER INDEX "Upload_state_createdAt_idx" RENAME TO "List_state_createdAt_idx";

ALTER TABLE "UploadRecipient" RENAME TO "ListRecipient";
ALTER TABLE "ListRecipient" RENAME COLUMN "uploadId" TO "listId";
ALTER TABLE "ListRecipient" RENAME CONSTRAINT "UploadRecipient_pkey" TO "ListRecipient_pkey";

ALTER TABLE "UploadIssue" RENAME TO "ListIssue";
ALTER TABLE "ListIssue" RENAME COLUMN "uploadId" TO "listId";
ALTER TABLE "ListIssue" RENAME CONSTRAINT "UploadIssue_pkey" TO "ListIssue_pkey";

-- The audit names what an event was about by model name: earlier events about lists keep pointing at them.
UPDATE "AuditEvent" SET "targetType" = 'List' WHERE "targetType" = 'Upload';
UPDATE "AuditEvent" SET action = 'list.create' WHERE action = 'upload.create';
UPDATE "AuditEvent" SET action = 'list.delete' WHERE action = 'upload.delete';
