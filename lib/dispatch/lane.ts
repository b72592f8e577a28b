// One of a worker's concurrent send loops, and what it does with each answer: take a batch, a send slot from the
// account's shared limiter, claim a chunk just before the slot, send it, then act on the outcome — a retry after a
// backoff (or after the provider's Retry-After, for every lane of the account), a pause after too many failures, a
// pause of the account's batches on a refused token or when the account is out of units.
import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { pauseBatch } from "@/lib/batches/pause-batch";
import type { ProviderClient } from "@/lib/provider/client";
import type { ActiveBatch } from "./active-batch";
import type { ActiveBatches } from "./active-batches";
import { backoffMs } from "./backoff";
import { completeFinishedBatches, pauseAccountBatches } from "./batch-state";
import { claimChunk, type ClaimedChunk } from "./claim";
import { clientFor, forgetClient } from "./provider-clients";
import { recordResponse } from "./record";
import { sendChunk, type ChunkOutcome } from "./send-chunk";
import { SharedRateLimiter } from "./shared-rate-limiter";

export type LaneContext = {
  workerKey: number;
  active: ActiveBatches;
  /** Chunks this worker's lanes hold right now; any other SUBMITTING chunk with our key is an orphan of ours. */
  inFlight: Set<string>;
  /** Consecutive retryable failures per batch, shared by the worker's lanes. */
  failures: Map<string, number>;
  /** Where the provider must post receipts: this console's base URL (…/api/receipts/<secret> is appended). */
  receiptBaseUrl: string;
  /** Past this, a request's outcome is unknown. */
  timeoutMs: number;
  /** Consecutive retryable failures of one batch before it pauses for an operator. */
  maxRetries: number;
  running: () => boolean;
  log: (line: string) => void;
};

export async function runLane(lane: LaneContext): Promise<void> {
  while (lane.running()) {
    const batch = await lane.active.take().catch(() => null);
    if (!batch) {
      // Nothing to send: wait for the list's next look (a database that does not answer: a second).
      await lane.active.nextLook().catch(() => sleep(1_000));
      continue;
    }
    try {
      await sendOne(lane, batch);
    } catch (error) {
      lane.log(`Dispatch error on batch ${batch.id}: ${error instanceof Error ? error.message : String(error)}`);
      lane.active.hold(batch.id, 1_000);
    }
  }
}

async function sendOne(lane: LaneContext, batch: ActiveBatch): Promise<void> {
  const { client, limiter } = await clientFor(batch.account, lane.timeoutMs);
  // The slot first, then the claim just before it: recipients are SUBMITTING only for the instant before their
  // request leaves, and the request leaves on its slot.
  const slot = await limiter.next();
  if (!lane.running()) return;
  const chunk = await claimChunk(batch.id, lane.workerKey, batch);
  if (!chunk) {
    lane.active.drained(batch.id);
    await completeFinishedBatches([batch.id]);
    return;
  }
  lane.inFlight.add(chunk.chunkId);
  try {
    await sendClaimed(lane, batch, chunk, slot, client, limiter);
  } finally {
    lane.inFlight.delete(chunk.chunkId);
  }
  await completeFinishedBatches([batch.id]);
}

async function sendClaimed(
  lane: LaneContext,
  batch: ActiveBatch,
  chunk: ClaimedChunk,
  firstSlot: number,
  client: ProviderClient,
  limiter: SharedRateLimiter,
): Promise<void> {
  let slot = firstSlot;
  if (chunk.messages.length === 0) {
    await recordResponse(chunk, [], [], []); // nothing left in it (all settled by receipts)
    return;
  }
  const receiptUrl = `${lane.receiptBaseUrl.replace(/\/$/, "")}/api/receipts/${batch.account.receiptSecret}`;
  // Checked when the body is ready, right before the write: a slow claim or a busy event loop must not push the
  // request out of its slot (it would crowd the next second at the provider), so a late slot is swapped for a
  // fresh one.
  const turn = async (): Promise<void> => {
    while (!(await SharedRateLimiter.sendAt(slot))) slot = await limiter.next();
  };
  const outcome = await sendChunk(batch, chunk, client, receiptUrl, { acquire: turn });
  await actOn(lane, batch, outcome, limiter);
}

async function actOn(
  lane: LaneContext,
  batch: ActiveBatch,
  outcome: ChunkOutcome,
  limiter: SharedRateLimiter,
): Promise<void> {
  switch (outcome.kind) {
    case "sent":
    case "settled":
      lane.failures.delete(batch.id);
      break;
    case "retry": {
      const count = (lane.failures.get(batch.id) ?? 0) + 1;
      lane.failures.set(batch.id, count);
      if (outcome.rateLimited) {
        await limiter.holdOff(outcome.retryAfterMs ?? 1_000);
      } else if (count >= lane.maxRetries) {
        await pauseBatch(
          batch.id,
          `Paused after ${count} failed attempts to reach the provider (last: ${outcome.reason}). Resume to try again.`,
          null,
        );
        lane.failures.delete(batch.id);
        lane.active.invalidate();
      } else {
        lane.active.hold(batch.id, outcome.retryAfterMs ?? backoffMs(count));
      }
      break;
    }
    case "pause":
      // A wrong token: the next request reads the token again. Out of units: the client is fine, the account is empty.
      if (outcome.cause === "token") forgetClient(batch.account.id);
      await pauseAccountBatches(batch.account.id, outcome.reason);
      lane.log(outcome.reason);
      lane.active.invalidate();
      break;
  }
}
