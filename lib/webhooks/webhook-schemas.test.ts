// The webhook API's input shapes: what is refused with which sentence (its answers' shapes:
// lib/api/resources/webhook-resources.test.ts).
import { expect, test } from "vitest";
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
