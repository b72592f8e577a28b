// A dispatch worker: starts batches when their job comes due, sends their chunks through `lanes` concurrent loops at
// the account's shared request rate, recovers the claims of dead workers, completes finished batches and applies
// stored receipts. Any number of workers (in `npm start` and `npm run worker` processes) share one database.
import "server-only";
import { applyPendingReceipts } from "@/lib/receipts/apply-receipts";
import { ActiveBatches } from "./active-batches";
import type { ActiveBatch } from "./active-batch";
import { backoffMs } from "./backoff";
import { pauseBatch } from "@/lib/batches/pause-batch";
import { activateBatch, completeFinishedBatches, pauseAccountBatches } from "./batch-state";
import { claimChunk, type ClaimedChunk } from "./claim";
import { boss, START_BATCH, stopBoss, type StartBatchJob } from "./jobs";
import { clientFor, closeClients, forgetClient } from "./provider-clients";
import { forgetExpiredLoginFailures } from "@/lib/auth/login-throttle";
import { deleteInterruptedUploads } from "@/lib/recipients/interrupted-uploads";
import { failInterruptedStoring } from "./interrupted-storing";
import { recordResponse } from "./record";
import { recoverOrphans } from "./recovery";
import { sendChunk } from "./send-chunk";
import { SharedRateLimiter } from "./shared-rate-limiter";
import type { ProviderClient } from "@/lib/provider/client";
import { acquireWorkerIdentity } from "./worker-identity";

export type WorkerOptions = {
  /** Where the provider must post receipts: this console's base URL (…/api/receipts/<secret> is appended). */
  receiptBaseUrl: string;
  /** Concurrent requests in flight; enough to keep the rate limit busy despite response latency. */
  lanes?: number;
  /** Past this, a request's outcome is unknown. */
  requestTimeoutMs?: number;
  /** Consecutive retryable failures of one batch before it pauses for an operator. */
  maxRetries?: number;
  log?: (line: string) => void;
};

export type WorkerHandle = { key: number; stop: () => Promise<void> };

const SWEEP_MS = 1_000;
/** Expired log-in failure counters harm nobody for a while: swept every ten minutes, not every second. */
const THROTTLE_SWEEP_MS = 10 * 60_000;
const RECEIPT_POLL_MS = 200;

export async function startWorker(options: WorkerOptions): Promise<WorkerHandle> {
  const log = options.log ?? (() => {});
  const lanes = options.lanes ?? 48;
  const timeoutMs = options.requestTimeoutMs ?? 30_000;
  const maxRetries = options.maxRetries ?? 8;
  const identity = await acquireWorkerIdentity();
  const active = new ActiveBatches();
  const failures = new Map<string, number>();
  /** Chunks this worker's lanes hold right now; any other SUBMITTING chunk with our key is an orphan of ours. */
  const inFlight = new Set<string>();
  let running = true;

  const jobs = await boss({ supervise: true });
  await jobs.work<StartBatchJob>(START_BATCH, { pollingIntervalSeconds: 0.5, batchSize: 10 }, async (batch) => {
    for (const job of batch) {
      if (await activateBatch(job.data.batchId)) log(`Batch ${job.data.batchId} started.`);
    }
    active.invalidate();
  });

  async function lane(): Promise<void> {
    while (running) {
      const batch = await active.take().catch(() => null);
      if (!batch) {
        await sleep(100);
        continue;
      }
      try {
        await sendOne(batch);
      } catch (error) {
        log(`Dispatch error on batch ${batch.id}: ${error instanceof Error ? error.message : String(error)}`);
        active.hold(batch.id, 1_000);
      }
    }
  }

  async function sendOne(batch: ActiveBatch): Promise<void> {
    const { client, limiter } = await clientFor(batch.account, timeoutMs);
    // The slot first, then the claim just before it: recipients are SUBMITTING only for the instant before their
    // request leaves, and the request leaves on its slot.
    const slot = await limiter.next();
    if (!running) return;
    const chunk = await claimChunk(batch.id, identity.key);
    if (!chunk) {
      active.drained(batch.id);
      await completeFinishedBatches([batch.id]);
      return;
    }
    inFlight.add(chunk.chunkId);
    try {
      await sendClaimed(batch, chunk, slot, client, limiter);
    } finally {
      inFlight.delete(chunk.chunkId);
    }
    await completeFinishedBatches([batch.id]);
  }

  async function sendClaimed(
    batch: ActiveBatch,
    chunk: ClaimedChunk,
    firstSlot: number,
    client: ProviderClient,
    limiter: SharedRateLimiter,
  ): Promise<void> {
    let slot = firstSlot;
    if (chunk.messages.length === 0) {
      await recordResponse(chunk.chunkId, chunk.claimedAt, [], [], []); // nothing left in it (all settled by receipts)
      return;
    }
    const receiptUrl = `${options.receiptBaseUrl.replace(/\/$/, "")}/api/receipts/${batch.account.receiptSecret}`;
    // Checked when the body is ready, right before the write: a slow claim or a busy event loop must not push the
    // request out of its slot (it would crowd the next second at the provider), so a late slot is swapped for a
    // fresh one.
    const turn = async (): Promise<void> => {
      while (!(await SharedRateLimiter.sendAt(slot))) slot = await limiter.next();
    };
    const outcome = await sendChunk(batch, chunk, client, receiptUrl, { acquire: turn });
    switch (outcome.kind) {
      case "sent":
      case "settled":
        failures.delete(batch.id);
        break;
      case "retry": {
        const count = (failures.get(batch.id) ?? 0) + 1;
        failures.set(batch.id, count);
        if (outcome.rateLimited) {
          await limiter.holdOff(outcome.retryAfterMs ?? 1_000);
        } else if (count >= maxRetries) {
          await pauseBatch(
            batch.id,
            `Paused after ${count} failed attempts to reach the provider (last: ${outcome.reason}). Resume to try again.`,
            null,
          );
          failures.delete(batch.id);
          active.invalidate();
        } else {
          active.hold(batch.id, outcome.retryAfterMs ?? backoffMs(count));
        }
        break;
      }
      case "pause":
        forgetClient(batch.account.id); // its token is wrong: the next request reads the token again
        await pauseAccountBatches(batch.account.id, outcome.reason);
        log(outcome.reason);
        active.invalidate();
        break;
    }
  }

  let throttleSweptAt = 0;
  async function sweeper(): Promise<void> {
    while (running) {
      try {
        const recovered = await recoverOrphans(identity, inFlight);
        if (recovered > 0) log(`Marked ${recovered} message(s) UNKNOWN: their worker stopped mid-request.`);
        for (const id of await failInterruptedStoring(identity))
          log(`Batch ${id} failed: storing its recipients was interrupted.`);
        for (const id of await deleteInterruptedUploads())
          log(`Upload ${id} deleted: the process reading it stopped before the end.`);
        if (Date.now() - throttleSweptAt > THROTTLE_SWEEP_MS) {
          throttleSweptAt = Date.now();
          await forgetExpiredLoginFailures();
        }
        await completeFinishedBatches();
      } catch (error) {
        log(`Sweep failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      await sleep(SWEEP_MS);
    }
  }

  async function receiptApplier(): Promise<void> {
    while (running) {
      try {
        const { taken } = await applyPendingReceipts();
        if (taken > 0) continue; // more may be waiting: no pause while there is a backlog
      } catch (error) {
        log(`Applying receipts failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      await sleep(RECEIPT_POLL_MS);
    }
  }

  const loops = [...Array.from({ length: lanes }, lane), sweeper(), receiptApplier()];
  log(`Dispatch worker ${identity.key} running with ${lanes} lanes.`);

  return {
    key: identity.key,
    stop: async () => {
      running = false;
      await jobs.offWork(START_BATCH).catch(() => {});
      // Lanes finish the request in hand, so nothing they claimed is left SUBMITTING.
      await Promise.race([Promise.allSettled(loops), sleep(timeoutMs + 5_000)]);
      await closeClients();
      await stopBoss();
      await identity.release().catch(() => {});
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
