/** The control API under /__sandbox/, over HTTP. */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProviderClient } from "@/lib/provider/client";
import { unlimited } from "@/lib/provider/rate-limiter";
import { DEFAULT_KNOBS } from "./knobs";
import { startSandbox, type Sandbox } from "./server";

const TOKEN = "control-token";
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: TOKEN, knobs: { receipts: false, latencyMs: [1, 2] } });
});
afterAll(() => sandbox.close());

const control = async (path: string, body?: unknown) => {
  const res = await fetch(`${sandbox.origin}/__sandbox/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

describe("control API", () => {
  it("serves the knobs, start-up flags applied over the defaults", async () => {
    const { status, json } = await control("knobs");
    expect(status).toBe(200);
    expect(json).toEqual({ ...DEFAULT_KNOBS, receipts: false, latencyMs: [1, 2] });
  });

  it("sets knobs partially and refuses unknown or invalid ones", async () => {
    expect((await control("knobs", { error500Rate: 0.25 })).json.error500Rate).toBe(0.25);
    expect((await control("knobs", { nonsense: 1 })).status).toBe(400);
    expect((await control("knobs", { dropRate: 2 })).status).toBe(400);
    expect((await control("knobs", { receiptDelayMs: [5, 1] })).status).toBe(400);
    expect((await control("knobs")).json.error500Rate).toBe(0.25);
    await control("reset", {});
  });

  it("lists accepted messages and requests, filters them, and resets to the start-up state", async () => {
    const client = createProviderClient({ baseUrl: sandbox.url, token: TOKEN, rateLimiter: unlimited });
    await client.sendSms({ sender: "TUMA", message: "one", phone: "0712345678,0733000111", correlator: 1 });
    await client.sendVoice([{ originator: "254709000000", message: "two", phone: "254771000222", correlator: 2 }]);
    client.close();
    await control("knobs", { dropRate: 0.5 });

    const all = await control("messages");
    expect(all.json.total).toBe(3);
    const messages = all.json.messages as Array<Record<string, unknown>>;
    expect(messages[0]).toMatchObject({
      kind: "sms",
      phone: "0712345678",
      normalizedPhone: "254712345678",
      correlator: 1,
      message: "one",
      from: "TUMA",
      form: "comma_separated",
    });
    expect(messages[0]).toHaveProperty("uniqueId");
    expect(messages[0]).toHaveProperty("batchId");
    expect(typeof messages[0]?.requestTime).toBe("number");
    expect(((await control("messages?kind=voice")).json.messages as unknown[]).length).toBe(1);
    expect(((await control("messages?correlator=1")).json.messages as unknown[]).length).toBe(2);
    expect(((await control("messages?phone=254733000111")).json.messages as unknown[]).length).toBe(1);
    expect(((await control("messages?from=1&limit=1")).json.messages as unknown[]).length).toBe(1);

    const requests = (await control("requests")).json.requests as Array<Record<string, unknown>>;
    expect(requests.map((r) => [r.path, r.status, r.messages])).toEqual([
      ["/api/v1/send-sms", 200, 2],
      ["/api/v1/voice-sms", 200, 1],
    ]);
    expect((await control("stats")).json).toMatchObject({ messages: 3, requests: 2 });

    expect((await control("reset", {})).status).toBe(200);
    expect((await control("messages")).json.total).toBe(0);
    expect((await control("knobs")).json.dropRate).toBe(0);
  });

  it("404 for unknown control routes; control routes are not under /api/v1", async () => {
    expect((await control("nope")).status).toBe(404);
    const res = await fetch(`${sandbox.url}/__sandbox/knobs`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });

  it("needs the sandbox's token: none or another is 401, and nothing is read or changed", async () => {
    for (const authorization of [undefined, "Bearer wrong-token", `Bearer ${TOKEN}x`, TOKEN]) {
      const headers: Record<string, string> = authorization ? { Authorization: authorization } : {};
      const read = await fetch(`${sandbox.origin}/__sandbox/messages`, { headers });
      expect(read.status).toBe(401);
      expect(await read.json()).toEqual({
        status: false,
        message: "The control API needs the sandbox's token: Authorization: Bearer <token>.",
      });
      const write = await fetch(`${sandbox.origin}/__sandbox/knobs`, {
        method: "POST",
        headers,
        body: JSON.stringify({ dropRate: 1 }),
      });
      expect(write.status).toBe(401);
    }
    expect((await control("knobs")).json.dropRate).toBe(0);
  });

  it("answers only to a loopback Host header (a page reaching loopback by a name of its own is refused)", async () => {
    const withHost = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${sandbox.origin}/__sandbox/knobs`,
          { headers: { Host: host, Authorization: `Bearer ${TOKEN}` } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.end();
      });
    for (const host of ["evil.example", "evil.example:4010", "127.0.0.1.evil.example", "10.0.0.1", "[::2]:1"])
      expect(await withHost(host), host).toBe(403);
    for (const host of [
      "127.0.0.1",
      `127.0.0.1:${sandbox.port}`,
      "localhost:1",
      "LOCALHOST",
      "[::1]:4010",
      "127.9.9.9",
    ])
      expect(await withHost(host), host).toBe(200);
  });
});
