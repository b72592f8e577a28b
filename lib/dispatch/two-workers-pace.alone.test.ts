// Two worker processes on one batch at the provider's own ceiling (120 requests/s): no 1-second window of arrivals at
// the sandbox over it, and nothing sent twice. Its own file, named *.alone.test.ts so that it runs after the others,
// one file at a time (vitest.config.ts): the sandbox stamps an arrival when its process gets the CPU, and another
// test file's load on two cores delayed some stamps by up to 100 ms (measured), bunching later ones into a window —
// the sandbox's measure, not the workers' pace (README.md, "Tests").
import { expect, test } from "vitest";
import { batchWhen, duplicates, phones } from "@/test/dispatch-harness";
import { harnessPerTest } from "@/test/harness-lifecycle";
import { createBatch } from "@/lib/batches/create-batch";

const run = harnessPerTest();

test("two worker processes on one batch: no 1-second window over the account's limit, 0 duplicates", async () => {
  const h = await run.harness({ knobs: { receipts: false, latencyMs: [5, 30] }, sandboxProcess: true });
  const processes = [await run.process(h, 8), await run.process(h, 8)];
  await h.sandbox.reset();
  const { id } = await createBatch({
    kind: "SMS",
    accountId: h.accountId,
    authorId: h.userId,
    name: "pace",
    templateText: "Pace test",
    sender: "TUMA",
    recipients: phones(40_000, 400_000).map((phone) => ({ phone })),
  });
  await batchWhen(id, (b) => b.state === "COMPLETED", 90_000, "completed");
  const times = (await h.requests()).map((r) => r.at).sort((a, b) => a - b);
  expect(times).toHaveLength(400);
  let worst = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= 1_000) j++;
    worst = Math.max(worst, i - j + 1);
  }
  expect(worst).toBeLessThanOrEqual(120);
  expect((await h.requests()).filter((r) => r.status === 429)).toHaveLength(0);
  const accepted = await h.accepted();
  expect(accepted).toHaveLength(40_000);
  expect(duplicates(accepted)).toEqual([]);
  // Both processes really sent (each claimed chunks under its own key).
  expect(processes.every((p) => p.output().includes("running"))).toBe(true);
  // The test's own budget covers its wait for completion (90 s) plus two workers and a sandbox process starting: the
  // file's 60 s default cut it short on a busy machine while the batch was still being sent correctly.
}, 180_000);
