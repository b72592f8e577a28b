// The dispatch harness's lifecycle in vitest, written once: a file's harness and worker started before its tests and
// stopped after them (harnessForFile), or a test's own, stopped after it (harnessPerTest). Kept apart from
// dispatch-harness.ts, which the benchmarks import outside vitest.
import { afterAll, afterEach, beforeAll } from "vitest";
import { startWorker, type WorkerOptions } from "@/lib/dispatch/worker";
import { type Harness, type HarnessOptions, startHarness } from "./dispatch-harness";
import { spawnWorker } from "./worker-process";

type InProcessWorker = Omit<WorkerOptions, "receiptBaseUrl">;

/**
 * A harness and an in-process worker for the whole file. The object returned is filled in beforeAll: tests read its
 * fields (never copy them at the file's top level). A file's own beforeAll registered after this runs after it.
 */
export function harnessForFile(options: HarnessOptions, worker: InProcessWorker): Harness {
  const live = {} as Harness;
  let stop = async () => {};
  beforeAll(async () => {
    const h = await startHarness(options);
    stop = h.close;
    Object.assign(live, h);
    const running = await startWorker({ receiptBaseUrl: h.receiptBaseUrl, ...worker });
    stop = async () => {
      await running.stop();
      await h.close();
    };
  });
  afterAll(() => stop());
  return live;
}

/** Harnesses and workers a test starts itself; after each test, what it started is stopped, the last first. */
export function harnessPerTest() {
  let started: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of started.reverse()) await stop();
    started = [];
  });
  return {
    harness: async (options: HarnessOptions = {}): Promise<Harness> => {
      const h = await startHarness(options);
      started.push(h.close);
      return h;
    },
    worker: async (h: Harness, options: InProcessWorker) => {
      const running = await startWorker({ receiptBaseUrl: h.receiptBaseUrl, ...options });
      started.push(running.stop);
      return running;
    },
    /** A worker in its own process (worker-process.ts), killed with SIGKILL after the test. */
    process: async (h: Harness, lanes: number) => {
      const child = await spawnWorker({ receiptBaseUrl: h.receiptBaseUrl, lanes });
      started.push(() => child.kill("SIGKILL"));
      return child;
    },
  };
}
