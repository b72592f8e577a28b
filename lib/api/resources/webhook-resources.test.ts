// What the API answers for webhook endpoints and deliveries matches the schemas its OpenAPI document is generated
// from: times as ISO 8601 instants, ids as strings.
import { expect, test } from "vitest";
import { toWebhookDeliveryResource, webhookDeliveryResourceSchema } from "./webhook-delivery";
import { toWebhookEndpointResource, webhookEndpointResourceSchema } from "./webhook-endpoint";

test("what the API answers matches its schemas", () => {
  const at = new Date("2026-11-23T10:00:00.000Z");
  const endpoint = toWebhookEndpointResource({
    id: "5d0c6b1e-8f0a-4c0e-9d7a-2f1e3c4b5a69",
    url: "https://a.example/x",
    description: "",
    events: ["message.delivered"],
    enabled: true,
    disabledAt: null,
    disabledReason: null,
    failingSince: at,
    previousSecretUntil: null,
    createdAt: at,
    updatedAt: at,
  });
  expect(webhookEndpointResourceSchema.parse(endpoint)).toEqual(endpoint);
  expect(endpoint.failingSince).toBe("2026-11-23T10:00:00.000Z");
  const delivery = toWebhookDeliveryResource({
    id: "10000000000",
    eventType: "message.delivered",
    eventId: "msg_rcpt_1",
    state: "PENDING",
    attempts: 1,
    nextAttemptAt: at,
    lastAttemptAt: at,
    lastStatusCode: 500,
    lastLatencyMs: 12,
    lastError: null,
    responseExcerpt: "down",
    createdAt: at,
    deliveredAt: null,
  });
  expect(webhookDeliveryResourceSchema.parse(delivery)).toEqual(delivery);
});
