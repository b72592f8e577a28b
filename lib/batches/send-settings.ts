// What each message of a batch is sent with, as stored (Batch): one list, read by the dispatch lanes
// (lib/dispatch/active-batch.ts) and carried over by a resend (resend-batch.ts).
import type { Batch } from "@/lib/generated/prisma/client";

export type BatchSendSettings = Pick<
  Batch,
  "kind" | "templateText" | "sender" | "originator" | "voice" | "repeat" | "linkId" | "language"
>;
