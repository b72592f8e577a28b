-- Hand-written. Each person in their own language (issue 39): a batch (and a template) can carry, beside its default
-- text, one variant per language; each recipient records the language whose variant it was sent (null: the default).
--
-- The variants are a JSON array on their batch and template, not a table: there are a handful per batch, always read
-- and written whole with it (storing renders each recipient from them, dispatch maps a message's language to its
-- voice language once per batch), never queried one by one or joined; lib/batches/variants.ts checks their shape
-- before they are stored, and the CHECK keeps anything but an array out.
--
-- Message is partitioned by week (migration partition_by_week): the column reaches every partition, present and
-- future. Null for every message of a batch without variants, so it costs them nothing; never updated after the
-- message is stored, so state updates stay HOT (migration hot_updates).
ALTER TABLE "Batch" ADD COLUMN "variants" JSONB;
ALTER TABLE "Batch" ADD CONSTRAINT "Batch_variants_array" CHECK ("variants" IS NULL OR jsonb_typeof("variants") = 'array');
ALTER TABLE "Template" ADD COLUMN "variants" JSONB;
ALTER TABLE "Template" ADD CONSTRAINT "Template_variants_array" CHECK ("variants" IS NULL OR jsonb_typeof("variants") = 'array');
ALTER TABLE "Message" ADD COLUMN "language" TEXT;

-- Every message event carries the recipient's language (null: the default text), beside the caller's reference.
CREATE OR REPLACE FUNCTION tuma_message_payload(event text, m "Message", reason text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('type', event, 'timestamp', tuma_iso(now()), 'data',
    jsonb_build_object('batchId', m."batchId", 'messageId', m.id::text, 'phone', m.phone, 'state', m.state,
      'deliveryStatus', m."deliveryStatus", 'failureClass', m."failureClass", 'receiptTime', tuma_iso(m."receiptAt"),
      'error', m."lastError", 'reference', m.reference, 'metadata', m.metadata, 'language', m.language,
      'callState', m."callState",
      'reached', m.state IN ('DELIVERED', 'ANSWERED') OR m."callState" IS NOT DISTINCT FROM 'ANSWERED',
      'reachedBy', CASE WHEN m.state = 'DELIVERED' THEN 'sms'
                        WHEN m.state = 'ANSWERED' OR m."callState" = 'ANSWERED' THEN 'call' END)
    || CASE WHEN reason IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('reason', reason) END)
$$;
