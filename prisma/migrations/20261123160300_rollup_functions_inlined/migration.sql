-- Hand-written: no schema change, the DeliveryRollup triggers' helpers (migration receipt_statuses) made cheap.
--
-- tuma_rollup_hour and tuma_delay_bucket were declared IMMUTABLE over anyelement but computed through
-- date_part('epoch', timestamptz), which PostgreSQL marks STABLE. A SQL function whose body is less immutable than its
-- declaration is never inlined, so the triggers called both as functions once per changed row (old and new): an
-- executor start-up each, which made the rollup trigger cost as much as the update it followed (a 500-row receipt
-- update ran at half the rate; BENCHMARKS.md, "the per-network rollup's cost"). The columns are timestamptz now
-- (migration timestamptz_and_organisation), so both take timestamptz and use only immutable operations: date_bin for
-- the hour, the epoch of the interval between the two times for the delay. Same results (a test checks the buckets
-- against lib/reports/delay-buckets.ts and the hours against a recount); the planner now inlines them.

DROP FUNCTION tuma_rollup_hour(anyelement);
DROP FUNCTION tuma_delay_bucket(anyelement, anyelement);

-- The UTC hour a message counts in.
CREATE FUNCTION tuma_rollup_hour(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_bin('1 hour', at, to_timestamp(0))
$$;

-- The receipt delay's bucket: lib/reports/delay-buckets.ts DELAY_BUCKET_BOUNDS (seconds; a test checks they agree):
-- 0 below the first bound, i from the i-th on; -1 when the delay is not known.
CREATE FUNCTION tuma_delay_bucket(sent timestamptz, receipt timestamptz) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN sent IS NULL OR receipt IS NULL THEN -1 ELSE width_bucket(
    GREATEST(0, date_part('epoch', receipt - sent)),
    ARRAY[5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 21600, 43200, 86400, 172800]::float8[]) END::smallint
$$;
