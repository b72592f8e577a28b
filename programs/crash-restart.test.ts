// `npm start` under a real fault in one of its processes: a throw and a rejected promise nobody awaits in the web
// process's request path (where Next's own listeners would only log them and keep the process serving), and a throw
// in a worker's chore loop. Each ends its process with the cause in a log line, the supervisor starts it again, and
// the console answers. The faults are injected by the test-only switch lib/bootstrap/injected-crash.ts. Needs the
// built console (built here when a source is newer than the build).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { waitFor } from "@/test/dispatch-harness";
import { consoleForFile, health } from "@/test/console-for-file";

let crashDir = "";
// Registered first, so that its folder is removed after the console has stopped (after-hooks run last first).
beforeAll(() => {
  crashDir = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-crash-switch-"));
});
afterAll(() => fs.rmSync(crashDir, { recursive: true, force: true }));
const startConsole = consoleForFile("crash", 40 * 60_000);

/** How many times the console's output says `pattern`. */
const times = (output: string, pattern: RegExp) => output.match(new RegExp(pattern, "g"))?.length ?? 0;

test("a crash in the web process's request path or a worker's chore ends that process with its cause logged; it is started again and the console answers", async () => {
  const running = await startConsole({ ADMIN_PASSWORD: "crash-restart-admin-password", TUMA_TEST_CRASH_DIR: crashDir });
  expect(await health(running)).toBe(200);
  // Metrics are off without METRICS_TOKEN: /metrics is an unknown path (lib/metrics/serve-metrics.ts).
  expect((await fetch(`${running.url}/metrics`)).status).toBe(404);

  const faults = [
    { kind: "throw", logged: "web crashed (uncaught exception): injected crash at web-request (throw)" },
    { kind: "reject", logged: "web crashed (unhandled rejection): injected crash at web-request (reject)" },
  ];
  for (const [index, fault] of faults.entries()) {
    const web = running.webPid();
    fs.writeFileSync(path.join(crashDir, "web-request"), fault.kind);
    await health(running); // the request that meets the fault
    await waitFor(
      async () => running.output(),
      (output) => times(output, /web is running again \(process \d+\)\./) > index,
      120_000,
      `the web process started again after a ${fault.kind}`,
    );
    // The cause, as a log line of the process that crashed (JSON: the output is a pipe here).
    const line = running
      .output()
      .split("\n")
      .find((candidate) => candidate.includes(fault.logged));
    expect(line, running.output()).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ level: 60, component: "web", err: { type: "Error" } });
    expect(running.output()).toMatch(/web stopped \(exit code 70\); starting it again in \d+ ms\./);
    expect(running.webPid()).not.toBe(web);
    expect(await health(running)).toBe(200);
  }

  const worker = running.partPid("worker");
  fs.writeFileSync(path.join(crashDir, "worker-chore"), "throw");
  await waitFor(
    async () => running.output(),
    (output) => /worker is running again \(process \d+\)\./.test(output),
    120_000,
    "the worker started again",
  );
  const line = running
    .output()
    .split("\n")
    .find((candidate) =>
      candidate.includes("worker crashed (unhandled rejection): injected crash at worker-chore (throw)"),
    );
  expect(line, running.output()).toBeDefined();
  expect(JSON.parse(line!)).toMatchObject({ level: 60, component: "worker" });
  expect(running.output()).toMatch(/worker stopped \(exit code 70\); starting it again in \d+ ms\./);
  expect(running.partPid("worker")).not.toBe(worker);
  expect(await health(running)).toBe(200);
  expect((await fetch(`${running.url}/login`)).status).toBe(200);
  // The importer went on throughout.
  expect(running.output()).not.toMatch(/^importer stopped \(/m);
}, 600_000);
