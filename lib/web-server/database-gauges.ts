// Figures that are the database's, not one process's, read once per scrape by the web process (the one that answers
// GET /metrics) with one statement: dispatch chunks waiting to be sent, receipts waiting to be applied and the age of
// the oldest (the receipt lag), webhook deliveries waiting and given up, each account's request rate limit, and the
// recipients of all batches by state and account (their counters on Batch, kept by triggers: rate() of
// state="delivered" is receipts applied per second). Accounts are labelled by id, which a rename keeps;
// tuma_account_info{account, name} gives their names (a join in the dashboard: deploy/grafana/tuma.json). Reads
// indexes and the small tables only, never messages.
import { Gauge } from "prom-client";
import { pool } from "@/lib/db/pool";
import { metricsRegistry } from "@/lib/metrics/registry";

const SCRAPE_SQL = `SELECT
  (SELECT count(*) FROM "DispatchChunk" WHERE state = 'PENDING')::float8 AS chunks_pending,
  (SELECT count(*) FROM "ReceiptQueue")::float8 AS receipts_waiting,
  COALESCE((SELECT extract(epoch FROM now() - r."receivedAt") FROM "Receipt" r
            WHERE r.id = (SELECT min("receiptId") FROM "ReceiptQueue" WHERE "retryAt" IS NULL)), 0)::float8 AS receipt_lag,
  (SELECT count(*) FROM "WebhookDelivery" WHERE state = 'PENDING')::float8 AS webhooks_pending,
  (SELECT count(*) FROM "WebhookDelivery" WHERE state = 'FAILED')::float8 AS webhooks_failed,
  (SELECT COALESCE(json_agg(json_build_object('account', a.id, 'name', a.name, 'limit', a."requestsPerSecond")), '[]')
     FROM "ProviderAccount" a) AS limits,
  (SELECT COALESCE(json_agg(t), '[]') FROM (
     SELECT b."accountId" AS account, sum(b."pendingCount")::float8 AS pending, sum(b."queuedCount")::float8 AS queued,
            sum(b."deliveredCount")::float8 AS delivered, sum(b."answeredCount")::float8 AS answered,
            sum(b."failedCount")::float8 AS failed, sum(b."rejectedCount")::float8 AS rejected,
            sum(b."unknownCount")::float8 AS unknown, sum(b."cancelledCount")::float8 AS cancelled
     FROM "Batch" b GROUP BY b."accountId") t) AS recipients`;

type Scrape = {
  chunks_pending: number;
  receipts_waiting: number;
  receipt_lag: number;
  webhooks_pending: number;
  webhooks_failed: number;
  limits: { account: string; name: string; limit: number }[];
  recipients: ({ account: string } & Record<string, number>)[];
};

const RECIPIENT_STATES = ["pending", "queued", "delivered", "answered", "failed", "rejected", "unknown", "cancelled"];

const shared = globalThis as unknown as { tumaDatabaseGauges?: boolean };

/** Registers the gauges in this process's registry (the web process's: one reader of the database's figures). */
export function registerDatabaseGauges(): void {
  if (shared.tumaDatabaseGauges) return;
  shared.tumaDatabaseGauges = true;
  const registers = [metricsRegistry()];
  // One read per scrape, shared by every gauge below (prom-client collects them one after another).
  let reading: Promise<Scrape> | null = null;
  const read = (): Promise<Scrape> => {
    reading ??= pool()
      .query<Scrape>(SCRAPE_SQL)
      .then((result) => result.rows[0]!)
      .finally(() => setImmediate(() => (reading = null)));
    return reading;
  };
  const single = (name: string, help: string, pick: (scrape: Scrape) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        this.set(pick(await read()));
      },
    });
  single("tuma_chunks_pending", "Dispatch chunks waiting to be sent (all batches).", (s) => s.chunks_pending);
  single("tuma_receipts_waiting", "Stored delivery receipts not yet applied.", (s) => s.receipts_waiting);
  single(
    "tuma_receipt_lag_seconds",
    "Age of the oldest stored receipt due to be applied (0 when none is waiting).",
    (s) => s.receipt_lag,
  );
  single("tuma_webhook_backlog", "Webhook deliveries waiting to be posted.", (s) => s.webhooks_pending);
  single("tuma_webhook_deliveries_failed", "Webhook deliveries given up on (kept 30 days).", (s) => s.webhooks_failed);
  new Gauge({
    name: "tuma_account_rate_limit_requests_per_second",
    help: "Each provider account's request rate limit, as set in Settings.",
    labelNames: ["account"],
    registers,
    async collect() {
      this.reset();
      for (const { account, limit } of (await read()).limits) this.set({ account }, limit);
    },
  });
  new Gauge({
    name: "tuma_account_info",
    help: "1 for each provider account, with its name: join on account for readable legends.",
    labelNames: ["account", "name"],
    registers,
    async collect() {
      this.reset();
      for (const { account, name } of (await read()).limits) this.set({ account, name }, 1);
    },
  });
  new Gauge({
    name: "tuma_recipients",
    help: "Recipients of all batches kept, by state and account (rate() of a final state: how fast receipts settle them).",
    labelNames: ["account", "state"],
    registers,
    async collect() {
      this.reset();
      for (const row of (await read()).recipients)
        for (const state of RECIPIENT_STATES) this.set({ account: row.account, state }, row[state] ?? 0);
    },
  });
}
