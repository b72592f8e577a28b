-- Hand-written. Two changes of issue 35 (one migration per helper's branch): call outcomes, and the export permission
-- at the end. A recipient's outcome includes their escalation call (issue 35, docs/escalation.md "Outcomes"): reached
-- is the SMS delivered OR its call answered, and the batch page, report, resend, exports and API read it alike.
--
-- Where the truth lives: on the SMS's own row, "callState" mirrors the state of the call placed for it (null: not
-- called), so everything that reads a recipient (the recipients page, exports, resend, the API) has it without a join,
-- and the SMS batch's counters can count it in the same statement-level trigger that keeps the per-state counters:
--   "reachedByCallCount":  SMS not delivered whose call was answered (reached = delivered + this);
--   "queuedCalledCount":   SMS still without a receipt whose call was placed (its outcome is the call's, so the batch
--                          no longer "waits for receipts" for it; docs/escalation.md).
-- The mirror is written by the same trigger when it counts a change of a calls' batch (a batch with
-- "escalatesBatchId", read with each batch the statement touched: one key lookup per batch, not per row), so SMS
-- sends and SMS receipts pay no statement and no per-row join for it — only a statement that changes calls' states
-- joins Escalation, by its unique childMessageId, for the calls it changed. Setting "callState" touches no indexed
-- column: the SMS row stays HOT.
-- Lock order: batches are updated ordered by (their SMS batch or themselves, calls last, id), so a calls' batch comes
-- right after its SMS batch, and the mirror's nested update (which locks the SMS batch's row) runs before the calls'
-- row is locked: every statement takes batch rows in one global order, as before (two appliers with SMS and call
-- receipts of one batch cannot deadlock).
ALTER TABLE "Message" ADD COLUMN "callState" "MessageState";
ALTER TABLE "Batch" ADD COLUMN "reachedByCallCount" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Batch" ADD COLUMN "queuedCalledCount" INTEGER NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION tuma_message_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  FOR d IN
    SELECT c.*, b."escalatesBatchId" AS sms_batch FROM (
    SELECT o."batchId" AS b,
      count(*) FILTER (WHERE n.state = 'PENDING')    - count(*) FILTER (WHERE o.state = 'PENDING')    AS pending,
      count(*) FILTER (WHERE n.state = 'QUEUED')     - count(*) FILTER (WHERE o.state = 'QUEUED')     AS queued,
      count(*) FILTER (WHERE n.state = 'DELIVERED')  - count(*) FILTER (WHERE o.state = 'DELIVERED')  AS delivered,
      count(*) FILTER (WHERE n.state = 'ANSWERED')   - count(*) FILTER (WHERE o.state = 'ANSWERED')   AS answered,
      count(*) FILTER (WHERE n.state = 'FAILED')     - count(*) FILTER (WHERE o.state = 'FAILED')     AS failed,
      count(*) FILTER (WHERE n.state = 'REJECTED')   - count(*) FILTER (WHERE o.state = 'REJECTED')   AS rejected,
      count(*) FILTER (WHERE n.state = 'UNKNOWN')    - count(*) FILTER (WHERE o.state = 'UNKNOWN')    AS unknown,
      count(*) FILTER (WHERE n.state = 'CANCELLED')  - count(*) FILTER (WHERE o.state = 'CANCELLED')  AS cancelled,
      count(*) FILTER (WHERE n.state = 'SUPPRESSED') - count(*) FILTER (WHERE o.state = 'SUPPRESSED') AS suppressed,
      count(*) FILTER (WHERE n."callState" = 'ANSWERED' AND n.state NOT IN ('DELIVERED', 'ANSWERED'))
        - count(*) FILTER (WHERE o."callState" = 'ANSWERED' AND o.state NOT IN ('DELIVERED', 'ANSWERED')) AS by_call,
      count(*) FILTER (WHERE n.state = 'QUEUED' AND n."callState" <> 'CANCELLED')
        - count(*) FILTER (WHERE o.state = 'QUEUED' AND o."callState" <> 'CANCELLED') AS queued_called,
      COALESCE(sum(COALESCE(n."smsUnits", 0) - COALESCE(o."smsUnits", 0)), 0) AS units
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.state <> o.state OR n."smsUnits" IS DISTINCT FROM o."smsUnits" OR n."callState" IS DISTINCT FROM o."callState"
    GROUP BY 1
    ) c JOIN "Batch" b ON b.id = c.b
    ORDER BY COALESCE(b."escalatesBatchId", b.id), b."escalatesBatchId" IS NOT NULL, b.id
  LOOP
    -- A calls' batch: each call whose state changed passes it to its SMS (which fires this trigger again, for the SMS
    -- batch's counters), before the calls' own row is locked: the SMS batch's row first, as the order says.
    IF d.sms_batch IS NOT NULL THEN
      UPDATE "Message" s SET "callState" = n.state
      FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN "Escalation" e ON e."childMessageId" = n.id
      WHERE n."batchId" = d.b AND n.state <> o.state
        AND s.id = e."parentMessageId" AND s."batchId" = d.sms_batch AND s."callState" IS DISTINCT FROM n.state;
    END IF;
    UPDATE "Batch" SET
      "pendingCount"       = "pendingCount"       + d.pending,
      "queuedCount"        = "queuedCount"        + d.queued,
      "deliveredCount"     = "deliveredCount"     + d.delivered,
      "answeredCount"      = "answeredCount"      + d.answered,
      "failedCount"        = "failedCount"        + d.failed,
      "rejectedCount"      = "rejectedCount"      + d.rejected,
      "unknownCount"       = "unknownCount"       + d.unknown,
      "cancelledCount"     = "cancelledCount"     + d.cancelled,
      "suppressedCount"    = "suppressedCount"    + d.suppressed,
      "reachedByCallCount" = "reachedByCallCount" + d.by_call,
      "queuedCalledCount"  = "queuedCalledCount"  + d.queued_called,
      "smsUnits"           = "smsUnits"           + d.units,
      "updatedAt"          = now()
    WHERE id = d.b;
  END LOOP;
  RETURN NULL;
END $$;

-- Deleting messages takes their call outcomes with their states.
CREATE OR REPLACE FUNCTION tuma_message_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tuma_apply_state_deltas(array_agg(b), array_agg(s), array_agg(n))
  FROM (SELECT "batchId" AS b, state AS s, -count(*) AS n FROM old_rows GROUP BY 1, 2) d;
  UPDATE "Batch" b SET
    "reachedByCallCount" = b."reachedByCallCount" - d.by_call,
    "queuedCalledCount"  = b."queuedCalledCount"  - d.queued_called
  FROM (
    SELECT "batchId",
      count(*) FILTER (WHERE "callState" = 'ANSWERED' AND state NOT IN ('DELIVERED', 'ANSWERED')) AS by_call,
      count(*) FILTER (WHERE state = 'QUEUED' AND "callState" <> 'CANCELLED') AS queued_called
    FROM old_rows WHERE "callState" IS NOT NULL GROUP BY 1
  ) d
  WHERE b.id = d."batchId";
  RETURN NULL;
END $$;

-- Issue 35's leftover: exporting recipients (patients' numbers and list rows) is a permission of its own. Admins and
-- operators have it by their role; a viewer has it only when an administrator grants it (lib/auth/permissions.ts).
ALTER TABLE "User" ADD COLUMN "exportGranted" BOOLEAN NOT NULL DEFAULT false;
