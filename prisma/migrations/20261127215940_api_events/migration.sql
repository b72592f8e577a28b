-- AlterTable: the sandbox account, the only one a test key reaches (lib/api/key-reach.ts).
ALTER TABLE "ProviderAccount" ADD COLUMN "isSandbox" BOOLEAN NOT NULL DEFAULT false;
-- The account start-up made for the sandbox (lib/bootstrap/sandbox-account.ts); start-up marks it again each time.
UPDATE "ProviderAccount" SET "isSandbox" = true WHERE name = 'Sandbox';

-- Every outcome is an event (docs/webhooks.md): hand-written triggers write the outbox (WebhookDelivery) in the
-- statement that changes a message, a batch or an escalation, whichever path changed it (dispatch's record, recovery,
-- cancel, the receipts applier, the COPY of recipients, pause, resume, the completer), set-based over the statement's
-- transition tables like the counters (migration batch_counters). Each trigger first asks whether an enabled
-- endpoint wants any of its events (a look at a table of a few rows); while none does, it writes nothing.

-- AlterTable: when every outcome of a COMPLETED batch was known, or the no-receipt age passed (batch.completed).
ALTER TABLE "Batch" ADD COLUMN "outcomesKnownAt" TIMESTAMPTZ(3);
-- Batches finished before this migration are not announced now.
UPDATE "Batch" SET "outcomesKnownAt" = COALESCE("finishedAt", "updatedAt") WHERE state IN ('COMPLETED', 'CANCELLED', 'FAILED');
-- The batches lib/webhooks/settle-outcomes.ts looks at: completed, outcomes not yet known.
CREATE INDEX "Batch_outcomes_unknown_idx" ON "Batch" ("finishedAt") WHERE state = 'COMPLETED' AND "outcomesKnownAt" IS NULL;

-- AlterTable: the batch an event belongs to, so the deliverer keeps a batch's events in their documented order.
ALTER TABLE "WebhookDelivery" ADD COLUMN "batchId" UUID;
CREATE INDEX "WebhookDelivery_pending_batch_idx" ON "WebhookDelivery" ("endpointId", "batchId", "eventType")
  WHERE state = 'PENDING';

CREATE FUNCTION tuma_iso(t timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- Whether an enabled endpoint wants one of these events.
CREATE FUNCTION tuma_webhook_wanted(wanted text[]) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "WebhookEndpoint" WHERE enabled AND events && wanted)
$$;

-- A message's new state → its event (lib/webhooks/events.ts MESSAGE_STATE_EVENTS; a test compares them).
CREATE FUNCTION tuma_message_event(s "MessageState") RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE s WHEN 'REJECTED' THEN 'message.rejected' WHEN 'SUPPRESSED' THEN 'message.suppressed'
    WHEN 'CANCELLED' THEN 'message.cancelled' WHEN 'UNKNOWN' THEN 'message.unknown' WHEN 'FAILED' THEN 'message.failed'
    WHEN 'DELIVERED' THEN 'message.delivered' WHEN 'ANSWERED' THEN 'message.answered' END
$$;

-- A pause's reason sentence → its code (events.ts PAUSE_CODES): the prefixes of lib/units/out-of-units.ts,
-- lib/dispatch/send-chunk.ts (401), lib/dispatch/lane.ts (retries) and lib/batches/pause-batch.ts (ESCALATION_PAUSED).
CREATE FUNCTION tuma_pause_code(reason text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN starts_with(reason, 'Out of units:') THEN 'out_of_units'
    WHEN starts_with(reason, 'The provider refused the account''s token') THEN 'token_refused'
    WHEN starts_with(reason, 'Paused after ') THEN 'provider_unreachable'
    WHEN starts_with(reason, 'Paused with the SMS batch it calls for') THEN 'with_sms_batch'
    ELSE 'operator' END
$$;

CREATE FUNCTION tuma_message_payload(event text, m "Message", reason text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('type', event, 'timestamp', tuma_iso(now()), 'data',
    jsonb_build_object('batchId', m."batchId", 'messageId', m.id::text, 'phone', m.phone, 'state', m.state,
      'deliveryStatus', m."deliveryStatus", 'failureClass', m."failureClass", 'receiptTime', tuma_iso(m."receiptAt"),
      'error', m."lastError")
    || CASE WHEN reason IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('reason', reason) END)
$$;

CREATE FUNCTION tuma_batch_payload(event text, b "Batch") RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('type', event, 'timestamp', tuma_iso(now()), 'data',
    jsonb_build_object('batchId', b.id, 'name', b.name, 'kind', b.kind, 'state', b.state,
      'startedAt', tuma_iso(b."startedAt"), 'finishedAt', tuma_iso(b."finishedAt"),
      'counts', jsonb_build_object('recipients', b."recipientCount", 'pending', b."pendingCount",
        'noReceiptYet', b."queuedCount", 'delivered', b."deliveredCount", 'answered', b."answeredCount",
        'failed', b."failedCount", 'rejected', b."rejectedCount", 'unknown', b."unknownCount",
        'cancelled', b."cancelledCount", 'suppressed', b."suppressedCount"))
    || CASE WHEN event = 'batch.paused'
         THEN jsonb_build_object('reason', tuma_pause_code(b."pauseReason"), 'reasonText', b."pauseReason")
         ELSE '{}'::jsonb END)
$$;

-- Message events wait for their batch to start: a batch cancelled before it started raises batch.cancelled alone,
-- and the numbers a batch suppressed while it waited are announced when it starts (tuma_batch_events_update).
CREATE FUNCTION tuma_message_events_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT tuma_webhook_wanted(ARRAY['message.rejected', 'message.suppressed', 'message.cancelled', 'message.unknown',
      'message.failed', 'message.delivered', 'message.answered']) THEN RETURN NULL; END IF;
  INSERT INTO "WebhookDelivery" ("endpointId", "eventType", "eventId", payload, "nextAttemptAt", "batchId")
  SELECT e.id, ev.event, ev.id, ev.payload, date_trunc('milliseconds', now()), ev."batchId"
  FROM (
    SELECT tuma_message_event(n.state) AS event, n."batchId", 'msg_m' || n.id || '_' || lower(n.state::text) AS id,
      tuma_message_payload(tuma_message_event(n.state), n, CASE WHEN n.state = 'UNKNOWN' THEN 'no_answer' END) AS payload
    FROM new_rows n
    WHERE tuma_message_event(n.state) IS NOT NULL
      AND EXISTS (SELECT 1 FROM "Batch" b WHERE b.id = n."batchId" AND b."startedAt" IS NOT NULL)
  ) ev
  JOIN "WebhookEndpoint" e ON e.enabled AND ev.event = ANY(e.events);
  RETURN NULL;
END $$;

CREATE FUNCTION tuma_message_events_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT tuma_webhook_wanted(ARRAY['message.rejected', 'message.suppressed', 'message.cancelled', 'message.unknown',
      'message.failed', 'message.delivered', 'message.answered']) THEN RETURN NULL; END IF;
  INSERT INTO "WebhookDelivery" ("endpointId", "eventType", "eventId", payload, "nextAttemptAt", "batchId")
  SELECT e.id, ev.event, ev.id, ev.payload, date_trunc('milliseconds', now()), ev."batchId"
  FROM (
    SELECT tuma_message_event(n.state) AS event, n."batchId", 'msg_m' || n.id || '_' || lower(n.state::text) AS id,
      tuma_message_payload(tuma_message_event(n.state), n, CASE WHEN n.state = 'UNKNOWN' THEN 'no_answer' END) AS payload
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.state <> o.state AND tuma_message_event(n.state) IS NOT NULL
      AND EXISTS (SELECT 1 FROM "Batch" b WHERE b.id = n."batchId" AND b."startedAt" IS NOT NULL)
  ) ev
  JOIN "WebhookEndpoint" e ON e.enabled AND ev.event = ANY(e.events);
  RETURN NULL;
END $$;

CREATE TRIGGER message_webhook_events_insert AFTER INSERT ON "Message"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_message_events_insert();
CREATE TRIGGER message_webhook_events_update AFTER UPDATE ON "Message"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_message_events_update();

-- A batch's id in an event id, with the transaction's time for the events a batch may raise more than once.
CREATE FUNCTION tuma_batch_event_id(batch uuid, event text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT 'msg_b' || replace(batch::text, '-', '') || '_' || replace(event, 'batch.', '')
    || CASE WHEN event IN ('batch.paused', 'batch.resumed') THEN '_' || (extract(epoch FROM now()) * 1000000)::bigint ELSE '' END
$$;

CREATE FUNCTION tuma_batch_events_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT tuma_webhook_wanted(ARRAY['batch.started']) THEN RETURN NULL; END IF;
  INSERT INTO "WebhookDelivery" ("endpointId", "eventType", "eventId", payload, "nextAttemptAt", "batchId")
  SELECT e.id, 'batch.started', tuma_batch_event_id(n.id, 'batch.started'), tuma_batch_payload('batch.started', n),
    date_trunc('milliseconds', now()), n.id
  FROM new_rows n JOIN "WebhookEndpoint" e ON e.enabled AND 'batch.started' = ANY(e.events)
  WHERE n."startedAt" IS NOT NULL;
  RETURN NULL;
END $$;

-- Batch rows are updated by every message statement (the counters): the transition tables hold a few rows, and
-- only a change of state (or of outcomesKnownAt) raises an event.
CREATE FUNCTION tuma_batch_events_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT tuma_webhook_wanted(ARRAY['batch.started', 'batch.paused', 'batch.resumed', 'batch.cancelled', 'batch.sent',
      'batch.completed', 'message.suppressed']) THEN RETURN NULL; END IF;
  INSERT INTO "WebhookDelivery" ("endpointId", "eventType", "eventId", payload, "nextAttemptAt", "batchId")
  SELECT e.id, ev.event, tuma_batch_event_id(ev.id, ev.event), ev.payload, date_trunc('milliseconds', now()), ev.id
  FROM (
    SELECT x.ord, x.event, n.id, tuma_batch_payload(x.event, n) AS payload
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES
      (1, CASE WHEN o.state = 'PAUSED' AND n.state NOT IN ('PAUSED', 'CANCELLED') AND o."startedAt" IS NOT NULL
               THEN 'batch.resumed' END),
      (2, CASE WHEN o."startedAt" IS NULL AND n."startedAt" IS NOT NULL THEN 'batch.started' END),
      (3, CASE WHEN n.state = 'PAUSED' AND o.state <> 'PAUSED' THEN 'batch.paused' END),
      (4, CASE WHEN n.state = 'CANCELLED' AND o.state <> 'CANCELLED' THEN 'batch.cancelled' END),
      (5, CASE WHEN n.state = 'COMPLETED' AND o.state <> 'COMPLETED' THEN 'batch.sent' END),
      (6, CASE WHEN n."outcomesKnownAt" IS NOT NULL AND o."outcomesKnownAt" IS NULL THEN 'batch.completed' END)
    ) AS x(ord, event)
    WHERE x.event IS NOT NULL
  ) ev
  JOIN "WebhookEndpoint" e ON e.enabled AND ev.event = ANY(e.events)
  ORDER BY ev.ord, ev.id, e.id;
  -- The numbers suppressed while the batch waited to start, announced after its batch.started.
  INSERT INTO "WebhookDelivery" ("endpointId", "eventType", "eventId", payload, "nextAttemptAt", "batchId")
  SELECT e.id, 'message.suppressed', 'msg_m' || m.id || '_suppressed', tuma_message_payload('message.suppressed', m, NULL),
    date_trunc('milliseconds', now()), m."batchId"
  FROM new_rows n JOIN old_rows o ON o.id = n.id AND o."startedAt" IS NULL AND n."startedAt" IS NOT NULL
  JOIN "MessageRareState" r ON r."batchId" = n.id AND r.state = 'SUPPRESSED'
  JOIN "Message" m ON m.id = r."messageId"
  JOIN "WebhookEndpoint" e ON e.enabled AND 'message.suppressed' = ANY(e.events)
  ORDER BY m.id, e.id;
  RETURN NULL;
END $$;

CREATE TRIGGER batch_webhook_events_insert AFTER INSERT ON "Batch"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_batch_events_insert();
CREATE TRIGGER batch_webhook_events_update AFTER UPDATE ON "Batch"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_batch_events_update();

-- An SMS that got a call (docs/escalation.md).
CREATE FUNCTION tuma_escalation_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT tuma_webhook_wanted(ARRAY['message.escalated']) THEN RETURN NULL; END IF;
  INSERT INTO "WebhookDelivery" ("endpointId", "eventType", "eventId", payload, "nextAttemptAt", "batchId")
  SELECT e.id, 'message.escalated', 'msg_m' || m.id || '_escalated',
    jsonb_set(p.payload, '{data}', (p.payload -> 'data')
      || jsonb_build_object('callBatchId', n."childBatchId", 'callMessageId', n."childMessageId"::text)),
    date_trunc('milliseconds', now()), m."batchId"
  FROM new_rows n JOIN "Message" m ON m.id = n."parentMessageId"
  CROSS JOIN LATERAL (SELECT tuma_message_payload('message.escalated', m, NULL) AS payload) p
  JOIN "WebhookEndpoint" e ON e.enabled AND 'message.escalated' = ANY(e.events)
  ORDER BY m.id, e.id;
  RETURN NULL;
END $$;

CREATE TRIGGER escalation_webhook_events AFTER INSERT ON "Escalation"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_escalation_events();

-- Events recovered since a time, per endpoint (lib/webhooks/recover-events.ts).
CREATE INDEX "WebhookDelivery_endpointId_createdAt_id_idx" ON "WebhookDelivery" ("endpointId", "createdAt", id);

-- Every attempt of a delivery with its answer (the delivery log; lib/webhooks/record-outcomes.ts writes a page's in
-- one statement).
CREATE TABLE "WebhookAttempt" (
    "id" BIGSERIAL NOT NULL,
    "deliveryId" BIGINT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "statusCode" INTEGER,
    "latencyMs" INTEGER,
    "error" TEXT,
    "responseExcerpt" TEXT,

    CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "WebhookAttempt_deliveryId_id_idx" ON "WebhookAttempt"("deliveryId", "id");
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_deliveryId_fkey" FOREIGN KEY ("deliveryId")
  REFERENCES "WebhookDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;
