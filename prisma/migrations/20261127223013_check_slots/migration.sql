-- Compose's planner and duplicate-send check take a slot each, like uploads and exports (lib/fair-share/transfer-slots.ts):
-- at most two of each per user at once across every web process.
ALTER TYPE "TransferKind" ADD VALUE 'PLAN';
ALTER TYPE "TransferKind" ADD VALUE 'DUPLICATE_CHECK';
