// For the webhook benchmarks: a counting sink on loopback and an endpoint subscribed to message.delivered posting to
// it (written straight into the database, as the console's Webhooks page would, the secret sealed the same way); the
// sink closes when the bench env stops.
import { randomUUID } from "node:crypto";
import { startWebhookSink, type WebhookSink } from "../test/webhook-sink";
import type { BenchEnv } from "./bench-env";

export async function subscribeSink(env: BenchEnv): Promise<{ sink: WebhookSink; endpointId: string }> {
  const sink = await startWebhookSink({ keep: false });
  env.atStop(sink.close);
  const { pool } = await import("../lib/db/pool");
  const { newWebhookSecret, sealWebhookSecret } = await import("../lib/webhooks/secret");
  const id = randomUUID();
  await pool().query(
    `INSERT INTO "WebhookEndpoint" (id, url, events, "secretCiphertext", "updatedAt")
     VALUES ($1, $2, ARRAY['message.delivered'], $3, now())`,
    [id, sink.url, sealWebhookSecret(newWebhookSecret(), id)],
  );
  await pool().query(`UPDATE "Organisation" SET "webhookAllowedHosts" = ARRAY[$1]`, [sink.hostPort]);
  return { sink, endpointId: id };
}
