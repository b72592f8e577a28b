-- Hand-written (Prisma's schema language has neither triggers nor storage parameters).
--
-- Messages are updated in place: room on every page for the new row version (fillfactor), and no index on a column
-- that dispatch or receipts change, so each update is HOT (no new index entries).
ALTER TABLE "Message" SET (fillfactor = 80);

-- Per-state counters on "Batch", kept current by statement-level triggers on "Message". One UPDATE of "Batch" per statement, however many messages it touched, so
-- bulk inserts and chunk updates stay set-based, and the counters always add up to the batch's recipients.

CREATE FUNCTION tuma_apply_state_deltas(batch_ids uuid[], states "MessageState"[], deltas bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(batch_ids) = 0 THEN RETURN; END IF;
  -- Lock the batches in id order first, so that concurrent statements touching several batches cannot deadlock.
  -- NO KEY UPDATE, like the UPDATE below: it does not wait for transactions that are inserting messages of the
  -- batch (their foreign key holds KEY SHARE on it), so a batch sends while its recipients are still being stored.
  PERFORM 1 FROM "Batch" b WHERE b.id = ANY (batch_ids) ORDER BY b.id FOR NO KEY UPDATE;
  UPDATE "Batch" b SET
    "pendingCount"    = b."pendingCount"    + d.pending,
    "queuedCount"     = b."queuedCount"     + d.queued,
    "deliveredCount"  = b."deliveredCount"  + d.delivered,
    "answeredCount"   = b."answeredCount"   + d.answered,
    "failedCount"     = b."failedCount"     + d.failed,
    "rejectedCount"   = b."rejectedCount"   + d.rejected,
    "unknownCount"    = b."unknownCount"    + d.unknown,
    "cancelledCount"  = b."cancelledCount"  + d.cancelled,
    "suppressedCount" = b."suppressedCount" + d.suppressed,
    "updatedAt"       = now()
  FROM (
    SELECT "batchId",
      COALESCE(SUM(n) FILTER (WHERE state = 'PENDING'), 0)    AS pending,
      COALESCE(SUM(n) FILTER (WHERE state = 'QUEUED'), 0)     AS queued,
      COALESCE(SUM(n) FILTER (WHERE state = 'DELIVERED'), 0)  AS delivered,
      COALESCE(SUM(n) FILTER (WHERE state = 'ANSWERED'), 0)   AS answered,
      COALESCE(SUM(n) FILTER (WHERE state = 'FAILED'), 0)     AS failed,
      COALESCE(SUM(n) FILTER (WHERE state = 'REJECTED'), 0)   AS rejected,
      COALESCE(SUM(n) FILTER (WHERE state = 'UNKNOWN'), 0)    AS unknown,
      COALESCE(SUM(n) FILTER (WHERE state = 'CANCELLED'), 0)  AS cancelled,
      COALESCE(SUM(n) FILTER (WHERE state = 'SUPPRESSED'), 0) AS suppressed
    FROM unnest(batch_ids, states, deltas) AS t("batchId", state, n) GROUP BY "batchId"
  ) d
  WHERE b.id = d."batchId";
END $$;

CREATE FUNCTION tuma_message_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tuma_apply_state_deltas(array_agg(b), array_agg(s), array_agg(n))
  FROM (SELECT "batchId" AS b, state AS s, count(*) AS n FROM new_rows GROUP BY 1, 2) d;
  RETURN NULL;
END $$;

CREATE FUNCTION tuma_message_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tuma_apply_state_deltas(array_agg(b), array_agg(s), array_agg(n))
  FROM (
    SELECT b, s, sum(n) AS n FROM (
      SELECT o."batchId" AS b, n.state AS s, 1 AS n FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.state <> o.state
      UNION ALL
      SELECT o."batchId", o.state, -1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.state <> o.state
    ) changes GROUP BY 1, 2
  ) d
  HAVING count(*) > 0;
  -- Units charged, as the provider reports them per accepted message.
  UPDATE "Batch" b SET "smsUnits" = b."smsUnits" + d.units
  FROM (
    SELECT o."batchId", sum(COALESCE(n."smsUnits", 0) - COALESCE(o."smsUnits", 0)) AS units
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n."smsUnits" IS DISTINCT FROM o."smsUnits"
    GROUP BY 1
  ) d
  WHERE b.id = d."batchId" AND d.units <> 0;
  RETURN NULL;
END $$;

CREATE FUNCTION tuma_message_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tuma_apply_state_deltas(array_agg(b), array_agg(s), array_agg(n))
  FROM (SELECT "batchId" AS b, state AS s, -count(*) AS n FROM old_rows GROUP BY 1, 2) d;
  RETURN NULL;
END $$;

CREATE TRIGGER message_counts_insert AFTER INSERT ON "Message"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_message_counts_insert();
CREATE TRIGGER message_counts_update AFTER UPDATE ON "Message"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_message_counts_update();
CREATE TRIGGER message_counts_delete AFTER DELETE ON "Message"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_message_counts_delete();
