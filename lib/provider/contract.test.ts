/**
 * Contract tests: the spec (docs/messaging-api.md), table by table, through the provider client against a
 * real sandbox over HTTP on loopback. No mocks.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox } from "@/sandbox/server";
import { createProviderClient } from "./client";
import { ProviderError } from "./failure";
import { unlimited } from "./rate-limiter";
import {
  errorBodySchema,
  smsBatchQueuedSchema,
  smsQueuedSchema,
  voiceQueuedSchema,
  type SmsBatchResult,
  type SmsRequest,
  type SmsResult,
  type VoiceRequest,
  type VoiceResult,
} from "@/lib/provider/wire/schemas";

const TOKEN = "contract-test-token";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const sandbox = await startSandbox({ port: 0, token: TOKEN, knobs: { receipts: false } });
const client = createProviderClient({ baseUrl: sandbox.url, token: TOKEN, timeoutMs: 10_000, rateLimiter: unlimited });
afterAll(async () => {
  client.close();
  await sandbox.close();
});
beforeEach(() => {
  sandbox.state.reset();
  sandbox.state.setKnobs({ receipts: false });
});

function queued<T extends { status: boolean }>(results: T[]): Array<Extract<T, { status: true }>> {
  for (const r of results) expect(r.status).toBe(true);
  return results as Array<Extract<T, { status: true }>>;
}

async function refusal(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** A raw POST, for what the typed client cannot send (missing headers, broken JSON): `headers` replace the client's
 * own, and one given as undefined is left out. */
async function raw(
  path: string,
  init: { headers?: Record<string, string | undefined>; body?: string; method?: string } = {},
) {
  const headers = { "Content-Type": "application/json", Accept: "application/json", Authorization: `Bearer ${TOKEN}` };
  const res = await fetch(`${sandbox.url}/${path}`, {
    method: init.method ?? "POST",
    headers: Object.entries({ ...headers, ...init.headers }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const sms = (over: Partial<SmsRequest> = {}): SmsRequest => ({
  sender: "TUMA",
  message: "Habari! Your code is 1234.",
  phone: "254712345678",
  ...over,
});
const voice = (over: Partial<VoiceRequest> = {}): VoiceRequest => ({
  originator: "254709000000",
  message: "This is a test call from Tuma.",
  phone: "254712345678",
  ...over,
});

describe("2.2 / 2.4 SMS: single request → full SMS result", () => {
  it("returns one element with every field, type and format of the SMS result table", async () => {
    const [result, ...rest] = queued<SmsResult>(
      await client.sendSms(sms({ correlator: 42, link_id: "link-9", endpoint: "http://127.0.0.1:9/receipts" })),
    );
    expect(rest).toHaveLength(0);
    expect(smsQueuedSchema.safeParse(result).success).toBe(true);
    expect(result?.message).toMatch(/queued/i);
    const data = result!.data;
    expect(data.correlator).toBe(42);
    expect(data.uniqueId).toMatch(UUID);
    expect(typeof data.client_id).toBe("string");
    expect(data.phone).toBe("254712345678");
    expect(data.operator).toBe("Safaricom");
    expect(data.sms_units).toBe(1);
    expect(data.short_code).toBe("TUMA");
    expect(data.message).toBe("Habari! Your code is 1234.");
    expect(data.link_id).toBe("link-9");
    expect(data.end_point).toBe("http://127.0.0.1:9/receipts");
    expect(data.batch_id).toMatch(UUID);
    expect(data.created_at).toMatch(DATE_TIME);
  });

  it("echoes a string correlator as a string and absent optional fields as null", async () => {
    const [a] = queued(await client.sendSms(sms({ correlator: "c-1" })));
    expect(a?.data.correlator).toBe("c-1");
    const [b] = queued(await client.sendSms(sms()));
    expect(b?.data).toMatchObject({ correlator: null, link_id: null, end_point: null });
  });

  it("charges sms_units by segments (GSM-7 161 characters = 2, UCS-2 71 characters = 2)", async () => {
    const [a] = queued(await client.sendSms(sms({ message: "a".repeat(161) })));
    const [b] = queued(await client.sendSms(sms({ message: "ł".repeat(71) })));
    expect([a?.data.sms_units, b?.data.sms_units]).toEqual([2, 2]);
  });

  it("names the operator from the Kenyan prefix", async () => {
    const operators = [];
    for (const phone of ["254712345678", "254733000111", "254771000222"]) {
      const [r] = queued(await client.sendSms(sms({ phone })));
      operators.push(r?.data.operator);
    }
    expect(operators).toEqual(["Safaricom", "Airtel", "Telkom"]);
  });
});

describe("2.2 / 2.4 SMS: comma-separated request", () => {
  it("returns one full result whose phone is the whole comma-separated string", async () => {
    const phone = "254712345678,0733000111,771000222";
    const [r, ...rest] = queued(await client.sendSms(sms({ phone, correlator: 7 })));
    expect(rest).toHaveLength(0);
    expect(r?.data.phone).toBe(phone);
    expect(r?.data.sms_units).toBe(3); // one segment × three recipients
    const log = sandbox.state.messages.read().entries;
    expect(log.map((m) => m.normalizedPhone)).toEqual(["254712345678", "254733000111", "254771000222"]);
    expect(new Set(log.map((m) => m.uniqueId))).toEqual(new Set([r?.data.uniqueId]));
  });
});

describe("4.2 SMS: batch request → reduced results", () => {
  it("returns the reduced form, one element per object in order, sharing one batch", async () => {
    const requests = Array.from({ length: 5 }, (_, i) => sms({ phone: `25471234560${i}`, correlator: 100 + i }));
    const results = queued<SmsBatchResult>(await client.sendSms(requests));
    expect(results).toHaveLength(5);
    results.forEach((r, i) => {
      expect(smsBatchQueuedSchema.safeParse(r).success).toBe(true);
      expect(Object.keys(r.data).sort()).toEqual(["correlator", "phone", "sms_units", "uniqueId"]);
      expect(r.data).toMatchObject({ correlator: 100 + i, phone: `25471234560${i}`, sms_units: 1 });
      expect(r.data.uniqueId).toMatch(UUID);
    });
    expect(new Set(results.map((r) => r.data.uniqueId)).size).toBe(5);
    const log = sandbox.state.messages.read().entries;
    expect(new Set(log.map((m) => m.batchId)).size).toBe(1);
  });

  it("lets each object carry its own sender, message, phone and correlator", async () => {
    await client.sendSms([
      sms({ sender: "ALPHA", message: "one", phone: "0712345678", correlator: "a" }),
      sms({ sender: "BETA", message: "two", phone: "733000111", correlator: "b" }),
    ]);
    const log = sandbox.state.messages.read().entries;
    expect(log.map((m) => [m.from, m.message, m.phone, m.correlator])).toEqual([
      ["ALPHA", "one", "0712345678", "a"],
      ["BETA", "two", "733000111", "b"],
    ]);
  });

  it("accepts a batch of 100 and refuses 101 before sending it", async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => sms({ correlator: i }));
    expect(await client.sendSms(hundred)).toHaveLength(100);
    const error = await refusal(client.sendSms([...hundred, sms()]));
    expect(error.failure).toMatchObject({ kind: "invalid_request" });
    expect(sandbox.state.requests.total).toBe(1); // the 101 never left the client
  });

  it("the sandbox itself refuses 101 objects with 422", async () => {
    const loose = createProviderClient({ baseUrl: sandbox.url, token: TOKEN, batchLimit: 500, rateLimiter: unlimited });
    const error = await refusal(loose.sendSms(Array.from({ length: 101 }, () => sms())));
    loose.close();
    expect(error.failure).toMatchObject({ kind: "rejected", status: 422 });
    expect(error.failure.message).toContain("more than 100");
    expect(sandbox.state.messages.total).toBe(0);
  });
});

describe("2.1 / 2.4 voice: all three forms", () => {
  it("single: every field, type and format of the voice result table", async () => {
    const [r, ...rest] = queued<VoiceResult>(
      await client.sendVoice(voice({ voice: 2, repeat: 3, correlator: 9, endpoint: "http://127.0.0.1:9/r" })),
    );
    expect(rest).toHaveLength(0);
    expect(voiceQueuedSchema.safeParse(r).success).toBe(true);
    const d = r!.data;
    expect(d).toMatchObject({
      correlator: 9,
      phone: "254712345678",
      operator: "Safaricom",
      originator: "+254709000000",
      message: "This is a test call from Tuma.",
      voice: "2",
      repeat: "3",
      end_point: "http://127.0.0.1:9/r",
    });
    expect(typeof d.client_id).toBe("string");
    expect(Number.isInteger(d.sms_units)).toBe(true);
    expect(d.uniqueId).toMatch(UUID);
    expect(d.batch_id).toMatch(UUID);
    expect(d.created_at).toMatch(DATE_TIME);
  });

  it('defaults voice to female ("1") and repeat to "1"; keeps a + originator as is', async () => {
    const [r] = queued(await client.sendVoice(voice({ originator: "+254709000000" })));
    expect(r?.data).toMatchObject({ voice: "1", repeat: "1", originator: "+254709000000" });
  });

  it("comma-separated: the result shows the full comma-separated phone", async () => {
    const phone = "254712345678,254733000111";
    const [r, ...rest] = queued(await client.sendVoice(voice({ phone })));
    expect(rest).toHaveLength(0);
    expect(r?.data.phone).toBe(phone);
    expect(sandbox.state.messages.total).toBe(2);
  });

  it("batch: one full voice result per object, own correlator/uniqueId/phone, one shared batch_id", async () => {
    const results = queued(
      await client.sendVoice([
        voice({ phone: "254712345678", correlator: 1 }),
        voice({ phone: "254733000111", correlator: 2 }),
        voice({ phone: "254771000222", correlator: 3 }),
      ]),
    );
    expect(results.map((r) => [r.data.correlator, r.data.phone])).toEqual([
      [1, "254712345678"],
      [2, "254733000111"],
      [3, "254771000222"],
    ]);
    expect(new Set(results.map((r) => r.data.uniqueId)).size).toBe(3);
    expect(new Set(results.map((r) => r.data.batch_id)).size).toBe(1);
    results.forEach((r) => expect(voiceQueuedSchema.safeParse(r).success).toBe(true));
  });

  it("refuses repeat outside 1–10 and voice other than 1 or 2", async () => {
    const a = await refusal(client.sendVoice(voice({ repeat: 11 })));
    expect(a.failure).toMatchObject({ kind: "rejected", status: 422, errors: { repeat: expect.any(Array) } });
    const b = await refusal(client.sendVoice({ ...voice(), voice: 3 } as unknown as VoiceRequest));
    expect(b.failure).toMatchObject({ kind: "rejected", status: 422, errors: { voice: expect.any(Array) } });
  });
});

describe("2.3 phone formats", () => {
  it.each(["254712345678", "0712345678", "0110345678", "712345678", "110345678"])("accepts %s", async (phone) => {
    const [r] = queued(await client.sendSms(sms({ phone })));
    expect(r?.data.phone).toBe(phone);
  });

  it.each([
    ["25471234567", "One digit missing"],
    ["255712345678", "start with 254"],
    ["0812345678", "07 or 01"],
    ["812345678", "7 or 1"],
    ["07123456789", "One digit too many"],
    ["0712 345678", "digits only"],
  ])("refuses %s with its reason (%s)", async (phone, reason) => {
    const error = await refusal(client.sendSms(sms({ phone })));
    expect(error.failure).toMatchObject({ kind: "rejected", status: 422 });
    expect(error.failure.message).toContain(phone);
    expect(error.failure.message).toContain(reason);
    expect(sandbox.state.messages.total).toBe(0);
  });

  it("refuses a comma-separated request naming one bad number, saying which", async () => {
    const error = await refusal(client.sendSms(sms({ phone: "0712345678,0799" })));
    expect(error.failure).toMatchObject({ kind: "rejected", errors: { phone: [expect.stringContaining('"0799"')] } });
    expect(sandbox.state.messages.total).toBe(0);
  });
});

describe("4.2 partly invalid batches (spec: not shown)", () => {
  const mixed = [sms({ correlator: 1 }), sms({ phone: "12345", correlator: 2 }), sms({ correlator: 3 })];

  it("by default refuses the whole batch with 422 and errors keyed by index", async () => {
    const error = await refusal(client.sendSms(mixed));
    expect(error.failure).toMatchObject({ kind: "rejected", status: 422, errors: { "1.phone": expect.any(Array) } });
    expect(sandbox.state.messages.total).toBe(0);
  });

  it("with invalidEntries=per_entry queues the valid objects and refuses the others in place", async () => {
    sandbox.state.setKnobs({ invalidEntries: "per_entry" });
    const results = await client.sendSms(mixed);
    expect(results.map((r) => r.status)).toEqual([true, false, true]);
    expect(results[1]).toMatchObject({ status: false, data: { correlator: 2, phone: "12345" } });
    expect(sandbox.state.messages.total).toBe(2);
  });
});

describe("2.2 field rules", () => {
  it("names a missing required field", async () => {
    const error = await refusal(client.sendSms({ sender: "TUMA", phone: "0712345678" } as SmsRequest));
    expect(error.failure).toMatchObject({ kind: "rejected", status: 422, message: "The message field is required." });
  });

  it("refuses an endpoint that is not an http(s) URL", async () => {
    const error = await refusal(client.sendSms(sms({ endpoint: "ftp://x" })));
    expect(error.failure).toMatchObject({ kind: "rejected", errors: { endpoint: expect.any(Array) } });
  });
});

describe("5 / 7 authentication and headers", () => {
  it("401 with exactly {status:false, message:'Unauthenticated.'} for a wrong token", async () => {
    const wrong = createProviderClient({ baseUrl: sandbox.url, token: "wrong", rateLimiter: unlimited });
    const error = await refusal(wrong.sendSms(sms()));
    wrong.close();
    expect(error.failure).toEqual({ kind: "unauthenticated", status: 401, message: "Unauthenticated." });
    const res = await raw("send-sms", { headers: { Authorization: "Bearer nope" }, body: JSON.stringify(sms()) });
    expect(res.status).toBe(401);
    expect(res.text).toBe('{"status":false,"message":"Unauthenticated."}');
  });

  it("401 for a missing token, on both endpoints", async () => {
    for (const path of ["send-sms", "voice-sms"]) {
      const res = await raw(path, { headers: { Authorization: undefined }, body: "{}" });
      expect(res.status).toBe(401);
      expect(errorBodySchema.parse(JSON.parse(res.text))).toEqual({ status: false, message: "Unauthenticated." });
    }
  });

  it("406 without an Accept allowing JSON, 415 without a JSON Content-Type, 400 for broken JSON", async () => {
    const a = await raw("send-sms", { headers: { Accept: "text/html" }, body: "{}" });
    const b = await raw("send-sms", { headers: { "Content-Type": "text/plain" }, body: "{}" });
    const c = await raw("send-sms", { body: "{not json" });
    expect([a.status, b.status, c.status]).toEqual([406, 415, 400]);
    for (const r of [a, b, c]) expect(errorBodySchema.safeParse(JSON.parse(r.text)).success).toBe(true);
  });

  it("404 for unknown paths and 405 for other methods, with error bodies", async () => {
    const a = await raw("nope", { body: "{}" });
    const b = await raw("send-sms", { method: "GET" });
    expect([a.status, b.status]).toEqual([404, 405]);
    expect(JSON.parse(b.text)).toMatchObject({ status: false });
  });
});
