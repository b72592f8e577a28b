// A page of webhook attempts is not lost to a busy pool (record-outcomes.ts): with every connection of the pool held
// past the pool's wait, the write is tried again and lands once a connection comes free. Unrecorded, the page's
// deliveries were claimed again at their lease's end and posted a second time to receivers that had answered 2xx
// (a clean run under load: 270 posts for 255 events, lib/webhooks/outcome-events.test.ts).
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { whileAllHeld } from "@/test/busy-pool";
import { recordOutcomes } from "./record-outcomes";

const endpoint = await db.webhookEndpoint.create({
  data: { url: "http://127.0.0.1:9/hook", events: ["message.delivered"], secretCiphertext: "x" },
});
const deliveryId = (
  await db.webhookDelivery.create({
    data: {
      endpointId: endpoint.id,
      eventType: "message.delivered",
      eventId: "msg_retry",
      payload: {},
      nextAttemptAt: new Date(Date.now() + 60_000),
    },
  })
).id.toString();

test("a page's record that finds no free connection in time is tried again, and lands when one comes free", async () => {
  const retried = await whileAllHeld(pool(), "Recording a page of webhook attempts", () =>
    recordOutcomes(
      [{ id: deliveryId, state: "DELIVERED", next: null, status: 204, latencyMs: 7, error: null, excerpt: null }],
      new Date(),
    ),
  );
  expect(retried).toBe(1);
  const { rows } = await pool().query(
    `SELECT d.state::text, d."lastStatusCode", count(a.id)::int AS attempts
     FROM "WebhookDelivery" d LEFT JOIN "WebhookAttempt" a ON a."deliveryId" = d.id WHERE d.id = $1 GROUP BY d.id`,
    [deliveryId],
  );
  expect(rows[0]).toEqual({ state: "DELIVERED", lastStatusCode: 204, attempts: 1 });
});
