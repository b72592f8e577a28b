// The deliverer against a real PostgreSQL and a real HTTP sink on loopback: signatures that standardwebhooks verifies
// (with each secret during a rotation's overlap), backoff driven by an injected clock, giving up after 24 h, disabling
// after 3 days of failure, refusals of private addresses at registration and at delivery, redirects not followed,
// answers read at most 1 KB, replay, and an operator refused.
import { afterAll, beforeEach, expect, test } from "vitest";
import type pg from "pg";
import { Webhook } from "standardwebhooks";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { actor } from "@/test/upload-helpers";
import { startWebhookSink } from "@/test/webhook-sink";
import { setAllowedHostsSetting } from "./allowed-hosts-setting";
import { RETRY_FOR_MS, DISABLE_AFTER_MS } from "./backoff";
import { deliverDueWebhooks } from "./deliver";
import { forgetOldDeliveries } from "./forget-deliveries";
import { listDeliveries, replayDelivery } from "./deliveries";
import { createEndpoint, rotateSecret, updateEndpoint } from "./endpoints";
import { DUE_NOW } from "./outbox-sql";
import { EXCERPT_BYTES } from "./post-webhook";

const sink = await startWebhookSink();
const admin = await actor();
const operator = await actor("OPERATOR");
await setAllowedHostsSetting(admin, [sink.hostPort]);

afterAll(() => sink.close());

beforeEach(async () => {
  sink.posts.length = 0;
  sink.answerWith({ status: 204 });
  await pool().query(`DELETE FROM "WebhookEndpoint"`);
});

async function endpoint(path = "/hooks") {
  return createEndpoint(admin, {
    url: sink.url.replace("/hooks", path),
    events: ["message.delivered"],
    description: "",
  });
}

/** A delivery due now, written as the outbox writes one (lib/webhooks/outbox-sql.ts). */
async function enqueue(
  endpointId: string,
  eventId = `msg_test_${Math.random().toString(36).slice(2)}`,
  client: Pick<pg.ClientBase, "query"> = pool(),
) {
  const payload = { type: "message.delivered", timestamp: new Date().toISOString(), data: { messageId: "1" } };
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO "WebhookDelivery" ("endpointId", "eventType", "eventId", payload, "nextAttemptAt")
     VALUES ($1, 'message.delivered', $2, $3, ${DUE_NOW}) RETURNING id::text`,
    [endpointId, eventId, JSON.stringify(payload)],
  );
  return rows[0]!.id;
}

const delivery = (id: string) => db.webhookDelivery.findUniqueOrThrow({ where: { id: BigInt(id) } });

test("a delivery written in the very millisecond the deliverer looks is due: its time is cut, never rounded up", async () => {
  const { endpoint: e } = await endpoint();
  // A transaction whose now() lies in the second half of its millisecond: rounded to the column's milliseconds, the
  // delivery's time would be the next millisecond, after the deliverer's clock (this once failed a test at random).
  const client = await pool().connect();
  let id = "";
  let millisecond = 0;
  try {
    for (;;) {
      await client.query("BEGIN");
      const { rows } = await client.query<{ us: string }>(
        `SELECT (extract(epoch FROM now()) * 1000000)::bigint::text AS us`,
      );
      const us = BigInt(rows[0]!.us);
      if (us % 1000n >= 500n) {
        millisecond = Number(us / 1000n);
        break;
      }
      await client.query("ROLLBACK");
    }
    id = await enqueue(e.id, "msg_same_millisecond", client);
    await client.query("COMMIT");
  } finally {
    client.release();
  }
  // The deliverer's clock reads that same millisecond.
  expect(await deliverDueWebhooks({ now: () => new Date(millisecond) })).toMatchObject({ claimed: 1, delivered: 1 });
  expect(await delivery(id)).toMatchObject({ state: "DELIVERED" });
});

test("a delivery arrives signed per Standard Webhooks and is logged", async () => {
  const { endpoint: e, secret } = await endpoint();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  const id = await enqueue(e.id, "msg_signed");
  expect(await deliverDueWebhooks()).toMatchObject({ claimed: 1, delivered: 1 });
  expect(sink.posts).toHaveLength(1);
  const post = sink.posts[0]!;
  expect(post.headers["webhook-id"]).toBe("msg_signed");
  expect(new Webhook(secret).verify(post.body, post.headers)).toMatchObject({ type: "message.delivered" });
  // Another secret does not verify it.
  expect(() =>
    new Webhook(`whsec_${Buffer.alloc(24, 1).toString("base64")}`).verify(post.body, post.headers),
  ).toThrow();
  const row = await delivery(id);
  expect(row).toMatchObject({ state: "DELIVERED", attempts: 1, lastStatusCode: 204, nextAttemptAt: null });
  expect(row.lastLatencyMs).toBeGreaterThanOrEqual(0);
  const log = await listDeliveries(admin, e.id, { limit: 50 });
  expect(log.deliveries.map((d) => d.eventId)).toEqual(["msg_signed"]);
  // The secret is stored sealed, never as it is.
  const stored = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: e.id } });
  expect(stored.secretCiphertext).not.toContain(secret.slice(6));
});

test("during a rotation's overlap both secrets verify; after it only the new one signs", async () => {
  const { endpoint: e, secret: old } = await endpoint();
  const { secret: fresh } = await rotateSecret(admin, e.id);
  expect(fresh).not.toBe(old);
  await enqueue(e.id);
  await deliverDueWebhooks();
  const post = sink.posts[0]!;
  expect(post.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
  expect(() => new Webhook(old).verify(post.body, post.headers)).not.toThrow();
  expect(() => new Webhook(fresh).verify(post.body, post.headers)).not.toThrow();

  await pool().query(`UPDATE "WebhookEndpoint" SET "previousSecretUntil" = now() - interval '1 second'`);
  await enqueue(e.id);
  await deliverDueWebhooks();
  const later = sink.posts[1]!;
  expect(later.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
  expect(() => new Webhook(fresh).verify(later.body, later.headers)).not.toThrow();
  expect(() => new Webhook(old).verify(later.body, later.headers)).toThrow();
});

test("failures back off exponentially on the injected clock, then fail after 24 h", async () => {
  sink.answerWith({ status: 500, body: "down" });
  const { endpoint: e } = await endpoint();
  const id = await enqueue(e.id);
  const { createdAt } = await delivery(id);
  const t0 = new Date();
  expect(await deliverDueWebhooks({ now: () => t0 })).toMatchObject({ claimed: 1, retrying: 1 });
  const first = await delivery(id);
  expect(first).toMatchObject({ state: "PENDING", attempts: 1, lastStatusCode: 500, responseExcerpt: "down" });
  const firstDelay = first.nextAttemptAt!.getTime() - t0.getTime();
  expect(firstDelay).toBeGreaterThanOrEqual(4_000);
  expect(firstDelay).toBeLessThanOrEqual(6_000);
  // Not due yet: nothing is claimed.
  expect(await deliverDueWebhooks({ now: () => new Date(t0.getTime() + 1_000) })).toMatchObject({ claimed: 0 });
  const t1 = first.nextAttemptAt!;
  await deliverDueWebhooks({ now: () => t1 });
  const second = await delivery(id);
  const secondDelay = second.nextAttemptAt!.getTime() - t1.getTime();
  expect(second.attempts).toBe(2);
  expect(secondDelay).toBeGreaterThanOrEqual(16_000);
  expect(secondDelay).toBeLessThanOrEqual(24_000);
  // Never scheduled past 24 h from its creation; an attempt failing then is the last.
  const late = new Date(createdAt.getTime() + RETRY_FOR_MS - 60_000);
  await deliverDueWebhooks({ now: () => late });
  expect((await delivery(id)).nextAttemptAt!.getTime()).toBeLessThanOrEqual(createdAt.getTime() + RETRY_FOR_MS);
  const end = new Date(createdAt.getTime() + RETRY_FOR_MS);
  expect(await deliverDueWebhooks({ now: () => end })).toMatchObject({ failed: 1 });
  expect(await delivery(id)).toMatchObject({ state: "FAILED", attempts: 4, nextAttemptAt: null });
  expect(sink.posts).toHaveLength(4);
});

test("an endpoint failing for 3 days is disabled with an audit event; a success before then resets it", async () => {
  sink.answerWith({ status: 503 });
  const { endpoint: e } = await endpoint();
  await enqueue(e.id);
  const t0 = new Date();
  await deliverDueWebhooks({ now: () => t0 });
  expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: e.id } })).failingSince).toEqual(t0);
  // Two days on, still failing: still enabled.
  const day2 = new Date(t0.getTime() + 2 * 86_400_000);
  await pool().query(`UPDATE "WebhookDelivery" SET "nextAttemptAt" = $1`, [day2]);
  await deliverDueWebhooks({ now: () => day2 });
  expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: e.id } })).enabled).toBe(true);
  // Three days on: disabled, its waiting deliveries failed, audited by Tuma (no actor).
  const day3 = new Date(t0.getTime() + DISABLE_AFTER_MS);
  const waiting = await enqueue(e.id);
  await pool().query(`UPDATE "WebhookDelivery" SET "nextAttemptAt" = $1 WHERE state = 'PENDING'`, [day3]);
  expect(await deliverDueWebhooks({ now: () => day3 })).toMatchObject({ disabled: 1 });
  const disabled = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: e.id } });
  expect(disabled).toMatchObject({ enabled: false, disabledReason: "It failed every attempt for 3 days." });
  expect((await delivery(waiting)).state).toBe("FAILED");
  const audit = await db.auditEvent.findMany({ where: { action: "webhook.disable", targetId: e.id } });
  expect(audit).toHaveLength(1);
  expect(audit[0]!.actorId).toBeNull();
  // A disabled endpoint gets nothing.
  await enqueue(e.id);
  expect(await deliverDueWebhooks()).toMatchObject({ claimed: 0 });

  // Enabled again and answering: healthy.
  sink.answerWith({ status: 200 });
  await updateEndpoint(admin, e.id, { enabled: true });
  await deliverDueWebhooks();
  expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: e.id } })).toMatchObject({
    enabled: true,
    failingSince: null,
  });
});

test("private addresses are refused at registration and at delivery; the allowed host:port passes", async () => {
  await expect(
    createEndpoint(admin, { url: "http://169.254.169.254/latest", events: ["message.failed"], description: "" }),
  ).rejects.toMatchObject({ code: "INVALID_INPUT" });
  await expect(
    createEndpoint(admin, { url: "http://localhost:1/x", events: ["message.failed"], description: "" }),
  ).rejects.toMatchObject({ code: "INVALID_INPUT" });
  // Registered while allowed, then the allowance is taken back: the delivery is refused without a connection.
  const { endpoint: e } = await endpoint();
  await setAllowedHostsSetting(admin, []);
  try {
    const id = await enqueue(e.id);
    await deliverDueWebhooks();
    const row = await delivery(id);
    expect(row).toMatchObject({ state: "PENDING", lastStatusCode: null });
    expect(row.lastError).toContain("private, loopback or reserved");
    expect(sink.posts).toHaveLength(0);
  } finally {
    await setAllowedHostsSetting(admin, [sink.hostPort]);
  }
});

test("a redirect is not followed: it is a failed attempt", async () => {
  sink.answerWith({ status: 302, headers: { location: "/elsewhere" } });
  const { endpoint: e } = await endpoint();
  const id = await enqueue(e.id);
  await deliverDueWebhooks();
  expect(await delivery(id)).toMatchObject({ state: "PENDING", lastStatusCode: 302 });
  expect(sink.posts.map((p) => p.path)).toEqual(["/hooks"]);
});

test("a huge answer is read only to its first kilobyte", async () => {
  sink.answerWith({ status: 200, body: Buffer.alloc(5 * 1024 * 1024, "x") });
  const { endpoint: e } = await endpoint();
  const id = await enqueue(e.id);
  await deliverDueWebhooks();
  const row = await delivery(id);
  expect(row.state).toBe("DELIVERED");
  expect(row.responseExcerpt).toBe("x".repeat(EXCERPT_BYTES));
});

test("replay sends the same event again, audited; an operator may not", async () => {
  const { endpoint: e, secret } = await endpoint();
  const id = await enqueue(e.id, "msg_replayed");
  await deliverDueWebhooks();
  await expect(replayDelivery(operator, id)).rejects.toMatchObject({ code: "FORBIDDEN" });
  const copy = await replayDelivery(admin, id);
  expect(copy.id).not.toBe(id);
  await deliverDueWebhooks();
  expect(sink.posts.map((p) => p.headers["webhook-id"])).toEqual(["msg_replayed", "msg_replayed"]);
  expect(() => new Webhook(secret).verify(sink.posts[1]!.body, sink.posts[1]!.headers)).not.toThrow();
  expect(await db.auditEvent.count({ where: { action: "webhook.replay", targetId: e.id } })).toBe(1);
  await expect(
    createEndpoint(operator, { url: sink.url, events: ["batch.completed"], description: "" }),
  ).rejects.toMatchObject({
    code: "FORBIDDEN",
  });
});

test("the delivery log forgets finished deliveries after 30 days and keeps waiting ones", async () => {
  const { endpoint: e } = await endpoint();
  const done = await enqueue(e.id);
  await deliverDueWebhooks();
  sink.answerWith({ status: 500 });
  const waiting = await enqueue(e.id);
  await deliverDueWebhooks();
  expect(await forgetOldDeliveries(new Date(Date.now() + 29 * 86_400_000))).toBe(false);
  expect(await db.webhookDelivery.count({ where: { endpointId: e.id } })).toBe(2);
  await forgetOldDeliveries(new Date(Date.now() + 31 * 86_400_000));
  const left = await db.webhookDelivery.findMany({ where: { endpointId: e.id }, select: { id: true } });
  expect(left.map((d) => d.id.toString())).toEqual([waiting]);
  expect(done).not.toBe(waiting);
});
