-- Hand-written. A list's opted-out count stays true after its upload (issue 35 item 6): numbers opted out later, or
-- whose opt-out is removed, move "List"."optedOutCount" and its "Opted out" group ("ListIssue" rows of kind
-- OPTED_OUT, which the list page downloads) in the statement that changes "OptOut". Every reader of the column — the
-- Lists page, a list's page, Compose's picker, the API's lists — is then right without counting anything at read.
--
-- Why a counter kept by a trigger rather than a count at read (bench/list-opted-out.ts, docs/design.md §5): both
-- need to find the lists a number is on, so both need an index on "ListRecipient"(phone). Counted at read, each view
-- of the Lists page joins every opt-out with the lists it shows (76 ms for a 100,000-row list among 40 others with
-- 1,000 opt-outs; PostgreSQL chose a scan of every row shown over the index probes), a cost that grows with the lists
-- and the opt-outs; kept by the trigger, the page reads one column (0.8 ms) and an opt-out costs one index probe per
-- number. A hash index: only equality is asked of it, and it stores a 4-byte hash, not the number, so storing a
-- list pays a little less for it than for a btree (1.69 × / 1.34 × against 1.74 × / 1.63 × for 1,000,000 rows).
--
-- Uploads: a list still STORING is counted by its writer slice by slice (lib/lists/list-writer.ts adds its count to
-- the column at the end instead of setting it), and by this trigger for the slices already stored, so an opt-out
-- that arrives during a long upload is counted once either way.
-- Lock order: list rows are updated in id order, so two opt-out statements touching the same lists cannot deadlock.
CREATE INDEX "ListRecipient_phone_idx" ON "ListRecipient" USING HASH (phone);

CREATE OR REPLACE FUNCTION tuma_opt_out_lists_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  FOR d IN
    WITH added AS (
      INSERT INTO "ListIssue" ("listId", kind, "rowNumber", value, "values", reason)
      SELECT r."listId", 'OPTED_OUT', r."rowNumber", r.phone, r."values",
             'On the opt-out list since ' || to_char(n."createdAt" AT TIME ZONE
               COALESCE((SELECT "timeZone" FROM "Organisation" WHERE id = 1), 'Africa/Nairobi'), 'YYYY-MM-DD')
             || ': it will not be sent to.'
      FROM new_rows n JOIN "ListRecipient" r ON r.phone = n.phone
      ON CONFLICT DO NOTHING
      RETURNING "listId"
    )
    SELECT "listId" AS id, count(*)::int AS n FROM added GROUP BY 1 ORDER BY 1
  LOOP
    UPDATE "List" SET "optedOutCount" = "optedOutCount" + d.n WHERE id = d.id;
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION tuma_opt_out_lists_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  FOR d IN
    WITH removed AS (
      DELETE FROM "ListIssue" i
      USING old_rows o, "ListRecipient" r
      WHERE r.phone = o.phone AND i."listId" = r."listId" AND i.kind = 'OPTED_OUT' AND i."rowNumber" = r."rowNumber"
      RETURNING i."listId"
    )
    SELECT "listId" AS id, count(*)::int AS n FROM removed GROUP BY 1 ORDER BY 1
  LOOP
    UPDATE "List" SET "optedOutCount" = greatest(0, "optedOutCount" - d.n) WHERE id = d.id;
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER opt_out_lists_insert AFTER INSERT ON "OptOut"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_opt_out_lists_insert();
CREATE TRIGGER opt_out_lists_delete AFTER DELETE ON "OptOut"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tuma_opt_out_lists_delete();
