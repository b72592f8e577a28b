// `npm start` as a whole, under a crash: its web process killed with SIGKILL in the middle of a batch's dispatch is
// started again, the batch completes meanwhile (the worker is a process of its own), the console answers again, and
// none of the other parts was restarted; then a Ctrl-C stops the parts in order. Needs the built console (built here
// when a source is newer than the build).
import http from "node:http";
import { expect, test } from "vitest";
import { createBatch } from "@/lib/batches/create-batch";
import { db } from "@/lib/db/client";
import { batchRow, batchWhen, countersConsistent, phones, waitFor } from "@/test/dispatch-harness";
import { consoleForFile, health } from "@/test/console-for-file";

const RECIPIENTS = 3_000;

const startConsole = consoleForFile("supervision");

test("the web process killed mid-dispatch is started again; the batch completes, the console answers again; Ctrl-C stops all in order", async () => {
  const running = await startConsole({ ADMIN_PASSWORD: "supervision-admin-password", WORKER_LANES: "4" });
  expect(await health(running)).toBe(200);

  // The sandbox account `npm start` set up, slowed to 5 requests a second so that the batch takes a few seconds.
  const account = await db.providerAccount.update({ where: { name: "Sandbox" }, data: { requestsPerSecond: 5 } });
  const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@supervision.test" } });
  const { id } = await createBatch({
    kind: "SMS",
    accountId: account.id,
    authorId: admin.id,
    name: "supervision",
    templateText: "Still sending",
    sender: "TUMA",
    recipients: phones(RECIPIENTS, 400_000).map((phone) => ({ phone })),
  });
  await batchWhen(id, (b) => b.queuedCount + b.deliveredCount + b.failedCount >= 200, 60_000, "the first chunks sent");

  const others = (["importer", "worker"] as const).map((part) => running.partPid(part));
  const web = running.webPid();
  process.kill(web, "SIGKILL");
  const atKill = await batchRow(id);
  expect(atKill.state).toBe("SENDING"); // mid-dispatch
  expect(await health(running)).toBe(0); // nobody answers on the console's port

  const done = await batchWhen(id, (b) => b.state === "COMPLETED", 120_000, "the batch completed");
  expect({ pending: done.pendingCount, unknown: done.unknownCount, rejected: done.rejectedCount }).toEqual({
    pending: 0,
    unknown: 0,
    rejected: 0,
  });
  expect(await countersConsistent(id)).toBe(true);

  // The supervisor says so once the new web process answers its health check.
  await waitFor(
    async () => running.output(),
    (output) => /web is running again \(process \d+\)\./.test(output),
    120_000,
    "the web server started again",
  );
  expect(running.output()).toContain("web stopped (signal SIGKILL); starting it again in 250 ms.");
  expect(running.webPid()).not.toBe(web);
  expect(await health(running)).toBe(200);
  expect((await fetch(`${running.url}/login`)).status).toBe(200);
  expect((["importer", "worker"] as const).map((part) => running.partPid(part))).toEqual(others);
  expect(running.output()).not.toMatch(/^(importer|worker|sandbox) stopped \(/m); // the sandbox: a thread of npm start

  // A client that keeps one connection alive and sends on it all through the stop, as the provider posting receipts
  // does: the web process must still stop by itself, not hold the stop until the supervisor's grace ends and kills it.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  let polling = true;
  let answered = 0;
  const poll = async () => {
    while (polling) {
      const ok = await new Promise<boolean>((resolve) => {
        http
          .get(`${running.url}/api/health`, { agent }, (response) => {
            response.resume();
            response.on("end", () => resolve(true));
          })
          .on("error", () => resolve(false));
      });
      if (ok) answered++;
      // Refused once the server stops listening: wait a little before the next try.
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const poller = Promise.all(Array.from({ length: 4 }, poll));
  await waitFor(
    async () => answered,
    (n) => n >= 3,
    10_000,
    "the kept-alive client answered",
  );

  // Ctrl-C reaches every process of the group at once; the parts leave the stopping to the supervisor, which stops
  // them one by one, in order.
  await running.interrupt();
  polling = false;
  await poller;
  agent.destroy();
  const stops = running.output().match(/^(worker|web|importer|sandbox) stopped\.$/gm);
  expect(stops).toEqual(["worker stopped.", "web stopped.", "importer stopped.", "sandbox stopped."]);
  expect(running.output()).not.toMatch(/did not stop within/);
}, 300_000);
