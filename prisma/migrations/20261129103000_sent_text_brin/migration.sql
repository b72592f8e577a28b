-- Hand-written (Prisma writes the index without its storage parameter). The duplicate-send guard's memory
-- ("SentText", lib/batches/duplicate-guard.ts) is written for every recipient stored: 100,000 rows for a batch of
-- 100,000 (issue 41 item 3). Its "sentAt" index serves one reader, the pruning chore (rows past the window, 50,000 a
-- run: lib/dispatch/chores/prune-sent-texts.ts); the guard itself reads by the primary key. As a B-tree it took an
-- entry per row written, at a place of its own, and a new entry for every row a later batch sent the same text again.
-- A BRIN index keeps one summary (lowest and highest time) per 128 pages: rows are written in time order, so the
-- summaries stay narrow and writing a row rarely changes one; an update of "sentAt" adds no index entry of its own
-- (PostgreSQL 16 and later: a summarising index does not stop a HOT update where the page has room). The chore's `"sentAt" <= cut-off` reads the ranges whose summary reaches below the
-- cut-off and rechecks their rows (the same rows as before). autosummarize: a range is summarised when it fills,
-- not at the next vacuum (an unsummarised range is read whole by the chore: correct, only slower).
DROP INDEX "SentText_sentAt_idx";
CREATE INDEX "SentText_sentAt_idx" ON "SentText" USING BRIN ("sentAt") WITH (autosummarize = on);
