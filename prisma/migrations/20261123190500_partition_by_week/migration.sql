-- Hand-written: Prisma does not model partitioning (docs/partitioning.md). Message and Receipt become RANGE-partitioned
-- by their id, one partition per week: a week's ids are [week << 32, (week + 1) << 32), weeks counted from Monday
-- 2026-01-05 00:00 UTC. Every lookup by id (the correlator in receipts, a chunk's id range, a batch's pages bounded by
-- its ids) therefore reads one partition, and a partition is a span of time, so retention drops whole partitions.
-- The ids come from the same sequences as before: the worker's partitions chore (lib/history/partitions.ts) moves each
-- sequence to the base of the new week once that week's partition exists, so an insert never finds no partition
-- (until the chore runs, new ids simply continue in the last week's range). The rows stored before this migration
-- stay where they are, attached as the "_legacy" partition of ids below this week's base.

-- Weeks since Monday 2026-01-05 00:00 UTC (epoch 1767571200).
CREATE FUNCTION tuma_week_number(at timestamptz) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT floor((extract(epoch FROM at) - 1767571200) / 604800)::int $$;

CREATE FUNCTION tuma_week_start(week int) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT to_timestamp(1767571200 + week::bigint * 604800) $$;

-- The partitions of weeks first_week … last_week of both tables (those missing). Fillfactors as migration
-- 20261123190000_hot_updates sets them (room for the updates of a row beside it: HOT).
CREATE FUNCTION tuma_create_partitions(first_week int, last_week int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t text;
  w int;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('tuma_partitions'));
  FOREACH t IN ARRAY ARRAY['Message', 'Receipt'] LOOP
    FOR w IN first_week..last_week LOOP
      IF to_regclass(format('%I', t || '_w' || w)) IS NULL THEN
        EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%s) TO (%s) WITH (fillfactor = %s)',
          t || '_w' || w, t, w::bigint << 32, (w + 1)::bigint << 32, CASE t WHEN 'Message' THEN 30 ELSE 50 END);
      END IF;
    END LOOP;
  END LOOP;
END $$;

-- Moves each id sequence to the base of `week` — only forwards, and only once that week's partition exists.
CREATE FUNCTION tuma_advance_ids(week int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t text;
  last bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('tuma_partitions'));
  FOREACH t IN ARRAY ARRAY['Message', 'Receipt'] LOOP
    EXECUTE format('SELECT last_value FROM %I', t || '_id_seq') INTO last;
    IF last < week::bigint << 32 AND to_regclass(format('%I', t || '_w' || week)) IS NOT NULL THEN
      PERFORM setval(format('%I', t || '_id_seq'), week::bigint << 32);
    END IF;
  END LOOP;
END $$;

-- Partitions whose every row is older than `cutoff`: ids of a week's range are taken until the chore moves the
-- sequence on (within the hour), so a partition ending at week b is complete by tuma_week_start(b) + 1 week, a safe
-- margin. One the sequence has not moved past is never listed, whatever the clock says. Includes partitions left
-- half-detached by an interrupted DETACH … CONCURRENTLY (pending), to be finished.
CREATE FUNCTION tuma_expired_partitions(cutoff timestamptz)
RETURNS TABLE (parent text, partition text, pending boolean) LANGUAGE sql STABLE AS $$
  SELECT p.relname::text, c.relname::text, i.inhdetachpending
  FROM pg_inherits i
  JOIN pg_class c ON c.oid = i.inhrelid
  JOIN pg_class p ON p.oid = i.inhparent
  CROSS JOIN LATERAL (
    SELECT (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \(''?(-?[0-9]+)''?\)'))[1]::bigint AS upper
  ) b
  WHERE p.relname IN ('Message', 'Receipt') AND p.relnamespace = 'public'::regnamespace
    AND tuma_week_start((b.upper >> 32)::int) + interval '7 days' <= cutoff
    AND b.upper <= CASE p.relname WHEN 'Message' THEN (SELECT last_value FROM "Message_id_seq")
                                  ELSE (SELECT last_value FROM "Receipt_id_seq") END
  ORDER BY b.upper
$$;

-- Message: the table as it is becomes the legacy partition of the partitioned Message.
ALTER TABLE "Message" RENAME TO "Message_legacy";
ALTER TABLE "Message_legacy" RENAME CONSTRAINT "Message_pkey" TO "Message_legacy_pkey";
ALTER INDEX "Message_batchId_id_idx" RENAME TO "Message_legacy_batchId_id_idx";
ALTER INDEX "Message_phone_idx" RENAME TO "Message_legacy_phone_idx";
ALTER TABLE "Message_legacy" DROP CONSTRAINT "Message_batchId_fkey";
-- Statement triggers with transition tables live on the partitioned table, not on its partitions.
DROP TRIGGER message_counts_insert ON "Message_legacy";
DROP TRIGGER message_counts_update ON "Message_legacy";
DROP TRIGGER message_counts_delete ON "Message_legacy";
DROP TRIGGER message_rare_states_insert ON "Message_legacy";
DROP TRIGGER message_rare_states_update ON "Message_legacy";
DROP TRIGGER message_rare_states_delete ON "Message_legacy";
DROP TRIGGER message_rollup_insert ON "Message_legacy";
DROP TRIGGER message_rollup_update ON "Message_legacy";
DROP TRIGGER message_rollup_delete ON "Message_legacy";

CREATE TABLE "Message" (LIKE "Message_legacy" INCLUDING DEFAULTS) PARTITION BY RANGE (id);
-- The sequence belongs to the partitioned table's column: dropping the legacy partition must not drop it.
ALTER SEQUENCE "Message_id_seq" OWNED BY "Message".id;
ALTER TABLE "Message" ADD CONSTRAINT "Message_pkey" PRIMARY KEY (id);
CREATE INDEX "Message_batchId_id_idx" ON "Message" ("batchId", id);
CREATE INDEX "Message_phone_idx" ON "Message" (phone);
ALTER TABLE "Message" ADD CONSTRAINT "Message_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "Batch"(id)
  ON UPDATE CASCADE ON DELETE CASCADE;

CREATE TRIGGER message_counts_insert AFTER INSERT ON "Message"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_message_counts_insert();
CREATE TRIGGER message_counts_update AFTER UPDATE ON "Message"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_message_counts_update();
CREATE TRIGGER message_counts_delete AFTER DELETE ON "Message"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_message_counts_delete();
CREATE TRIGGER message_rare_states_insert AFTER INSERT ON "Message"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_rare_states_insert();
CREATE TRIGGER message_rare_states_update AFTER UPDATE ON "Message"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_rare_states_update();
CREATE TRIGGER message_rare_states_delete AFTER DELETE ON "Message"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_rare_states_delete();
CREATE TRIGGER message_rollup_insert AFTER INSERT ON "Message"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_delivery_rollup_insert();
CREATE TRIGGER message_rollup_update AFTER UPDATE ON "Message"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_delivery_rollup_update();
CREATE TRIGGER message_rollup_delete AFTER DELETE ON "Message"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_delivery_rollup_delete();

-- Receipt: the same.
ALTER TABLE "Receipt" RENAME TO "Receipt_legacy";
ALTER TABLE "Receipt_legacy" RENAME CONSTRAINT "Receipt_pkey" TO "Receipt_legacy_pkey";
ALTER INDEX "Receipt_uniqueId_idx" RENAME TO "Receipt_legacy_uniqueId_idx";
ALTER INDEX "Receipt_correlator_idx" RENAME TO "Receipt_legacy_correlator_idx";
ALTER INDEX "Receipt_unmatched_id_idx" RENAME TO "Receipt_legacy_unmatched_id_idx";
ALTER INDEX "Receipt_unmatched_phone_idx" RENAME TO "Receipt_legacy_unmatched_phone_idx";
ALTER TABLE "Receipt_legacy" DROP CONSTRAINT "Receipt_accountId_fkey";

CREATE TABLE "Receipt" (LIKE "Receipt_legacy" INCLUDING DEFAULTS) PARTITION BY RANGE (id);
ALTER SEQUENCE "Receipt_id_seq" OWNED BY "Receipt".id;
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_pkey" PRIMARY KEY (id);
CREATE INDEX "Receipt_uniqueId_idx" ON "Receipt" ("uniqueId");
CREATE INDEX "Receipt_correlator_idx" ON "Receipt" (correlator);
CREATE INDEX "Receipt_unmatched_id_idx" ON "Receipt" (id) WHERE "unmatchedReason" IS NOT NULL;
CREATE INDEX "Receipt_unmatched_phone_idx" ON "Receipt" (phone) WHERE "unmatchedReason" IS NOT NULL;
ALTER TABLE "Receipt" ADD CONSTRAINT "Receipt_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ProviderAccount"(id)
  ON UPDATE CASCADE ON DELETE CASCADE;

-- Attach what was stored so far below this week's base, create this week and four ahead, and move the sequences on.
DO $$
DECLARE
  week int := tuma_week_number(now());
BEGIN
  EXECUTE format('ALTER TABLE "Message" ATTACH PARTITION "Message_legacy" FOR VALUES FROM (MINVALUE) TO (%s)',
    week::bigint << 32);
  EXECUTE format('ALTER TABLE "Receipt" ATTACH PARTITION "Receipt_legacy" FOR VALUES FROM (MINVALUE) TO (%s)',
    week::bigint << 32);
  PERFORM tuma_create_partitions(week, week + 4);
  PERFORM tuma_advance_ids(week);
END $$;
