// Three worker processes on one batch, each with the default connection budget (DATABASE_POOL_MAX 10): the account's
// pace holds in every 1-s window, every recipient is sent once, every receipt is applied, and no worker ever holds
// more than its budget of connections (counted by the kernel, sampled all through the send). The pace is 40/s so
// that 80 requests span two seconds of windows while the receipts the test process takes stay few enough for a loaded
// machine (20,000 at 120/s took 150 s there). The full-size run — 3 web + 3 workers + importer, 100,000 recipients,
// max_connections = 100 — is docs/scaling.md's "Many processes".
import { expect, test } from "vitest";
import { createBatch } from "@/lib/batches/create-batch";
import { batchWhen, countersConsistent, duplicates, phones } from "@/test/dispatch-harness";
import { connectionsOf } from "@/test/process-connections";
import { harnessPerTest } from "@/test/harness-lifecycle";

const BUDGET = 10;
const PACE = 40;
const RECIPIENTS = 8_000;
const run = harnessPerTest();

test("3 worker processes, 8,000 recipients at 40/s: ≤ 40 requests in every 1-s window, 0 lost, 0 duplicates, all delivered, ≤ 10 connections each", async () => {
  const h = await run.harness({
    // Receipts come 3 s after each request, when all 80 are in: the sandbox posts them from the event loop that
    // stamps arrivals, and 3,800 receipts a second posted beside the requests delayed stamps by up to 84 ms (bunching
    // them into a window: 42 read in a clean run), though the workers wrote no more than 39 in any second. With the
    // receipts after, a stamp came ≤ 13 ms after its write (README.md, "Tests").
    knobs: { latencyMs: [5, 30], receiptDelayMs: [3_000, 3_500] },
    requestsPerSecond: PACE,
    sandboxProcess: true,
  });
  const processes = [await run.process(h, 16), await run.process(h, 16), await run.process(h, 16)];
  await h.sandbox.reset();
  const databasePort = Number(new URL(process.env.DATABASE_URL!).port);
  const peaks = processes.map(() => 0);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      processes.forEach((p, i) => (peaks[i] = Math.max(peaks[i]!, connectionsOf(p.child.pid!, databasePort))));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const { id } = await createBatch({
    kind: "SMS",
    accountId: h.accountId,
    authorId: h.userId,
    name: "three workers",
    templateText: "Hello from Tuma",
    sender: "TUMA",
    recipients: phones(RECIPIENTS, 600_000).map((phone) => ({ phone })),
  });
  const done = await batchWhen(id, (b) => b.deliveredCount === RECIPIENTS, 150_000, "all delivered");
  sampling = false;
  await sampler;
  expect(done.state).toBe("COMPLETED");
  const times = (await h.requests()).map((r) => r.at).sort((a, b) => a - b);
  expect(times).toHaveLength(RECIPIENTS / 100);
  let worst = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= 1_000) j++;
    worst = Math.max(worst, i - j + 1);
  }
  expect(worst).toBeLessThanOrEqual(PACE);
  const accepted = await h.accepted();
  expect(accepted).toHaveLength(RECIPIENTS);
  expect(duplicates(accepted)).toEqual([]);
  expect(await countersConsistent(id)).toBe(true);
  // Each worker held connections (the count is real) and never more than its budget.
  for (const peak of peaks) expect(peak).toBeGreaterThan(0);
  expect(Math.max(...peaks)).toBeLessThanOrEqual(BUDGET);
}, 240_000);
