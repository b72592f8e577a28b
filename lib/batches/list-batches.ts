// Batches, newest first, with their counters and where each stands (phase.ts): what the Batches page and the Overview
// show. The Batches page filters by name and kind and pages by keyset (the last batch shown), all from its URL.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { queryCursor, queryEnum, queryText } from "@/lib/http/page-query";
import { batchPhase } from "./phase";
import { unmappedInBatches, unmappedTotal } from "@/lib/receipts/unmapped-in-batch";

export const BATCH_KINDS = ["SMS", "VOICE"] as const;

export const batchFilterSchema = z.object({
  q: queryText(100, "Search by at most 100 characters of a batch's name."),
  kind: queryEnum(BATCH_KINDS, "The kind is SMS or VOICE."),
  after: queryCursor("uuid", "The cursor must be a batch id."),
});

export type BatchFilter = z.output<typeof batchFilterSchema>;

export async function listBatches({
  take = 50,
  cursor,
  q,
  kind,
}: { take?: number; cursor?: string; q?: string; kind?: BatchFilter["kind"] } = {}) {
  const batches = await db.batch.findMany({
    where: { ...(q ? { name: { contains: q, mode: "insensitive" } } : {}), ...(kind ? { kind } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    include: {
      author: { select: { name: true } },
      account: { select: { name: true } },
      escalationChild: { select: { pendingCount: true, queuedCount: true } },
    },
  });
  const hours = env().NO_RECEIPT_AFTER_HOURS;
  const unmapped = await unmappedInBatches(batches.map((b) => b.id));
  return batches.map(({ escalationChild: calls, ...batch }) => ({
    ...batch,
    phase: batchPhase(
      {
        ...batch,
        callsOpen: calls ? calls.pendingCount + calls.queuedCount : 0,
        unmappedReceipts: unmappedTotal(unmapped.get(batch.id)),
      },
      hours,
    ),
  }));
}

/** One page of the Batches page: `next` is the cursor of the page after it, null on the last. */
export async function listBatchPage(filter: BatchFilter, size = 50) {
  const rows = await listBatches({ take: size + 1, cursor: filter.after, q: filter.q, kind: filter.kind });
  return { rows: rows.slice(0, size), next: rows.length > size ? rows[size - 1]!.id : null };
}

export type BatchListItem = Awaited<ReturnType<typeof listBatches>>[number];
