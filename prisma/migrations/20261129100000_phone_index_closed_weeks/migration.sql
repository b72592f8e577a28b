-- Hand-written: the number's index is paid for once, when a week closes, not by every message stored (issue 38,
-- docs/partitioning.md "One number's index"). Migration message_phone_id_index replaced (phone) by (phone, id) on
-- every partition; storing 100,000 recipients then cost 12.6 % more (BENCHMARKS.md, "One number's story"): a wider
-- key written in phone order for every message, while the week is being filled. Now:
--   - every partition keeps the (phone) index it had before issue 38 (the receipts applier's uniqueId + phone match
--     and the erasure's reads use its leading column), so storing and dispatch write exactly what they wrote then;
--   - a week that can take no more ids (its upper bound at or below the id sequence: ids only grow) gets its own
--     (phone, id) index, "<partition>_phone_id_idx", built CONCURRENTLY by the worker's chore
--     (lib/dispatch/chores/index-closed-weeks.ts → lib/history/partitions.ts indexClosedWeeks): a number's page reads
--     those weeks as short backward ranges, and sorts only its own messages of the open weeks;
--   - the index is not on the partitioned table, so a new week is created without it and retention's DROP of a week
--     drops it with the week.
CREATE INDEX "Message_phone_idx" ON "Message" (phone);
DROP INDEX "Message_phone_id_idx";

-- The Message partitions that can take no more ids and have no valid (phone, id) index yet (a failed concurrent
-- build leaves an invalid one: `invalid` says it must be dropped first), the newest first: the weeks a number's page
-- reads most.
CREATE FUNCTION tuma_message_weeks_to_index()
RETURNS TABLE (partition text, invalid boolean) LANGUAGE sql STABLE AS $$
  SELECT c.relname::text, ix.indexrelid IS NOT NULL
  FROM pg_inherits i
  JOIN pg_class c ON c.oid = i.inhrelid
  CROSS JOIN LATERAL (
    SELECT (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \(''?(-?[0-9]+)''?\)'))[1]::bigint AS upper
  ) b
  LEFT JOIN pg_class ic ON ic.relname = c.relname || '_phone_id_idx' AND ic.relnamespace = c.relnamespace
  LEFT JOIN pg_index ix ON ix.indexrelid = ic.oid
  WHERE i.inhparent = '"Message"'::regclass AND NOT i.inhdetachpending
    AND b.upper <= (SELECT last_value FROM "Message_id_seq")
    AND (ix.indexrelid IS NULL OR NOT ix.indisvalid)
  ORDER BY b.upper DESC
$$;

-- The weeks already closed get theirs now (a fresh install: the empty legacy partition).
DO $$
DECLARE week text;
BEGIN
  FOR week IN SELECT partition FROM tuma_message_weeks_to_index() LOOP
    EXECUTE format('CREATE INDEX %I ON %I (phone, id)', week || '_phone_id_idx', week);
  END LOOP;
END $$;

-- Where a number's messages stop being read in id order from the (phone, id) indexes: the lowest id of the oldest
-- Message partition without a valid one (the open week, a week just closed whose index is not built yet). Messages at
-- and above it are found through (phone) and sorted — a week or two of one number's messages; those below, as
-- backward ranges of each week's (phone, id) (lib/number-story/number-rows.ts).
CREATE FUNCTION tuma_number_index_edge()
RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(min(coalesce(b.lower, -9223372036854775808)), 9223372036854775807)
  FROM pg_inherits i
  JOIN pg_class c ON c.oid = i.inhrelid
  CROSS JOIN LATERAL (
    SELECT (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \(''?(-?[0-9]+)''?\)'))[1]::bigint AS lower
  ) b
  WHERE i.inhparent = '"Message"'::regclass
    AND NOT EXISTS (
      SELECT 1 FROM pg_class ic JOIN pg_index x ON x.indexrelid = ic.oid
      WHERE ic.relname = c.relname || '_phone_id_idx' AND ic.relnamespace = c.relnamespace AND x.indisvalid
    )
$$;
