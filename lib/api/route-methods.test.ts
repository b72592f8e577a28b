// Which /api/v1 route a path reaches, as Next picks it: a fixed segment before a parameter, from the left.
import { expect, test } from "vitest";
import { allowedApiMethods, apiRouteOf, isUnknownApiPath } from "./route-methods";

test("a path is matched to its route, fixed segments before parameters", () => {
  expect(apiRouteOf("/api/v1/batches")).toBe("/batches");
  expect(apiRouteOf("/api/v1/batches/0b7e6f2e-0000-4000-8000-000000000001/resend")).toBe("/batches/{id}/resend");
  expect(apiRouteOf("/api/v1/webhooks/allowed-hosts")).toBe("/webhooks/allowed-hosts");
  expect(apiRouteOf("/api/v1/webhooks/some-id")).toBe("/webhooks/{id}");
  expect(apiRouteOf("/api/v1/webhooks/deliveries/42/replay")).toBe("/webhooks/deliveries/{deliveryId}/replay");
  expect(apiRouteOf("/api/v1/webhooks/some-id/deliveries")).toBe("/webhooks/{id}/deliveries");
});

test("anything else is left to Next: unknown paths, a trailing slash, other prefixes", () => {
  for (const path of ["/api/v1/nope", "/api/v1/batches/", "/api/v1", "/api/v12/batches", "/api/batches", "/login"])
    expect(apiRouteOf(path), path).toBeNull();
});

test("HEAD comes with GET, OPTIONS with every route", () => {
  expect(allowedApiMethods("/api/v1/messages/1")).toEqual(["GET", "HEAD", "OPTIONS"]);
  expect(allowedApiMethods("/api/v1/messages")).toEqual(["GET", "POST", "HEAD", "OPTIONS"]);
  expect(allowedApiMethods("/api/v1/batches/1/cancel")).toEqual(["POST", "OPTIONS"]);
  expect(allowedApiMethods("/api/v1/nope")).toBeNull();
});

test("a path under /api/v1 that no route answers is the API's to refuse; a route's trailing slash is Next's", () => {
  for (const path of ["/api/v1", "/api/v1/", "/api/v1/nope", "/api/v1/batches/x/nope", "/api/v1/messages/1/2"])
    expect(isUnknownApiPath(path), path).toBe(true);
  for (const path of ["/api/v1/batches", "/api/v1/batches/", "/api/v1/messages/1", "/api/v12/batches", "/login"])
    expect(isUnknownApiPath(path), path).toBe(false);
});
