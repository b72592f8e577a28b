// A dispatch worker: wires the parts that do the work. Batches start when their pg-boss job comes due; `lanes`
// concurrent send loops (lane.ts) send their chunks at the account's shared request rate; periodic chores (chores/,
// one file each) recover dead workers' claims, fail interrupted batch creations, delete interrupted list imports, complete
// finished batches, forget expired log-in failures, apply stored receipts, call SMS recipients not reached in time
// (docs/escalation.md) and deliver webhooks. Any number of workers (`npm start`
// supervises one, `npm run worker` runs more) share one database.
import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { resealLegacyTokens } from "@/lib/accounts/account-token";
import { ActiveBatches } from "./active-batches";
import { activateBatch } from "./batch-state";
import { applyReceiptsChore } from "./chores/apply-receipts";
import { completeFinishedBatchesChore } from "./chores/complete-finished-batches";
import { deliverWebhooksChore } from "./chores/deliver-webhooks";
import { escalateUndeliveredChore } from "./chores/escalate-undelivered";
import { deleteInterruptedListsChore } from "./chores/delete-interrupted-lists";
import { failInterruptedStoringChore } from "./chores/fail-interrupted-storing";
import { forgetIdempotencyKeysChore } from "./chores/forget-idempotency-keys";
import { forgetLoginFailuresChore } from "./chores/forget-login-failures";
import { forgetWebhookDeliveriesChore } from "./chores/forget-webhook-deliveries";
import { indexClosedWeeksChore } from "./chores/index-closed-weeks";
import { keepPartitionsChore } from "./chores/keep-partitions";
import { pruneSentTextsChore } from "./chores/prune-sent-texts";
import { recoverOrphansChore } from "./chores/recover-orphans";
import { runChores } from "./chores/run-chores";
import { settleBatchOutcomesChore } from "./chores/settle-batch-outcomes";
import {
  ANALYZE_BATCH_WEEKS,
  boss,
  START_BATCH,
  stopBoss,
  type AnalyzeBatchWeeksJob,
  type StartBatchJob,
} from "@/lib/jobs/queue";
import { analyzeBatchWeeks } from "@/lib/history/partitions";
import { listenBatchReady } from "@/lib/jobs/batch-ready";
import { pool, relaxedPool } from "@/lib/db/pool";
import { runLane, type LaneContext } from "./lane";
import { closeClients } from "./provider-clients";
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

export async function startWorker(options: WorkerOptions): Promise<WorkerHandle> {
  const log = options.log ?? (() => {});
  const lanes = options.lanes ?? 48;
  const identity = await acquireWorkerIdentity();
  const resealed = await resealLegacyTokens();
  if (resealed > 0) log(`${resealed} provider token(s) sealed again in the current format (bound to their account).`);
  let running = true;
  const lane: LaneContext = {
    workerKey: identity.key,
    active: new ActiveBatches(),
    inFlight: new Set(),
    failures: new Map(),
    receiptBaseUrl: options.receiptBaseUrl,
    timeoutMs: options.requestTimeoutMs ?? 30_000,
    maxRetries: options.maxRetries ?? 8,
    running: () => running,
    log,
  };

  const jobs = await boss({ supervise: true });
  await jobs.work<StartBatchJob>(START_BATCH, { pollingIntervalSeconds: 0.5, batchSize: 10 }, async (batch) => {
    for (const job of batch) {
      if (await activateBatch(job.data.batchId)) log(`Batch ${job.data.batchId} started.`);
    }
    lane.active.invalidate();
  });
  // One at a time: an ANALYZE reads a sample of its week, and the next large batch's can wait for it.
  await jobs.work<AnalyzeBatchWeeksJob>(
    ANALYZE_BATCH_WEEKS,
    { pollingIntervalSeconds: 2, batchSize: 1 },
    async ([job]) => {
      if (job) await analyzeBatchWeeks(job.data.batchId);
    },
  );

  // Before the lanes start: a batch committed from now on wakes them at once (lib/jobs/batch-ready.ts).
  await listenBatchReady(identity.session, () => lane.active.wake());
  // A connection of each pool a send uses (the claim's, the record's), opened now rather than by the first send
  // after a start, which would pay PostgreSQL's authentication for each (15–35 ms measured here). Idle connections
  // are kept (lib/db/pool-timeout.ts), within the process's budget.
  await Promise.all([pool().query("SELECT 1"), relaxedPool().query("SELECT 1")]);
  const sending = Array.from({ length: lanes }, () => runLane(lane));
  const sweep = runChores(
    [
      recoverOrphansChore(identity, lane.inFlight),
      failInterruptedStoringChore(identity),
      deleteInterruptedListsChore,
      forgetLoginFailuresChore,
      forgetWebhookDeliveriesChore,
      forgetIdempotencyKeysChore,
      completeFinishedBatchesChore,
      settleBatchOutcomesChore,
      keepPartitionsChore,
      pruneSentTextsChore,
    ],
    log,
  );
  // Apart from the sweep, so that a slow sweep never holds receipts back.
  const receipts = runChores([applyReceiptsChore], log);
  // Escalation on its own loop: its calls must start within seconds of their deadline, whatever the sweep is doing.
  const escalation = runChores([escalateUndeliveredChore], log);
  // Webhooks on their own loop too: an endpoint slow to answer holds back neither receipts nor the sweep.
  const webhooks = runChores([deliverWebhooksChore], log);
  // And the closed weeks' number index: a build takes minutes on a busy week.
  const indexing = runChores([indexClosedWeeksChore], log);
  log(`Dispatch worker ${identity.key} running with ${lanes} lanes.`);

  return {
    key: identity.key,
    stop: async () => {
      running = false;
      await jobs.offWork(START_BATCH).catch(() => {});
      await jobs.offWork(ANALYZE_BATCH_WEEKS).catch(() => {});
      // Lanes finish the request in hand, so nothing they claimed is left SUBMITTING.
      await Promise.race([Promise.allSettled(sending), sleep(lane.timeoutMs + 5_000)]);
      // An index build in hand is not waited for: it may take minutes. One cut short is left invalid and built again
      // at the next start (lib/history/partitions.ts indexClosedWeeks).
      await Promise.all([
        sweep.stop(),
        receipts.stop(),
        webhooks.stop(),
        escalation.stop(),
        Promise.race([indexing.stop(), sleep(1_000)]),
      ]);
      await closeClients();
      await stopBoss();
      await identity.release().catch(() => {});
    },
  };
}
