// No receiver stalls the outbox (docs/webhooks.md, "Delivery, retries and disabling"): real receivers on loopback
// answering a binary body, a gzip body (NUL bytes) and plain success side by side, one outcome the database refuses
// (a trigger of this test), and a delivery left waiting past its 24 h limit. Each page is recorded whatever one
// receiver sent, so the healthy receiver's deliveries are posted exactly once.
import { gzipSync } from "node:zlib";
import { afterAll, beforeEach, expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { REPLACEMENT } from "@/lib/db/storable-text";
import { actor } from "@/test/upload-helpers";
import { startWebhookSink, type WebhookSink } from "@/test/webhook-sink";
import { setAllowedHostsSetting } from "./allowed-hosts-setting";
import { RETRY_FOR_MS } from "./backoff";
import { deliverDueWebhooks } from "./deliver";
import { createEndpoint } from "./endpoints";
import { DUE_NOW } from "./outbox-sql";

const EACH = 25;
/** Longer than a lease (the deliverer's 10 s time limit and its minute of slack): a page not recorded is due again. */
const PAST_LEASE_MS = 71_000 + 1_000;

const [healthy, binary, gzip] = await Promise.all([startWebhookSink(), startWebhookSink(), startWebhookSink()]);
const admin = await actor();
await setAllowedHostsSetting(admin, [healthy.hostPort, binary.hostPort, gzip.hostPort]);

afterAll(() => Promise.all([healthy.close(), binary.close(), gzip.close()]));

beforeEach(async () => {
  for (const sink of [healthy, binary, gzip]) sink.posts.length = 0;
  healthy.answerWith({ status: 204 });
  await pool().query(`DELETE FROM "WebhookEndpoint"`);
});

async function endpointFor(sink: WebhookSink): Promise<string> {
  const { endpoint } = await createEndpoint(admin, { url: sink.url, events: ["message.delivered"], description: "" });
  return endpoint.id;
}

/** `count` deliveries due now for each endpoint. */
async function enqueue(endpointIds: string[], count: number): Promise<void> {
  const payload = JSON.stringify({ type: "message.delivered", timestamp: new Date().toISOString(), data: {} });
  await pool().query(
    `INSERT INTO "WebhookDelivery" ("endpointId", "eventType", "eventId", payload, "nextAttemptAt")
     SELECT e, 'message.delivered', 'msg_hostile_' || n || '_' || k, $2::jsonb, ${DUE_NOW}
     FROM generate_series(1, $3) AS n, unnest($1::uuid[]) WITH ORDINALITY AS x(e, k)`,
    [endpointIds, payload, count],
  );
}

const rowsOf = (endpointId: string) => db.webhookDelivery.findMany({ where: { endpointId }, orderBy: { id: "asc" } });

/** Rounds of the deliverer, each a lease after the last: a page left unrecorded would be claimed and posted again. */
async function rounds(count: number): Promise<void> {
  const t0 = Date.now();
  for (let round = 0; round < count; round++)
    await deliverDueWebhooks({ now: () => new Date(t0 + round * PAST_LEASE_MS) }).catch(() => undefined);
}

test("a binary and a gzip answer beside a healthy receiver: every page is recorded, the healthy deliveries posted once", async () => {
  const binaryBody = Buffer.from([0xff, 0xfe, 0x80, 0x41, 0xc3]);
  const gzipBody = gzipSync('{"ok":false}');
  expect(gzipBody.includes(0)).toBe(true);
  binary.answerWith({ status: 200, body: binaryBody, headers: { "content-type": "application/octet-stream" } });
  gzip.answerWith({ status: 500, body: gzipBody, headers: { "content-encoding": "gzip" } });
  const [good, bin, gz] = [await endpointFor(healthy), await endpointFor(binary), await endpointFor(gzip)];
  await enqueue([good, bin, gz], EACH);

  // One page holds them all; three rounds, each a lease apart.
  await rounds(3);

  expect(healthy.posts).toHaveLength(EACH);
  expect(new Set(healthy.posts.map((p) => p.headers["webhook-id"])).size).toBe(EACH);
  const goodRows = await rowsOf(good);
  expect(goodRows.every((row) => row.state === "DELIVERED" && row.attempts === 1)).toBe(true);

  // The binary answer is a success, recorded once each, its excerpt as decoded (U+FFFD for what is not UTF-8).
  expect(binary.posts).toHaveLength(EACH);
  for (const row of await rowsOf(bin))
    expect(row).toMatchObject({
      state: "DELIVERED",
      attempts: 1,
      lastStatusCode: 200,
      responseExcerpt: "\uFFFD\uFFFD\uFFFDA\uFFFD",
    });

  // The gzip answer (a 500) is a failed attempt, recorded, its NULs replaced, and tried again later.
  for (const row of await rowsOf(gz)) {
    expect(row).toMatchObject({ state: "PENDING", lastStatusCode: 500 });
    expect(row.responseExcerpt).toContain(REPLACEMENT);
    expect(row.responseExcerpt).not.toContain("\0");
  }
});

test("an outcome the database refuses costs only its own row: recorded without the answer, the rest as they were", async () => {
  // The database refuses this one answer, whatever the reason (here a trigger): the page is recorded row by row.
  await pool().query(`
    CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW."responseExcerpt" LIKE '%poison%' THEN RAISE EXCEPTION 'this answer is refused'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER refuse_poison BEFORE UPDATE ON "WebhookDelivery" FOR EACH ROW EXECUTE FUNCTION refuse_poison();`);
  try {
    binary.answerWith({ status: 200, body: "poison" });
    const [good, bad] = [await endpointFor(healthy), await endpointFor(binary)];
    await enqueue([good, bad], 5);
    await rounds(3);

    expect(healthy.posts).toHaveLength(5);
    expect((await rowsOf(good)).every((row) => row.state === "DELIVERED" && row.attempts === 1)).toBe(true);
    expect(binary.posts).toHaveLength(5);
    for (const row of await rowsOf(bad)) {
      expect(row).toMatchObject({ state: "DELIVERED", attempts: 1, lastStatusCode: 200, responseExcerpt: null });
      expect(row.lastError).toBe(
        "The outcome could not be stored as received (this answer is refused); the answer is not kept.",
      );
    }
  } finally {
    await pool().query(`DROP TRIGGER refuse_poison ON "WebhookDelivery"; DROP FUNCTION refuse_poison();`);
  }
});

test("a database that is down or busy fails the page as before: no row is recorded alone against it", async () => {
  // The refusal here says "too many connections" (53300), as a database out of room does: not about the values.
  await pool().query(`
    CREATE FUNCTION refuse_busy() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW."responseExcerpt" LIKE '%busy%' THEN RAISE EXCEPTION 'no room' USING ERRCODE = '53300'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER refuse_busy BEFORE UPDATE ON "WebhookDelivery" FOR EACH ROW EXECUTE FUNCTION refuse_busy();`);
  try {
    binary.answerWith({ status: 200, body: "busy" });
    const [good, bad] = [await endpointFor(healthy), await endpointFor(binary)];
    await enqueue([good, bad], 2);
    await expect(deliverDueWebhooks()).rejects.toMatchObject({ code: "53300" });
    // Nothing recorded: every delivery still leased, none delivered, none recorded without its answer.
    for (const row of [...(await rowsOf(good)), ...(await rowsOf(bad))])
      expect(row).toMatchObject({ state: "PENDING", attempts: 1, lastAttemptAt: null, lastError: null });
  } finally {
    await pool().query(`DROP TRIGGER refuse_busy ON "WebhookDelivery"; DROP FUNCTION refuse_busy();`);
  }
});

test("a delivery still waiting past its 24 h limit is ended without a post", async () => {
  const id = await endpointFor(healthy);
  await enqueue([id], 1);
  await pool().query(`UPDATE "WebhookDelivery" SET "createdAt" = now() - make_interval(secs => $1), attempts = 40`, [
    (RETRY_FOR_MS + PAST_LEASE_MS) / 1000,
  ]);
  expect(await deliverDueWebhooks()).toMatchObject({ claimed: 1, failed: 1, delivered: 0 });
  expect(healthy.posts).toHaveLength(0);
  const [row] = await rowsOf(id);
  expect(row).toMatchObject({
    state: "FAILED",
    attempts: 40,
    nextAttemptAt: null,
    lastError: "Not delivered within 24 hours: ended without another attempt.",
  });
});
