-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "failureClass" TEXT;

-- AlterTable
ALTER TABLE "OptOut" ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'operator';

-- CreateTable
CREATE TABLE "ReceiptStatus" (
    "status" TEXT NOT NULL,
    "receipts" INTEGER NOT NULL DEFAULT 0,
    "firstSeenAt" TIMESTAMPTZ(3) NOT NULL,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL,
    "exampleReceiptIds" BIGINT[],
    "state" "MessageState",
    "failureClass" TEXT,
    "mappedById" UUID,
    "mappedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ReceiptStatus_pkey" PRIMARY KEY ("status")
);

-- CreateTable
CREATE TABLE "UnmappedStatusMessage" (
    "status" TEXT NOT NULL,
    "messageId" BIGINT NOT NULL,

    CONSTRAINT "UnmappedStatusMessage_pkey" PRIMARY KEY ("status","messageId")
);

-- CreateTable
CREATE TABLE "DeliveryRollup" (
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "operator" TEXT NOT NULL,
    "outcomes" INTEGER[],
    "delays" INTEGER[],

    CONSTRAINT "DeliveryRollup_pkey" PRIMARY KEY ("hour","operator")
);

-- CreateTable
CREATE TABLE "SenderIdProblem" (
    "accountId" UUID NOT NULL,
    "sender" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "messages" INTEGER NOT NULL,
    "firstSeenAt" TIMESTAMPTZ(3) NOT NULL,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SenderIdProblem_pkey" PRIMARY KEY ("accountId","sender")
);

-- CreateIndex
CREATE INDEX "Batch_parentBatchId_idx" ON "Batch"("parentBatchId");

-- AddForeignKey
ALTER TABLE "SenderIdProblem" ADD CONSTRAINT "SenderIdProblem_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "ProviderAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written from here (data, and what Prisma's schema language cannot express).

-- Failures recorded before failure classes existed get the class their status has in lib/receipts/status-map.ts
-- (statuses compared as statusKey() compares them: lower case, letters and digits only).
UPDATE "Message" SET "failureClass" = CASE lower(regexp_replace("deliveryStatus", '[^a-zA-Z0-9]', '', 'g'))
    WHEN 'absentsubscriber' THEN 'ABSENT'
    WHEN 'expired' THEN 'ABSENT'
    WHEN 'notanswered' THEN 'NO_ANSWER'
    WHEN 'busy' THEN 'NO_ANSWER'
    WHEN 'insufficientbalance' THEN 'ACCOUNT'
    WHEN 'insufficientfunds' THEN 'ACCOUNT'
    WHEN 'insufficientcredit' THEN 'ACCOUNT'
    WHEN 'sendernameblacklisted' THEN 'BLACKLISTED'
    WHEN 'userinblacklist' THEN 'BLACKLISTED'
    WHEN 'subscriberoptedout' THEN 'BLACKLISTED'
    WHEN 'deliveryimpossible' THEN 'INVALID_NUMBER'
    WHEN 'invalidmsisdn' THEN 'INVALID_NUMBER'
    WHEN 'userdoesnotexist' THEN 'INVALID_NUMBER'
    WHEN 'userisinactive' THEN 'INVALID_NUMBER'
    WHEN 'useraccountsuspended' THEN 'INVALID_NUMBER'
    WHEN 'notnetworksubscriber' THEN 'INVALID_NUMBER'
    WHEN 'invalidsourceaddress' THEN 'SENDER_ID'
    WHEN 'senderblacklisted' THEN 'SENDER_ID'
    WHEN 'invalidlinkid' THEN 'SENDER_ID'
    ELSE 'NETWORK' END
WHERE state = 'FAILED';

-- Opt-outs that came from a file say so.
UPDATE "OptOut" SET source = 'upload' WHERE reason LIKE 'Uploaded: %';

-- DeliveryRollup, kept by statement-level triggers on "Message" beside the batch counters (migration batch_counters)
-- and MessageRareState (rare_message_states): whatever path writes messages (dispatch answers, receipts, a mapped
-- status, recovery, deleting a batch) moves its rows, one upsert per statement, from the rows' old and new values,
-- so the figures stay exact however statements interleave. Times are taken through their epoch (anyelement), so the
-- functions give the same UTC hour and delay whether the columns are timestamp (UTC) or timestamptz.

-- The states counted as sent, delivered: lib/batches/states.ts SENT_STATES and DELIVERED_STATES (a test checks each
-- state).
CREATE FUNCTION tuma_is_sent_state(s "MessageState") RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT s IN ('QUEUED', 'DELIVERED', 'ANSWERED', 'FAILED', 'REJECTED', 'UNKNOWN')
$$;

CREATE FUNCTION tuma_is_delivered_state(s "MessageState") RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT s IN ('DELIVERED', 'ANSWERED')
$$;

-- The UTC hour a message counts in: when it was sent (else when its receipt came, else when it was stored). date_part,
-- not extract: float arithmetic, several times faster per row than extract's numeric.
CREATE FUNCTION tuma_rollup_hour(at anyelement) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT to_timestamp(floor(date_part('epoch', at) / 3600) * 3600)
$$;

-- The receipt delay's bucket: lib/reports/delay-buckets.ts DELAY_BUCKET_BOUNDS (seconds; a test checks they agree):
-- 0 below the first bound, i from the i-th on; -1 when the delay is not known.
CREATE FUNCTION tuma_delay_bucket(sent anyelement, receipt anyelement) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN sent IS NULL OR receipt IS NULL THEN -1 ELSE width_bucket(
    GREATEST(0, date_part('epoch', receipt) - date_part('epoch', sent)),
    ARRAY[5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 21600, 43200, 86400, 172800]::float8[]) END::smallint
$$;

-- A message's outcome slot in "outcomes": lib/reports/rollup-outcomes.ts ROLLUP_OUTCOMES, from 0 (a test checks each):
-- 1 delivered, 2 refused, 3… failed by class (a failure without a class is a network failure); null when the message
-- has no outcome yet (awaiting, unknown). Slot 0, sent, is counted apart.
CREATE FUNCTION tuma_rollup_slot(s "MessageState", failure_class text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN tuma_is_delivered_state(s) THEN 1 WHEN s = 'REJECTED' THEN 2 WHEN s = 'FAILED' THEN
    CASE failure_class WHEN 'ABSENT' THEN 3 WHEN 'NO_ANSWER' THEN 4 WHEN 'NETWORK' THEN 5 WHEN 'ACCOUNT' THEN 6
      WHEN 'BLACKLISTED' THEN 7 WHEN 'INVALID_NUMBER' THEN 8 WHEN 'SENDER_ID' THEN 9 ELSE 5 END
  END::smallint
$$;

-- Element-wise sum of two count arrays.
CREATE FUNCTION tuma_array_add(a int[], b int[]) RETURNS int[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(COALESCE(x, 0) + COALESCE(y, 0) ORDER BY i) FROM unnest(a, b) WITH ORDINALITY AS t(x, y, i)
$$;

-- Each trigger adds its statement's contributions as one row per hour and operator, in key order, so that concurrent
-- statements lock rows in one order (after the batch rows the counter trigger locked: triggers fire in name order, and
-- these names come last). A message in a sent state counts in slot 0 (sent), in its outcome's slot when it has one,
-- and in its receipt delay's bucket when it has a final receipt and a known delay. The rows are grouped first (a
-- statement of thousands of messages touches a few hours and networks), then spread into the two arrays.

CREATE FUNCTION tuma_delivery_rollup_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "DeliveryRollup" (hour, operator, outcomes, delays)
  SELECT h, o, ARRAY[COALESCE(sum(n), 0), COALESCE(sum(n) FILTER (WHERE slot = 1), 0), COALESCE(sum(n) FILTER (WHERE slot = 2), 0), COALESCE(sum(n) FILTER (WHERE slot = 3), 0), COALESCE(sum(n) FILTER (WHERE slot = 4), 0), COALESCE(sum(n) FILTER (WHERE slot = 5), 0), COALESCE(sum(n) FILTER (WHERE slot = 6), 0), COALESCE(sum(n) FILTER (WHERE slot = 7), 0), COALESCE(sum(n) FILTER (WHERE slot = 8), 0), COALESCE(sum(n) FILTER (WHERE slot = 9), 0)]::int[],
         ARRAY[COALESCE(sum(n) FILTER (WHERE bucket = 0), 0), COALESCE(sum(n) FILTER (WHERE bucket = 1), 0), COALESCE(sum(n) FILTER (WHERE bucket = 2), 0), COALESCE(sum(n) FILTER (WHERE bucket = 3), 0), COALESCE(sum(n) FILTER (WHERE bucket = 4), 0), COALESCE(sum(n) FILTER (WHERE bucket = 5), 0), COALESCE(sum(n) FILTER (WHERE bucket = 6), 0), COALESCE(sum(n) FILTER (WHERE bucket = 7), 0), COALESCE(sum(n) FILTER (WHERE bucket = 8), 0), COALESCE(sum(n) FILTER (WHERE bucket = 9), 0), COALESCE(sum(n) FILTER (WHERE bucket = 10), 0), COALESCE(sum(n) FILTER (WHERE bucket = 11), 0), COALESCE(sum(n) FILTER (WHERE bucket = 12), 0), COALESCE(sum(n) FILTER (WHERE bucket = 13), 0), COALESCE(sum(n) FILTER (WHERE bucket = 14), 0), COALESCE(sum(n) FILTER (WHERE bucket = 15), 0), COALESCE(sum(n) FILTER (WHERE bucket = 16), 0)]::int[]
  FROM (
    SELECT tuma_rollup_hour(COALESCE(r."submittedAt", r."receiptAt", r."createdAt")) AS h, COALESCE(r.operator, '') AS o,
           tuma_rollup_slot(r.state, r."failureClass") AS slot,
           CASE WHEN tuma_is_delivered_state(r.state) OR r.state = 'FAILED' THEN tuma_delay_bucket(r."submittedAt", r."receiptAt") END AS bucket,
           sum(1) AS n
    FROM new_rows r
    WHERE tuma_is_sent_state(r.state)
    GROUP BY 1, 2, 3, 4
  ) g
  GROUP BY h, o HAVING bool_or(n <> 0)
  ORDER BY h, o
  ON CONFLICT (hour, operator) DO UPDATE SET outcomes = tuma_array_add("DeliveryRollup".outcomes, EXCLUDED.outcomes),
    delays = tuma_array_add("DeliveryRollup".delays, EXCLUDED.delays);
  RETURN NULL;
END $$;

-- Only the rows whose counted values changed (a receipt's or an answer's update); each leaves its old key and enters
-- its new one.
CREATE FUNCTION tuma_delivery_rollup_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "DeliveryRollup" (hour, operator, outcomes, delays)
  SELECT h, o, ARRAY[COALESCE(sum(n), 0), COALESCE(sum(n) FILTER (WHERE slot = 1), 0), COALESCE(sum(n) FILTER (WHERE slot = 2), 0), COALESCE(sum(n) FILTER (WHERE slot = 3), 0), COALESCE(sum(n) FILTER (WHERE slot = 4), 0), COALESCE(sum(n) FILTER (WHERE slot = 5), 0), COALESCE(sum(n) FILTER (WHERE slot = 6), 0), COALESCE(sum(n) FILTER (WHERE slot = 7), 0), COALESCE(sum(n) FILTER (WHERE slot = 8), 0), COALESCE(sum(n) FILTER (WHERE slot = 9), 0)]::int[],
         ARRAY[COALESCE(sum(n) FILTER (WHERE bucket = 0), 0), COALESCE(sum(n) FILTER (WHERE bucket = 1), 0), COALESCE(sum(n) FILTER (WHERE bucket = 2), 0), COALESCE(sum(n) FILTER (WHERE bucket = 3), 0), COALESCE(sum(n) FILTER (WHERE bucket = 4), 0), COALESCE(sum(n) FILTER (WHERE bucket = 5), 0), COALESCE(sum(n) FILTER (WHERE bucket = 6), 0), COALESCE(sum(n) FILTER (WHERE bucket = 7), 0), COALESCE(sum(n) FILTER (WHERE bucket = 8), 0), COALESCE(sum(n) FILTER (WHERE bucket = 9), 0), COALESCE(sum(n) FILTER (WHERE bucket = 10), 0), COALESCE(sum(n) FILTER (WHERE bucket = 11), 0), COALESCE(sum(n) FILTER (WHERE bucket = 12), 0), COALESCE(sum(n) FILTER (WHERE bucket = 13), 0), COALESCE(sum(n) FILTER (WHERE bucket = 14), 0), COALESCE(sum(n) FILTER (WHERE bucket = 15), 0), COALESCE(sum(n) FILTER (WHERE bucket = 16), 0)]::int[]
  FROM (
    SELECT tuma_rollup_hour(COALESCE(r."submittedAt", r."receiptAt", r."createdAt")) AS h, COALESCE(r.operator, '') AS o,
           tuma_rollup_slot(r.state, r."failureClass") AS slot,
           CASE WHEN tuma_is_delivered_state(r.state) OR r.state = 'FAILED' THEN tuma_delay_bucket(r."submittedAt", r."receiptAt") END AS bucket,
           sum(r.sign) AS n
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES
      (n.state, n."failureClass", n.operator, n."submittedAt", n."receiptAt", n."createdAt", 1),
      (o.state, o."failureClass", o.operator, o."submittedAt", o."receiptAt", o."createdAt", -1)
    ) r(state, "failureClass", operator, "submittedAt", "receiptAt", "createdAt", sign)
    WHERE tuma_is_sent_state(r.state) AND (n.state, n."failureClass", n.operator, n."submittedAt", n."receiptAt") IS DISTINCT FROM (o.state, o."failureClass", o.operator, o."submittedAt", o."receiptAt")
    GROUP BY 1, 2, 3, 4
  ) g
  GROUP BY h, o HAVING bool_or(n <> 0)
  ORDER BY h, o
  ON CONFLICT (hour, operator) DO UPDATE SET outcomes = tuma_array_add("DeliveryRollup".outcomes, EXCLUDED.outcomes),
    delays = tuma_array_add("DeliveryRollup".delays, EXCLUDED.delays);
  RETURN NULL;
END $$;

CREATE FUNCTION tuma_delivery_rollup_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "DeliveryRollup" (hour, operator, outcomes, delays)
  SELECT h, o, ARRAY[COALESCE(sum(n), 0), COALESCE(sum(n) FILTER (WHERE slot = 1), 0), COALESCE(sum(n) FILTER (WHERE slot = 2), 0), COALESCE(sum(n) FILTER (WHERE slot = 3), 0), COALESCE(sum(n) FILTER (WHERE slot = 4), 0), COALESCE(sum(n) FILTER (WHERE slot = 5), 0), COALESCE(sum(n) FILTER (WHERE slot = 6), 0), COALESCE(sum(n) FILTER (WHERE slot = 7), 0), COALESCE(sum(n) FILTER (WHERE slot = 8), 0), COALESCE(sum(n) FILTER (WHERE slot = 9), 0)]::int[],
         ARRAY[COALESCE(sum(n) FILTER (WHERE bucket = 0), 0), COALESCE(sum(n) FILTER (WHERE bucket = 1), 0), COALESCE(sum(n) FILTER (WHERE bucket = 2), 0), COALESCE(sum(n) FILTER (WHERE bucket = 3), 0), COALESCE(sum(n) FILTER (WHERE bucket = 4), 0), COALESCE(sum(n) FILTER (WHERE bucket = 5), 0), COALESCE(sum(n) FILTER (WHERE bucket = 6), 0), COALESCE(sum(n) FILTER (WHERE bucket = 7), 0), COALESCE(sum(n) FILTER (WHERE bucket = 8), 0), COALESCE(sum(n) FILTER (WHERE bucket = 9), 0), COALESCE(sum(n) FILTER (WHERE bucket = 10), 0), COALESCE(sum(n) FILTER (WHERE bucket = 11), 0), COALESCE(sum(n) FILTER (WHERE bucket = 12), 0), COALESCE(sum(n) FILTER (WHERE bucket = 13), 0), COALESCE(sum(n) FILTER (WHERE bucket = 14), 0), COALESCE(sum(n) FILTER (WHERE bucket = 15), 0), COALESCE(sum(n) FILTER (WHERE bucket = 16), 0)]::int[]
  FROM (
    SELECT tuma_rollup_hour(COALESCE(r."submittedAt", r."receiptAt", r."createdAt")) AS h, COALESCE(r.operator, '') AS o,
           tuma_rollup_slot(r.state, r."failureClass") AS slot,
           CASE WHEN tuma_is_delivered_state(r.state) OR r.state = 'FAILED' THEN tuma_delay_bucket(r."submittedAt", r."receiptAt") END AS bucket,
           sum(-1) AS n
    FROM old_rows r
    WHERE tuma_is_sent_state(r.state)
    GROUP BY 1, 2, 3, 4
  ) g
  GROUP BY h, o HAVING bool_or(n <> 0)
  ORDER BY h, o
  ON CONFLICT (hour, operator) DO UPDATE SET outcomes = tuma_array_add("DeliveryRollup".outcomes, EXCLUDED.outcomes),
    delays = tuma_array_add("DeliveryRollup".delays, EXCLUDED.delays);
  RETURN NULL;
END $$;

CREATE TRIGGER message_rollup_insert AFTER INSERT ON "Message"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_delivery_rollup_insert();
CREATE TRIGGER message_rollup_update AFTER UPDATE ON "Message"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_delivery_rollup_update();
CREATE TRIGGER message_rollup_delete AFTER DELETE ON "Message"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_delivery_rollup_delete();

-- Messages already sent.
  INSERT INTO "DeliveryRollup" (hour, operator, outcomes, delays)
  SELECT h, o, ARRAY[COALESCE(sum(n), 0), COALESCE(sum(n) FILTER (WHERE slot = 1), 0), COALESCE(sum(n) FILTER (WHERE slot = 2), 0), COALESCE(sum(n) FILTER (WHERE slot = 3), 0), COALESCE(sum(n) FILTER (WHERE slot = 4), 0), COALESCE(sum(n) FILTER (WHERE slot = 5), 0), COALESCE(sum(n) FILTER (WHERE slot = 6), 0), COALESCE(sum(n) FILTER (WHERE slot = 7), 0), COALESCE(sum(n) FILTER (WHERE slot = 8), 0), COALESCE(sum(n) FILTER (WHERE slot = 9), 0)]::int[],
         ARRAY[COALESCE(sum(n) FILTER (WHERE bucket = 0), 0), COALESCE(sum(n) FILTER (WHERE bucket = 1), 0), COALESCE(sum(n) FILTER (WHERE bucket = 2), 0), COALESCE(sum(n) FILTER (WHERE bucket = 3), 0), COALESCE(sum(n) FILTER (WHERE bucket = 4), 0), COALESCE(sum(n) FILTER (WHERE bucket = 5), 0), COALESCE(sum(n) FILTER (WHERE bucket = 6), 0), COALESCE(sum(n) FILTER (WHERE bucket = 7), 0), COALESCE(sum(n) FILTER (WHERE bucket = 8), 0), COALESCE(sum(n) FILTER (WHERE bucket = 9), 0), COALESCE(sum(n) FILTER (WHERE bucket = 10), 0), COALESCE(sum(n) FILTER (WHERE bucket = 11), 0), COALESCE(sum(n) FILTER (WHERE bucket = 12), 0), COALESCE(sum(n) FILTER (WHERE bucket = 13), 0), COALESCE(sum(n) FILTER (WHERE bucket = 14), 0), COALESCE(sum(n) FILTER (WHERE bucket = 15), 0), COALESCE(sum(n) FILTER (WHERE bucket = 16), 0)]::int[]
  FROM (
    SELECT tuma_rollup_hour(COALESCE(r."submittedAt", r."receiptAt", r."createdAt")) AS h, COALESCE(r.operator, '') AS o,
           tuma_rollup_slot(r.state, r."failureClass") AS slot,
           CASE WHEN tuma_is_delivered_state(r.state) OR r.state = 'FAILED' THEN tuma_delay_bucket(r."submittedAt", r."receiptAt") END AS bucket,
           sum(1) AS n
    FROM "Message" r
    WHERE tuma_is_sent_state(r.state)
    GROUP BY 1, 2, 3, 4
  ) g
  GROUP BY h, o HAVING bool_or(n <> 0)
  ORDER BY h, o
  ON CONFLICT (hour, operator) DO UPDATE SET outcomes = tuma_array_add("DeliveryRollup".outcomes, EXCLUDED.outcomes),
    delays = tuma_array_add("DeliveryRollup".delays, EXCLUDED.delays);
