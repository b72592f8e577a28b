-- CreateTable
CREATE TABLE "MessageRareState" (
    "batchId" UUID NOT NULL,
    "state" "MessageState" NOT NULL,
    "messageId" BIGINT NOT NULL,

    CONSTRAINT "MessageRareState_pkey" PRIMARY KEY ("batchId","state","messageId")
);

-- Hand-written: kept by statement-level triggers on "Message" beside the batch counters, so every path that writes
-- messages (COPY of recipients, recording answers, applying receipts, cancel, recovery) keeps it without knowing.
-- The uncommon states here must be lib/batches/states.ts UNCOMMON_MESSAGE_STATES (a test checks each state).
ALTER TABLE "MessageRareState" ADD CONSTRAINT "MessageRareState_batchId_fkey"
  FOREIGN KEY ("batchId") REFERENCES "Batch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION tuma_is_rare_state(s "MessageState") RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT s IN ('FAILED', 'REJECTED', 'UNKNOWN', 'CANCELLED', 'SUPPRESSED')
$$;

CREATE FUNCTION tuma_rare_states_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "MessageRareState" ("batchId", state, "messageId")
  SELECT "batchId", state, id FROM new_rows WHERE tuma_is_rare_state(state)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION tuma_rare_states_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "MessageRareState" r
  USING old_rows o JOIN new_rows n ON n.id = o.id
  WHERE n.state <> o.state AND tuma_is_rare_state(o.state)
    AND r."batchId" = o."batchId" AND r.state = o.state AND r."messageId" = o.id;
  INSERT INTO "MessageRareState" ("batchId", state, "messageId")
  SELECT n."batchId", n.state, n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.state <> o.state AND tuma_is_rare_state(n.state)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION tuma_rare_states_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "MessageRareState" r USING old_rows o
  WHERE tuma_is_rare_state(o.state) AND r."batchId" = o."batchId" AND r.state = o.state AND r."messageId" = o.id;
  RETURN NULL;
END $$;

CREATE TRIGGER message_rare_states_insert AFTER INSERT ON "Message"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_rare_states_insert();
CREATE TRIGGER message_rare_states_update AFTER UPDATE ON "Message"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_rare_states_update();
CREATE TRIGGER message_rare_states_delete AFTER DELETE ON "Message"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_rare_states_delete();

-- Messages already in such a state.
INSERT INTO "MessageRareState" ("batchId", state, "messageId")
SELECT "batchId", state, id FROM "Message" WHERE tuma_is_rare_state(state);
