-- Hand-written. The caller's reference (issue 36 item 3, docs/api.md "References"): each recipient of an API request
-- may carry its own `reference` and a small flat `metadata` object, stored on its message, returned by every read,
-- carried in every message event, exported, and searchable by GET /api/v1/messages?reference=.
--
-- Message is partitioned by week (migration partition_by_week): a column and an index added to the partitioned table
-- reach every partition, present and future (tuma_create_partitions creates them as partitions of it).
--
-- The index is partial, (reference, id) WHERE reference IS NOT NULL: a search by reference reads one index range
-- per weekly partition in id order (the keyset of its pages: reference = $1 AND id > $cursor ORDER BY id), and the
-- console's batches — which never carry a reference — add no entry to it, so storing them by COPY pays nothing for it.
-- Neither column is ever updated after the message is stored, so state updates stay HOT (migration hot_updates).
ALTER TABLE "Message" ADD COLUMN "reference" TEXT;
ALTER TABLE "Message" ADD COLUMN "metadata" JSONB;
CREATE INDEX "Message_reference_id_idx" ON "Message" ("reference", "id") WHERE "reference" IS NOT NULL;

-- Every message event carries the caller's reference and metadata, and the recipient's call outcome (issue 35 item 1:
-- reached = SMS delivered or its call answered, docs/escalation.md "Outcomes").
CREATE OR REPLACE FUNCTION tuma_message_payload(event text, m "Message", reason text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('type', event, 'timestamp', tuma_iso(now()), 'data',
    jsonb_build_object('batchId', m."batchId", 'messageId', m.id::text, 'phone', m.phone, 'state', m.state,
      'deliveryStatus', m."deliveryStatus", 'failureClass', m."failureClass", 'receiptTime', tuma_iso(m."receiptAt"),
      'error', m."lastError", 'reference', m.reference, 'metadata', m.metadata, 'callState', m."callState",
      'reached', m.state IN ('DELIVERED', 'ANSWERED') OR m."callState" IS NOT DISTINCT FROM 'ANSWERED',
      'reachedBy', CASE WHEN m.state = 'DELIVERED' THEN 'sms'
                        WHEN m.state = 'ANSWERED' OR m."callState" = 'ANSWERED' THEN 'call' END)
    || CASE WHEN reason IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('reason', reason) END)
$$;

-- A batch's counts carry `reached` as the console counts it (lib/batches/counters-snapshot.ts): delivered, answered
-- and the SMS reached by their call.
CREATE OR REPLACE FUNCTION tuma_batch_payload(event text, b "Batch") RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('type', event, 'timestamp', tuma_iso(now()), 'data',
    jsonb_build_object('batchId', b.id, 'name', b.name, 'kind', b.kind, 'state', b.state,
      'startedAt', tuma_iso(b."startedAt"), 'finishedAt', tuma_iso(b."finishedAt"),
      'counts', jsonb_build_object('recipients', b."recipientCount", 'pending', b."pendingCount",
        'noReceiptYet', b."queuedCount", 'delivered', b."deliveredCount", 'answered', b."answeredCount",
        'failed', b."failedCount", 'rejected', b."rejectedCount", 'unknown', b."unknownCount",
        'cancelled', b."cancelledCount", 'suppressed', b."suppressedCount",
        'reached', b."deliveredCount" + b."answeredCount" + b."reachedByCallCount",
        'reachedByCall', b."reachedByCallCount"))
    || CASE WHEN event = 'batch.paused'
         THEN jsonb_build_object('reason', tuma_pause_code(b."pauseReason"), 'reasonText', b."pauseReason")
         ELSE '{}'::jsonb END)
$$;

-- An escalated SMS's call outcome, on the SMS's own message (its batch, its reference): message.call_answered when
-- its call was answered, message.call_unanswered when the call ended any other way (FAILED, REJECTED, UNKNOWN,
-- CANCELLED) — set on the SMS row by the counters' mirror (migration call_outcomes), so the same statement trigger
-- that raises the state events sees it. One event per call state (the id carries it).
CREATE OR REPLACE FUNCTION tuma_message_events_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT tuma_webhook_wanted(ARRAY['message.rejected', 'message.suppressed', 'message.cancelled', 'message.unknown',
      'message.failed', 'message.delivered', 'message.answered', 'message.call_answered',
      'message.call_unanswered']) THEN RETURN NULL; END IF;
  INSERT INTO "WebhookDelivery" ("endpointId", "eventType", "eventId", payload, "nextAttemptAt", "batchId")
  SELECT e.id, ev.event, ev.id, ev.payload, date_trunc('milliseconds', now()), ev."batchId"
  FROM (
    SELECT tuma_message_event(n.state) AS event, n."batchId", 'msg_m' || n.id || '_' || lower(n.state::text) AS id,
      tuma_message_payload(tuma_message_event(n.state), n, CASE WHEN n.state = 'UNKNOWN' THEN 'no_answer' END) AS payload
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.state <> o.state AND tuma_message_event(n.state) IS NOT NULL
      AND EXISTS (SELECT 1 FROM "Batch" b WHERE b.id = n."batchId" AND b."startedAt" IS NOT NULL)
    UNION ALL
    SELECT c.event, n."batchId", 'msg_m' || n.id || '_call_' || lower(n."callState"::text),
      tuma_message_payload(c.event, n, NULL)
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (SELECT CASE WHEN n."callState" = 'ANSWERED' THEN 'message.call_answered'
      WHEN n."callState" IN ('FAILED', 'REJECTED', 'UNKNOWN', 'CANCELLED') THEN 'message.call_unanswered' END AS event) c
    WHERE n."callState" IS DISTINCT FROM o."callState" AND c.event IS NOT NULL
  ) ev
  JOIN "WebhookEndpoint" e ON e.enabled AND ev.event = ANY(e.events);
  RETURN NULL;
END $$;
