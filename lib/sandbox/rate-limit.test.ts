/** Spec 8: 120 requests per second. The sandbox enforces it; the client's default limiter stays under it. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createProviderClient } from "../provider/client";
import { ProviderError } from "../provider/failure";
import { TokenBucket, unlimited } from "../provider/rate-limiter";
import type { SmsRequest } from "../provider/schemas";
import { startSandbox, type Sandbox } from "./server";
import type { RequestRecord } from "./state";

const TOKEN = "rate-token";
const request: SmsRequest = { sender: "TUMA", message: "hi", phone: "254712345678" };
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: TOKEN, knobs: { receipts: false } });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.state.reset());

/** Largest number of accepted requests in any window [t, t + 1000 ms). */
function maxAcceptedPerSecond(records: RequestRecord[]): number {
  const times = records.filter((r) => r.status === 200).map((r) => r.at).sort((a, b) => a - b);
  let max = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[end] ?? 0) - (times[start] ?? 0) >= 1000) start++;
    max = Math.max(max, end - start + 1);
  }
  return max;
}

describe("request rate", () => {
  it("answers 429 with Retry-After beyond 120 requests in a second", async () => {
    const res = await Promise.all(
      Array.from({ length: 150 }, () =>
        fetch(`${sandbox.url}/send-sms`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Bearer ${TOKEN}` },
          body: JSON.stringify(request),
        }),
      ),
    );
    const statuses = res.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const limited = res.find((r) => r.status === 429);
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited?.headers.get("x-ratelimit-limit")).toBe("120");
    expect(await limited?.json()).toEqual({ status: false, message: "Too Many Attempts." });
    expect(sandbox.state.messages.total).toBe(120);
  });

  it("the client's default 120/s bucket, shared by two clients, is never refused and stays within the rate", async () => {
    const bucket = new TokenBucket({ ratePerSecond: 120 });
    const clients = [0, 1].map(() =>
      createProviderClient({ baseUrl: sandbox.url, token: TOKEN, rateLimiter: bucket }),
    );
    const started = performance.now();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 260 }, (_, i) => clients[i % 2]!.sendSms(request)),
    );
    const elapsed = performance.now() - started;
    clients.forEach((c) => c.close());
    const failures = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(failures.map((f) => (f.reason as ProviderError).failure)).toEqual([]);
    const records = sandbox.state.requests.read().entries;
    expect(maxAcceptedPerSecond(records)).toBeLessThanOrEqual(120);
    // 260 requests at ≈119/s take ≈ 2.2 s: pacing must not waste the allowance either.
    expect(elapsed).toBeLessThan(2_700);
  });

  it("rateLimit 0 lifts the limit", async () => {
    sandbox.state.setKnobs({ rateLimit: 0 });
    const client = createProviderClient({ baseUrl: sandbox.url, token: TOKEN, rateLimiter: unlimited });
    await Promise.all(Array.from({ length: 200 }, () => client.sendSms(request)));
    client.close();
    expect(sandbox.state.requests.read().entries.every((r) => r.status === 200)).toBe(true);
  });
});
