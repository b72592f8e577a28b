-- Hand-written. A message always belongs to a batch that exists, checked once per statement instead of once per row
-- (issue 41, docs/partitioning.md "A message's batch"). The foreign key "Message_batchId_fkey" checked each row
-- stored by its own lookup of "Batch" (an executor run per row): about 1 s of the 2.5 s that storing 100,000
-- recipients may take (BENCH_ONLY=storing npm run bench: COPY 2.48 s with it, 1.49 s without). Statement triggers
-- keep the same guarantee, on every path that writes "Message" or "Batch":
--
-- - storing messages (COPY, INSERT): after the statement, each distinct batch of its rows is locked FOR KEY SHARE,
--   the lock the foreign key took, and a batch not found refuses the statement (SQLSTATE 23503, as the key did). A
--   batch deleted by a transaction still running is waited for; deleted, it is not found. Named to fire before the
--   other insert triggers (triggers fire in name order), so a refused statement does no other work first;
-- - deleting batches (directly, or by the cascade of "Batch"."escalatesBatchId"): their messages are deleted after the
--   statement, as ON DELETE CASCADE did, and the counters', rare states' and rollup's delete triggers see them go as
--   before. In READ COMMITTED (every transaction that writes them) the delete of the messages reads the latest
--   committed rows: a transaction storing messages of the batch holds its KEY SHARE lock until it commits, the
--   batch's delete waits for it, and its messages are then deleted too;
-- - TRUNCATE "Batch" … CASCADE, which emptied "Message" through the key, empties it here;
-- - a message's batch and a batch's id never change (ON UPDATE CASCADE had nothing to carry: no path changes them):
--   either change is refused, by a row trigger that fires only when the statement sets that column.
--
-- lib/batches/message-batch.test.ts checks each of these.
ALTER TABLE "Message" DROP CONSTRAINT "Message_batchId_fkey";

CREATE FUNCTION tuma_message_batches_exist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted uuid[];
  missing uuid;
BEGIN
  SELECT array_agg(b) INTO wanted FROM (SELECT DISTINCT "batchId" AS b FROM new_rows) d;
  IF wanted IS NULL THEN RETURN NULL; END IF;
  -- Locked in id order, as the counters' trigger locks them (no deadlock between two statements of several batches).
  PERFORM 1 FROM (SELECT b.id FROM "Batch" b WHERE b.id = ANY (wanted) ORDER BY b.id FOR KEY SHARE) locked;
  SELECT w INTO missing FROM unnest(wanted) AS w
  WHERE NOT EXISTS (SELECT 1 FROM "Batch" b WHERE b.id = w) LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert on table "Message" refers to a batch that does not exist'
      USING ERRCODE = 'foreign_key_violation', TABLE = 'Message', COLUMN = 'batchId',
        DETAIL = format('Key ("batchId")=(%s) is not present in table "Batch".', missing);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER message_batches_exist AFTER INSERT ON "Message"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_message_batches_exist();

CREATE FUNCTION tuma_batch_messages_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- By the ("batchId", id) index of each partition: the batches as an array, not a join the planner might hash.
  DELETE FROM "Message" WHERE "batchId" = ANY (ARRAY(SELECT id FROM old_rows));
  RETURN NULL;
END $$;

CREATE TRIGGER batch_messages_delete AFTER DELETE ON "Batch"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_batch_messages_delete();

CREATE FUNCTION tuma_batch_messages_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "Message";
  RETURN NULL;
END $$;

CREATE TRIGGER batch_messages_truncate AFTER TRUNCATE ON "Batch"
  FOR EACH STATEMENT EXECUTE FUNCTION tuma_batch_messages_truncate();

CREATE FUNCTION tuma_batch_reference_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%', CASE TG_TABLE_NAME WHEN 'Batch' THEN 'A batch''s id never changes: its messages refer to it.'
                                          ELSE 'A message never moves to another batch.' END
    USING ERRCODE = 'foreign_key_violation';
END $$;

-- Row triggers on a partitioned table reach every partition, present and future. "UPDATE OF" fires only for a
-- statement that sets the column: dispatch's and receipts' updates never do, so they pay nothing and stay HOT.
CREATE TRIGGER message_batch_fixed AFTER UPDATE OF "batchId" ON "Message"
  FOR EACH ROW WHEN (OLD."batchId" IS DISTINCT FROM NEW."batchId") EXECUTE FUNCTION tuma_batch_reference_fixed();
CREATE TRIGGER batch_id_fixed AFTER UPDATE OF id ON "Batch"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION tuma_batch_reference_fixed();
