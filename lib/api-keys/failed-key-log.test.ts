// Failed API-key authentications are logged, throttled (issue 42, item 10): through the real API gate, a burst of bad
// keys writes one warning naming the client, not one per request; the next line, an interval later, counts the ones
// in between with their reasons. The key itself never reaches the log.
import { afterEach, expect, test, vi } from "vitest";
import { apiRoute } from "@/lib/api/api-route";
import { canView } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address/client-address";
import { logger } from "@/lib/log";
import { LOG_EVERY_MS, noteFailedKey } from "./failed-key-log";

afterEach(() => vi.restoreAllMocks());

const handler = apiRoute({ scope: "read", allowed: canView }, async () => Response.json({ ok: true }));
const forged = "tuma_live_ThisIsNotAKeyAnybodyWasGivenAtAll0123456";

type WarnCalls = { mock: { calls: unknown[][] } };
const lines = (warn: WarnCalls) =>
  warn.mock.calls.filter((call) => String(call[1]).startsWith("API key authentication failed")) as [
    Record<string, unknown>,
    string,
  ][];

test("a burst of bad keys is refused 401 and logged once, naming the client, never the key", async () => {
  const warn = vi.spyOn(logger(), "warn");
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      handler(
        new Request("http://host/api/v1/batches", {
          headers: { authorization: `Bearer ${forged}`, [CLIENT_ADDRESS_HEADER]: "203.0.113.9" },
        }),
      ),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(401));
  const logged = lines(warn);
  expect(logged).toHaveLength(1);
  expect(logged[0]![0]).toMatchObject({ failures: 1, clients: ["203.0.113.9"] });
  expect(JSON.stringify(warn.mock.calls)).not.toContain(forged);
});

test("the next line, an interval later, counts the refusals in between with their reasons", () => {
  const warn = vi.spyOn(logger(), "warn");
  const start = Date.now() + 10 * LOG_EVERY_MS;
  const headers = new Headers({ [CLIENT_ADDRESS_HEADER]: "198.51.100.4" });
  noteFailedKey(new AppError("UNAUTHENTICATED", "This API key is not valid."), headers, start);
  for (let i = 0; i < 4; i++)
    noteFailedKey(new AppError("UNAUTHENTICATED", "This API key has been revoked."), headers, start + 1);
  // Not a refusal of the key: not counted.
  noteFailedKey(new AppError("FORBIDDEN", "This key does not have the “admin” scope."), headers, start + 2);
  expect(lines(warn)).toHaveLength(1);
  noteFailedKey(new AppError("UNAUTHENTICATED", "This API key is not valid."), headers, start + LOG_EVERY_MS);
  const logged = lines(warn);
  expect(logged).toHaveLength(2);
  expect(logged[1]![0]).toEqual({
    failures: 5,
    reasons: { "This API key has been revoked.": 4, "This API key is not valid.": 1 },
    clients: ["198.51.100.4"],
  });
  expect(String(logged[1]![1])).toContain("5 request(s) refused");
});
