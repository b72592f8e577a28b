// GET /metrics under `npm start` with METRICS_TOKEN set (lib/metrics/serve-metrics.ts): refused without the token,
// and with it the web process's, the worker's and the importer's own series in one answer, whose figures move when
// a batch is sent and its receipts come back. Needs the built console (built here when a source is newer).
import { expect, test } from "vitest";
import { createBatch } from "@/lib/batches/create-batch";
import { db } from "@/lib/db/client";
import { batchWhen, phones, waitFor } from "@/test/dispatch-harness";
import { consoleForFile } from "@/test/console-for-file";

const TOKEN = "metrics-test-token-0123456789";
const RECIPIENTS = 600;

const startConsole = consoleForFile("metrics", 40 * 60_000);

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text answer (comments left out). */
function parse(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of the samples named `name` whose labels include `labels`. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);
}

test("/metrics needs the token, and shows every process's figures, which move when a batch sends", async () => {
  const running = await startConsole({ ADMIN_PASSWORD: "metrics-admin-password", METRICS_TOKEN: TOKEN });
  const scrape = async (token = TOKEN) => {
    const response = await fetch(`${running.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
  };
  expect((await fetch(`${running.url}/metrics`)).status).toBe(401);
  expect((await scrape("not-the-token-at-all-000")).status).toBe(401);

  const before = await scrape();
  expect(before.status).toBe(200);
  expect(before.type).toMatch(/^text\/plain; version=0\.0\.4/);
  const first = parse(before.text);
  // Each process's own figures: event-loop lag and memory of the web process, the worker and the importer.
  for (const kind of ["web", "worker", "importer"]) {
    expect(
      first.some((s) => s.name === "nodejs_eventloop_lag_seconds" && s.labels.process === kind),
      kind,
    ).toBe(true);
    expect(total(first, "process_resident_memory_bytes", { process: kind }), kind).toBeGreaterThan(0);
  }
  expect(first.some((s) => s.name === "tuma_db_pool_connections" && s.labels.process === "worker")).toBe(true);
  expect(first.some((s) => s.name === "tuma_chunks_pending")).toBe(true);
  expect(first.some((s) => s.name === "tuma_receipt_lag_seconds")).toBe(true);
  expect(first.some((s) => s.name === "tuma_webhook_backlog")).toBe(true);

  const account = await db.providerAccount.findUniqueOrThrow({ where: { name: "Sandbox" } });
  const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@metrics.test" } });
  expect(total(first, "tuma_account_rate_limit_requests_per_second", { account: account.id })).toBe(
    account.requestsPerSecond,
  );
  const sentBefore = total(first, "tuma_messages_sent_total", { account: account.id, state: "QUEUED" });
  const { id } = await createBatch({
    kind: "SMS",
    accountId: account.id,
    authorId: admin.id,
    name: "metrics",
    templateText: "Counted",
    sender: "TUMA",
    recipients: phones(RECIPIENTS, 700_000).map((phone) => ({ phone })),
  });
  await batchWhen(
    id,
    (b) => b.state === "COMPLETED" && b.deliveredCount + b.failedCount > 0,
    180_000,
    "the batch sent and its first receipts applied",
  );
  const after = parse(
    (
      await waitFor(
        () => scrape(),
        (answer) => total(parse(answer.text), "tuma_receipts_applied_total", { process: "worker" }) > 0,
        60_000,
        "receipts applied in the worker's counters",
      )
    ).text,
  );
  expect(total(after, "tuma_messages_sent_total", { account: account.id, state: "QUEUED", process: "worker" })).toBe(
    sentBefore + RECIPIENTS,
  );
  expect(total(after, "tuma_provider_answers_total", { account: account.id, status: "200" })).toBeGreaterThan(0);
  const settled = total(after, "tuma_recipients", { account: account.id, state: "delivered" });
  expect(settled + total(after, "tuma_recipients", { account: account.id, state: "failed" })).toBeGreaterThan(0);
  expect(total(after, "tuma_recipients", { account: account.id, state: "pending" })).toBe(0);
}, 600_000);
