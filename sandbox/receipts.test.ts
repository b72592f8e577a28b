/** Delivery receipts (spec 2.5, 6) posted by the sandbox to a local node:http endpoint, and their knobs. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createProviderClient, type ProviderClient } from "@/lib/provider/client";
import { unlimited } from "@/lib/provider/rate-limiter";
import {
  deliveryReceiptSchema,
  type DeliveryReceipt,
  type SmsRequest,
  type VoiceRequest,
} from "@/lib/provider/wire/schemas";
import { startReceiptSink, type ReceiptSink } from "@/test/receipt-sink";
import { startSandbox, type Sandbox } from "./server";

const TOKEN = "receipts-token";
let sandbox: Sandbox;
let client: ProviderClient;
let sink: ReceiptSink;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: TOKEN });
  client = createProviderClient({ baseUrl: sandbox.url, token: TOKEN, rateLimiter: unlimited });
});
afterAll(async () => {
  client.close();
  await sandbox.close();
});
beforeEach(async () => {
  await sink?.close();
  sink = await startReceiptSink();
  sandbox.state.reset();
  sandbox.state.setKnobs({ receiptDelayMs: [0, 20] });
});

const sms = (over: Partial<SmsRequest> = {}): SmsRequest => ({
  sender: "TUMA",
  message: "hello",
  phone: "0712345678",
  correlator: 501,
  endpoint: sink.url,
  ...over,
});
const voice = (over: Partial<VoiceRequest> = {}): VoiceRequest => ({
  originator: "254709000000",
  message: "hello",
  phone: "254712345678",
  correlator: "v-1",
  endpoint: sink.url,
  ...over,
});

const asReceipts = (items: unknown[]): DeliveryReceipt[] => items.map((r) => deliveryReceiptSchema.parse(r));

describe("delivery receipts", () => {
  it("SMS: one receipt with phone, correlator, uniqueId, DeliveredToTerminal and deliveryTime", async () => {
    const [result] = await client.sendSms(sms());
    const [receipt, ...more] = asReceipts(await sink.waitFor(1));
    await sandbox.state.receipts.idle();
    expect(more).toHaveLength(0);
    expect(result?.status && result.data.uniqueId).toBe(receipt?.uniqueId);
    expect(receipt).toMatchObject({ phone: "254712345678", correlator: 501, deliveryStatus: "DeliveredToTerminal" });
    expect(receipt?.deliveryTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Object.keys(receipt ?? {}).sort()).toEqual([
      "correlator",
      "deliveryStatus",
      "deliveryTime",
      "phone",
      "uniqueId",
    ]);
    expect(sink.posts[0]?.headers["content-type"]).toBe("application/json");
    expect(sink.posts[0]?.path).toBe("/receipts");
  });

  it("voice comma-separated: one Answered receipt per phone, all with the request's uniqueId", async () => {
    const [result] = await client.sendVoice(voice({ phone: "254712345678,0733000111,771000222" }));
    const receipts = asReceipts(await sink.waitFor(3));
    expect(receipts.map((r) => r.phone).sort()).toEqual(["254712345678", "254733000111", "254771000222"]);
    for (const r of receipts) {
      expect(r).toMatchObject({ deliveryStatus: "Answered", correlator: "v-1" });
      expect(r.uniqueId).toBe(result?.status ? result.data.uniqueId : "");
    }
  });

  it("batch: one receipt per object, each with its own correlator and uniqueId", async () => {
    const results = await client.sendSms(Array.from({ length: 10 }, (_, i) => sms({ correlator: i })));
    const receipts = asReceipts(await sink.waitFor(10));
    const byCorrelator = new Map(receipts.map((r) => [r.correlator, r.uniqueId]));
    results.forEach((r, i) => expect(byCorrelator.get(i)).toBe(r.status ? r.data.uniqueId : null));
  });

  it("requests without an endpoint request no receipt", async () => {
    await client.sendSms({ sender: "TUMA", message: "x", phone: "0712345678" });
    await sandbox.state.receipts.idle();
    expect(sandbox.state.receipts.stats().scheduled).toBe(0);
    expect(sink.receipts()).toHaveLength(0);
  });

  it("failure statuses at the configured rate, from the configured mix", async () => {
    sandbox.state.setKnobs({ receiptFailureRate: 1, smsFailureStatuses: ["DeliveryImpossible"] });
    await client.sendSms(sms({ phone: "0712345678,0712345679" }));
    await client.sendVoice(voice());
    const receipts = asReceipts(await sink.waitFor(3));
    expect(receipts.filter((r) => r.correlator === 501).map((r) => r.deliveryStatus)).toEqual([
      "DeliveryImpossible",
      "DeliveryImpossible",
    ]);
    expect(["NotAnswered", "Busy", "Failed"]).toContain(receipts.find((r) => r.correlator === "v-1")?.deliveryStatus);
  });

  it("Kenyan networks' statuses: a weighted mix, and a status per number that wins over it", async () => {
    sandbox.state.setKnobs({
      smsStatusMix: { "SenderName Blacklisted": 1, AbsentSubscriber: 0 },
      voiceStatusMix: { NotAnswered: 3 },
      statusByPhone: { "254712345679": "UserInBlackList" },
    });
    await client.sendSms(sms({ phone: "0712345678,0712345679,0712345670" }));
    await client.sendVoice(voice());
    const receipts = asReceipts(await sink.waitFor(4));
    const byPhone = Object.fromEntries(receipts.map((r) => [`${String(r.correlator)} ${r.phone}`, r.deliveryStatus]));
    expect(byPhone).toEqual({
      "501 254712345678": "SenderName Blacklisted",
      "501 254712345679": "UserInBlackList",
      "501 254712345670": "SenderName Blacklisted",
      "v-1 254712345678": "NotAnswered",
    });
    // A number that is not in the 254… form is refused (it could never match a receipt's phone).
    expect(() => sandbox.state.setKnobs({ statusByPhone: { "0712345678": "Busy" } })).toThrow();
  });

  it("silent numbers' SMS never get a receipt (their calls do); a silent rate of 1 silences every SMS", async () => {
    sandbox.state.setKnobs({ silentPhones: ["254712345679"] });
    await client.sendSms(sms({ phone: "0712345678,0712345679,0712345670" }));
    await client.sendVoice(voice({ phone: "0712345679" }));
    await sandbox.state.receipts.idle();
    const heard = asReceipts(sink.receipts()).map((r) => `${String(r.correlator)} ${r.phone}`);
    expect(heard.sort()).toEqual(["501 254712345670", "501 254712345678", "v-1 254712345679"]);
    expect(() => sandbox.state.setKnobs({ silentPhones: ["0712345679"] })).toThrow();

    sandbox.state.setKnobs({ silentPhones: [], smsSilentRate: 1 });
    await client.sendSms(sms({ phone: "0712345678", correlator: 502 }));
    await sandbox.state.receipts.idle();
    expect(asReceipts(sink.receipts()).filter((r) => r.correlator === 502)).toEqual([]);
  });

  it("duplicates: the same receipt twice, deliveryTime included, whenever each is posted", async () => {
    sandbox.state.setKnobs({ duplicateRate: 1 });
    await client.sendSms(sms());
    const [a, b] = await sink.waitFor(2);
    expect(a).toEqual(b);
  });

  it("out of order: an intermediate status arrives after the final one", async () => {
    sandbox.state.setKnobs({ outOfOrderRate: 1 });
    await client.sendSms(sms());
    const receipts = asReceipts(await sink.waitFor(2));
    expect(receipts.map((r) => r.deliveryStatus)).toEqual(["DeliveredToTerminal", "DeliveredToNetwork"]);
  });

  it("receipts before the HTTP response", async () => {
    sandbox.state.setKnobs({ receiptsBeforeResponse: true, receiptDelayMs: [5000, 5000] });
    const [result] = await client.sendSms(sms());
    // Already there when the response resolves, despite the 5 s delay knob (which only applies otherwise).
    expect(sink.receipts()).toHaveLength(1);
    expect((sink.receipts()[0] as DeliveryReceipt).uniqueId).toBe(result?.status ? result.data.uniqueId : "");
  });

  it("holdResponses: the answer waits until released, however long the caller looks at the receipts first", async () => {
    sandbox.state.setKnobs({ receiptsBeforeResponse: true, holdResponses: true });
    let answered = false;
    const sending = client.sendSms(sms()).then((results) => {
      answered = true;
      return results;
    });
    await sink.waitFor(1);
    await sandbox.state.receipts.idle();
    expect(answered).toBe(false);
    expect(sandbox.state.requests.size).toBe(0); // a request is recorded when it is answered
    sandbox.state.setKnobs({ holdResponses: false });
    const [result] = await sending;
    expect(result?.status && result.data.uniqueId).toBe((sink.receipts()[0] as DeliveryReceipt).uniqueId);
  });

  it("respects the delay range", async () => {
    sandbox.state.setKnobs({ receiptDelayMs: [300, 300] });
    const sent = Date.now();
    await client.sendSms(sms());
    await sink.waitFor(1);
    expect((sink.posts[0]?.at ?? 0) - sent).toBeGreaterThanOrEqual(280);
  });

  it("groups receipts for one endpoint into arrays when receiptsPerPost > 1", async () => {
    sandbox.state.setKnobs({ receiptsPerPost: 50, receiptDelayMs: [50, 50], receiptConcurrency: 1 });
    await client.sendSms(Array.from({ length: 100 }, (_, i) => sms({ correlator: i })));
    await sink.waitFor(100);
    expect(sink.posts.length).toBeLessThan(100);
    expect(Array.isArray(sink.posts[0]?.body)).toBe(true);
  });

  it("retries a receipt the endpoint refused, with the deliveryTime of its first try", async () => {
    sink.respondWith(500);
    await client.sendSms(sms());
    // The refusal itself, as the sandbox logs it, before the endpoint takes receipts again (a fixed pause let a
    // loaded machine post the first try only after the switch).
    while (sandbox.state.receipts.log.read(0, 10).entries.length === 0)
      await new Promise((resolve) => setTimeout(resolve, 10));
    sink.respondWith(200);
    await sink.waitFor(1, 5_000);
    await sandbox.state.receipts.idle();
    expect(sandbox.state.receipts.stats()).toMatchObject({ posted: 1, failed: 0 });
    // The retry comes a whole second after the refusal (its first delay), so a time stamped at each POST would differ:
    // the delivery happened once, at the first try's time.
    const posts = sandbox.state.receipts.log.read(0, 10).entries;
    expect(posts.map((post) => post.status)).toEqual([500, 200]);
    expect(posts[1]!.receipt.deliveryTime).toBe(posts[0]!.receipt.deliveryTime);
  });

  it("drops (and counts) receipts beyond the queue limit, and none when receipts are off", async () => {
    sandbox.state.setKnobs({ receiptQueueLimit: 0 });
    await client.sendSms(sms());
    expect(sandbox.state.receipts.stats()).toMatchObject({ scheduled: 0, dropped: 1 });
    sandbox.state.setKnobs({ receiptQueueLimit: 100, receipts: false });
    await client.sendSms(sms());
    expect(sandbox.state.receipts.stats()).toMatchObject({ scheduled: 0, dropped: 1 });
  });
});
