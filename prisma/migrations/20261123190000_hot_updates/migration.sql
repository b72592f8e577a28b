-- Hand-written (Prisma does not model storage parameters). Issue 18.4, measured by bench/message-cost.ts
-- (docs/partitioning.md §4).
--
-- A message is stored by COPY and then updated twice (the provider's answer, then its receipt), and each update makes
-- the row longer (provider id, operator, units, times, status). An update is in place (HOT: no new index entries, a
-- fraction of the WAL) only when the new row version fits on the same page. At fillfactor 80 a third of the updates
-- fitted; each of the others wrote a whole new row elsewhere plus an entry in all three indexes. At 30 every update
-- of a 100-message chunk fits beside its rows, and the dead versions are pruned before the receipt's update needs the
-- room again. A page ends about half full of live rows: disk traded for WAL and CPU.
ALTER TABLE "Message" SET (fillfactor = 30);
-- A receipt is updated once, when applied (messageId, appliedAt): at 100 there was room for none of them, so every
-- application moved the whole receipt (raw JSON included) and re-indexed it in its three indexes.
ALTER TABLE "Receipt" SET (fillfactor = 50);
