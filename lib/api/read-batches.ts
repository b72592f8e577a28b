// The API's batch reads: one batch as its Batch resource, and GET /batches — batches newest first, filtered by
// state, kind and a created range, in keyset pages (an opaque cursor holding the last batch's createdAt and id, so a
// page is one index walk however deep, and a batch created meanwhile never shifts a page).
import "server-only";
import { batchPlan } from "@/lib/batches/batch-plan";
import { getBatch } from "@/lib/batches/get-batch";
import { batchPhase } from "@/lib/batches/phase";
import { chunkState } from "@/lib/states/state-sql";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import type { BatchState } from "@/lib/generated/prisma/enums";
import { recipientsRemovedBefore } from "@/lib/history/removed-before";
import { encodeBatchCursor, type BatchCursor } from "./batch-cursor";
import { pageOf, type Page } from "./resources/common";
import { toBatchResource, type BatchResource } from "./resources/batch";

export async function readBatchResource(id: string): Promise<BatchResource> {
  const batch = await getBatch(id);
  if (!batch) throw new AppError("NOT_FOUND", "No such batch.");
  return toBatchResource(batch);
}

/** The batch exists (a 404 for a missing id, the same code on every route: docs/api.md, "Errors"). */
export async function assertBatchExists(id: string): Promise<{ templateText: string }> {
  const batch = await db.batch.findUnique({ where: { id }, select: { templateText: true } });
  if (!batch) throw new AppError("NOT_FOUND", "No such batch.");
  return batch;
}

export type BatchListQuery = {
  limit: number;
  cursor?: BatchCursor | undefined;
  state?: BatchState | undefined;
  kind?: "SMS" | "VOICE" | undefined;
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
};

export async function listBatchResources(query: BatchListQuery): Promise<Page<BatchResource>> {
  const { cursor } = query;
  const rows = await db.batch.findMany({
    where: {
      ...(query.state ? { state: query.state } : {}),
      ...(query.kind ? { kind: query.kind } : {}),
      createdAt: {
        ...(query.createdFrom ? { gte: query.createdFrom } : {}),
        ...(query.createdBefore ? { lt: query.createdBefore } : {}),
      },
      ...(cursor
        ? { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    include: { account: { select: { batchSizeLimit: true, requestsPerSecond: true } } },
  });
  const shown = rows.slice(0, query.limit);
  const ids = shown.map((batch) => batch.id);
  const [inFlight, removed] = await Promise.all([inFlightOf(ids), removedBeforeOf(ids)]);
  const hours = env().NO_RECEIPT_AFTER_HOURS;
  return pageOf(rows, query.limit, encodeBatchCursor, (batch) =>
    toBatchResource({
      ...batch,
      phase: batchPhase(batch, hours),
      plan: batchPlan(batch, batch.account),
      inFlight: inFlight.get(batch.id) ?? 0,
      recipientsRemovedBefore: removed.get(batch.id) ?? null,
    }),
  );
}

/** Recipients in requests being answered, for a page of batches in one query. */
async function inFlightOf(ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool().query<{ batchId: string; in_flight: string }>(
    `SELECT "batchId", sum(size)::text AS in_flight FROM "DispatchChunk"
     WHERE "batchId" = ANY($1::uuid[]) AND state = ${chunkState("SUBMITTING")} GROUP BY "batchId"`,
    [ids],
  );
  return new Map(rows.map((row) => [row.batchId, Number(row.in_flight)]));
}

/**
 * Retention's mark (lib/history/removed-before.ts) for a page of batches: one query finds those whose first message
 * is gone, and only they (rare: batches older than the retention) are asked for the instant.
 */
async function removedBeforeOf(ids: string[]): Promise<Map<string, Date | null>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool().query<{ id: string }>(
    `SELECT b.id FROM "Batch" b WHERE b.id = ANY($1::uuid[]) AND b."firstMessageId" IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM "Message" m WHERE m.id = b."firstMessageId")`,
    [ids],
  );
  const entries = await Promise.all(rows.map(async (row) => [row.id, await recipientsRemovedBefore(row.id)] as const));
  return new Map(entries);
}
