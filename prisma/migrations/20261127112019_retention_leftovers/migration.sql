-- Retention drops whole weeks of Message and Receipt (migration partition_by_week); the rows that other tables keep
-- per message of those weeks — a rare state's row, a chunk of 100, an escalation — were left behind for ever. These
-- indexes let the partitions chore (lib/history/leftovers.ts) find exactly those rows, by message id below the lowest
-- week still kept, a few thousand at a time, without reading the rest of either table. Escalation needs none: its
-- primary key is the SMS's message id.

-- CreateIndex
CREATE INDEX "DispatchChunk_lastMessageId_idx" ON "DispatchChunk"("lastMessageId");

-- CreateIndex
CREATE INDEX "MessageRareState_messageId_idx" ON "MessageRareState"("messageId");
