/** Spec 8: 120 requests per second, enforced by the sandbox. (Dispatch staying under it: lib/dispatch/two-workers-pace.alone.test.ts.) */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createProviderClient } from "@/lib/provider/client";
import { unlimited } from "@/lib/provider/rate-limiter";
import type { SmsRequest } from "@/lib/provider/wire/schemas";
import { startSandbox, type Sandbox } from "./server";

const TOKEN = "rate-token";
const request: SmsRequest = { sender: "TUMA", message: "hi", phone: "254712345678" };
let sandbox: Sandbox;
// The sandbox's clock, held still: 150 requests sent at once arrive in the same instant however loaded the machine
// is, so exactly 120 fit the window; the test moves it on to see the window slide.
let now = 1_000_000;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: TOKEN, knobs: { receipts: false }, clock: () => now });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.state.reset());

describe("request rate", () => {
  it("answers 429 with Retry-After beyond 120 requests in a second", async () => {
    const send = () =>
      fetch(`${sandbox.url}/send-sms`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify(request),
      });
    const res = await Promise.all(Array.from({ length: 150 }, send));
    const statuses = res.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const limited = res.find((r) => r.status === 429);
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited?.headers.get("x-ratelimit-limit")).toBe("120");
    expect(await limited?.json()).toEqual({ status: false, message: "Too Many Attempts." });
    expect(sandbox.state.messages.total).toBe(120);

    // Just under a second later the window is still full; a second after the first 120, it has room again.
    now += 999;
    expect((await send()).status).toBe(429);
    now += 1;
    const after = await send();
    expect(after.status).toBe(200);
    expect(sandbox.state.messages.total).toBe(121);
  });

  it("rateLimit 0 lifts the limit", async () => {
    sandbox.state.setKnobs({ rateLimit: 0 });
    const client = createProviderClient({ baseUrl: sandbox.url, token: TOKEN, rateLimiter: unlimited });
    await Promise.all(Array.from({ length: 200 }, () => client.sendSms(request)));
    client.close();
    expect(sandbox.state.requests.read().entries.every((r) => r.status === 200)).toBe(true);
  });
});
