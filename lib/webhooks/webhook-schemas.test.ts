// The webhook API's input and output shapes: what is refused with which sentence, and that what the API would answer
// matches the schema the OpenAPI document is generated from.
import { expect, test } from "vitest";
import { deliveryJson, endpointJson, webhookDeliveryJsonSchema, webhookEndpointJsonSchema } from "./webhook-json";
import {
  allowedHostsSchema,
  createWebhookSchema,
  deliveryLogQuery,
  listDeliveriesSchema,
  updateWebhookSchema,
} from "./webhook-schemas";

test("an endpoint needs a web URL and at least one known event; repeats are dropped", () => {
  expect(
    createWebhookSchema.parse({ url: " https://a.example/x ", events: ["batch.completed", "batch.completed"] }),
  ).toEqual({
    url: "https://a.example/x",
    events: ["batch.completed"],
    description: "",
  });
  const messages = (input: unknown) => createWebhookSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
  expect(messages({ url: "ftp://a.example", events: ["message.failed"] })).toEqual([
    "Enter a URL that starts with https://.",
  ]);
  expect(messages({ url: "https://a.example", events: [] })).toEqual(["Choose at least one event."]);
  expect(messages({ url: "https://a.example", events: ["message.sent"] })[0]).toContain("message.delivered");
  expect(updateWebhookSchema.parse({ enabled: false })).toEqual({ enabled: false });
});

test("delivery pages and allowed hosts are checked", () => {
  expect(listDeliveriesSchema.parse({})).toEqual({ limit: 50 });
  expect(listDeliveriesSchema.safeParse({ before: "1; DROP" }).success).toBe(false);
  expect(listDeliveriesSchema.safeParse({ limit: 101 }).success).toBe(false);
  // The delivery log page's URL: a blank field is any, a bad value keeps the API's sentence, other keys are not read.
  expect(deliveryLogQuery.parse({ before: "", eventType: "", state: "FAILED", limit: "5" })).toEqual({
    state: "FAILED",
  });
  expect(deliveryLogQuery.safeParse({ before: "1; DROP" }).error?.issues[0]?.message).toBe("before is a delivery id.");
  expect(allowedHostsSchema.parse(["Sink.Local:8080", "[::1]:9000"])).toEqual(["sink.local:8080", "[::1]:9000"]);
  expect(allowedHostsSchema.safeParse(["sink.local"]).success).toBe(false);
});

test("what the API answers matches its schemas", () => {
  const at = new Date("2026-11-23T10:00:00.000Z");
  const endpoint = endpointJson({
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
  expect(webhookEndpointJsonSchema.parse(endpoint)).toEqual(endpoint);
  expect(endpoint.failingSince).toBe("2026-11-23T10:00:00.000Z");
  const delivery = deliveryJson({
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
  expect(webhookDeliveryJsonSchema.parse(delivery)).toEqual(delivery);
});
