-- Issue 42, items 4 and 10.
--
-- Carrier-blacklist opt-outs that come in a burst are held for an administrator (lib/receipts/failure-effects.ts):
-- the threshold is an organisation setting, the held numbers wait in their own small table, and the applier counts
-- the carrier opt-outs of the last minute through a partial index (a range of a minute, never the whole table).
ALTER TABLE "Organisation" ADD COLUMN "carrierOptOutBurst" INTEGER NOT NULL DEFAULT 100;

CREATE TABLE "HeldOptOut" (
    "phone" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "messageId" BIGINT NOT NULL,
    "heldAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HeldOptOut_pkey" PRIMARY KEY ("phone")
);

CREATE INDEX "HeldOptOut_heldAt_idx" ON "HeldOptOut"("heldAt");

-- Hand-written (not in schema.prisma, which cannot say WHERE): the carrier opt-outs by time.
CREATE INDEX "OptOut_carrier_createdAt_idx" ON "OptOut" ("createdAt") WHERE source = 'carrier';

-- The audit log is append-only (docs/design.md §3): the application's role may insert events and read them, never
-- change, delete or truncate one. No path of Tuma changes an event (users are deactivated, never deleted, so the
-- actor's ON DELETE SET NULL never fires); a user's deletion by hand is refused here rather than rewriting who did
-- what. Only the database owner can lift this, by a migration that says why.
CREATE FUNCTION tuma_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit log is append-only: % on "AuditEvent" is refused.', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER "AuditEvent_append_only" BEFORE UPDATE OR DELETE ON "AuditEvent"
  FOR EACH ROW EXECUTE FUNCTION tuma_audit_append_only();
CREATE TRIGGER "AuditEvent_no_truncate" BEFORE TRUNCATE ON "AuditEvent"
  FOR EACH STATEMENT EXECUTE FUNCTION tuma_audit_append_only();
