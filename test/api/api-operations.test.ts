// The /api/v1 operations on the console's services, against a real database: Idempotency-Key (replay, 422 on another
// body, two concurrent requests → one batch), one message and its detail, {{fields}} personalisation, paging, pause,
// resume and cancel.
import { randomUUID } from "node:crypto";
import { beforeAll, expect, test } from "vitest";
import { POST as cancel } from "@/app/api/v1/batches/[id]/cancel/route";
import { GET as exportBatch } from "@/app/api/v1/batches/[id]/export/route";
import { GET as messages } from "@/app/api/v1/batches/[id]/messages/route";
import { GET as readBatch } from "@/app/api/v1/batches/[id]/route";
import { POST as pause } from "@/app/api/v1/batches/[id]/pause/route";
import { POST as resume } from "@/app/api/v1/batches/[id]/resume/route";
import { POST as createBatch } from "@/app/api/v1/batches/route";
import { GET as getMessage } from "@/app/api/v1/messages/[id]/route";
import { POST as sendMessage } from "@/app/api/v1/messages/route";
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { canManageUsers } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { call, defaultAccount, keyFor, user } from "./api-client";

let key = "";

beforeAll(async () => {
  await defaultAccount();
  key = await keyFor(await user("OPERATOR"), ["send", "read"]);
});

test("the same Idempotency-Key and body answer the first answer again; another body is refused with 422", async () => {
  const name = `idem-${randomUUID()}`;
  const idempotencyKey = randomUUID();
  const body = { name, templateText: "Hi", recipients: ["254712345678", "254712345679"] };
  const first = await call(createBatch, { key, body, idempotencyKey });
  expect(first.status).toBe(201);
  const firstBody = await first.text();
  const again = await call(createBatch, { key, body, idempotencyKey });
  expect(again.status).toBe(201);
  expect(again.headers.get("idempotent-replayed")).toBe("true");
  expect(await again.text()).toBe(firstBody);
  expect(await db.batch.count({ where: { name } })).toBe(1);
  const other = await call(createBatch, { key, body: { ...body, templateText: "Other" }, idempotencyKey });
  expect(other.status).toBe(422);
  expect(other.headers.get("content-type")).toBe("application/problem+json");
  expect(await db.batch.count({ where: { name } })).toBe(1);
  // Without a key, each request is its own.
  await call(createBatch, { key, body });
  expect(await db.batch.count({ where: { name } })).toBe(2);
});

test("two concurrent requests with one Idempotency-Key create one batch", async () => {
  const name = `pair-${randomUUID()}`;
  const idempotencyKey = randomUUID();
  const body = {
    name,
    templateText: "Hi",
    recipients: Array.from({ length: 3000 }, (_, i) => `2547${10_000_000 + i}`),
  };
  const answers = await Promise.all([1, 2].map(() => call(createBatch, { key, body, idempotencyKey })));
  const statuses = answers.map((answer) => answer.status).sort();
  expect(await db.batch.count({ where: { name } })).toBe(1);
  // The second either waited its turn and was told so (409, retry), or came after and got the first answer.
  expect([
    [201, 201],
    [201, 409],
  ]).toContainEqual(statuses);
  const conflict = answers.find((answer) => answer.status === 409);
  if (conflict) expect(conflict.headers.get("retry-after")).toBe("1");
  // Its retry gets the first answer.
  const retry = await call(createBatch, { key, body, idempotencyKey });
  expect(retry.status).toBe(201);
  expect(retry.headers.get("idempotent-replayed")).toBe("true");
});

test("one message is sent as a batch of one and read back with its receipts", async () => {
  const sent = await call(sendMessage, { key, body: { to: "0712345678", templateText: "Your code is 4711." } });
  expect(sent.status).toBe(201);
  const { messageId, batchId, phone } = (await sent.json()) as { messageId: string; batchId: string; phone: string };
  expect(phone).toBe("254712345678");
  expect((await db.batch.findUnique({ where: { id: batchId } }))?.sender).toBe("SANDBOX");
  const read = await call(getMessage, { key, path: `/messages/${messageId}`, params: { id: messageId } });
  expect(read.status).toBe(200);
  const detail = (await read.json()) as { id: string; phone: string; receipts: unknown[] };
  expect(detail).toMatchObject({ id: messageId, phone: "254712345678" });
  expect(detail.receipts).toEqual([]);
  const missing = await call(getMessage, { key, path: "/messages/999999999", params: { id: "999999999" } });
  expect(missing.status).toBe(404);
});

test("each recipient's fields fill the template's placeholders; an unknown placeholder is refused", async () => {
  const created = await call(createBatch, {
    key,
    body: {
      templateText: "Hello {{ Name }}, see you at {{time}}.",
      recipients: [
        { phone: "254712345601", fields: { name: "Amina", time: "9:00" } },
        { phone: "254712345602", fields: { name: "Baraka", time: "10:30" } },
      ],
    },
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const texts = await db.message.findMany({
    where: { batchId: id },
    orderBy: { phone: "asc" },
    select: { text: true },
  });
  expect(texts.map((row) => row.text)).toEqual(["Hello Amina, see you at 9:00.", "Hello Baraka, see you at 10:30."]);
  const refused = await call(createBatch, {
    key,
    body: { templateText: "Hi {{nobody}}", recipients: ["254712345678"] },
  });
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { errors: { path: string }[] }).errors[0]?.path).toBe("templateText");
});

test("a batch's messages are paged with the API's cursor, the last page saying no more follow", async () => {
  const recipients = Array.from({ length: 1001 }, (_, i) => `2547${20_000_000 + i}`);
  const created = await call(createBatch, { key, body: { templateText: "Hi", recipients } });
  const { id } = (await created.json()) as { id: string };
  const seen: string[] = [];
  let cursor: string | null = "";
  let pages = 0;
  while (cursor !== null) {
    const path: string = `/batches/${id}/messages${cursor ? `?cursor=${cursor}` : ""}`;
    const page = await call(messages, { key, path, params: { id } });
    expect(page.status).toBe(200);
    const body = (await page.json()) as { data: { phone: string }[]; has_more: boolean; next_cursor: string | null };
    expect(body.data.length).toBeGreaterThan(0); // never an empty last page
    expect(body.has_more).toBe(body.next_cursor !== null);
    seen.push(...body.data.map((row) => row.phone));
    cursor = body.next_cursor;
    pages++;
  }
  expect(new Set(seen).size).toBe(1001);
  expect(pages).toBe(21); // 20 pages of 50 and one of 1
  const bad = await call(messages, { key, path: `/batches/${id}/messages?cursor=x`, params: { id } });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { errors: { path: string }[] }).errors[0]?.path).toBe("cursor");
});

test("pause, resume and cancel answer as the batch page's buttons do", async () => {
  const scheduledAt = new Date(Date.now() + 86_400_000).toISOString();
  const created = await call(createBatch, {
    key,
    body: { templateText: "Later", recipients: ["254712345678"], scheduledAt },
  });
  const { id } = (await created.json()) as { id: string };
  const at = (handler: typeof pause, op: string) =>
    call(handler, { key, method: "POST", path: `/batches/${id}/${op}`, params: { id } });
  expect((await at(pause, "pause")).status).toBe(200);
  expect((await at(pause, "pause")).status).toBe(409);
  expect((await at(resume, "resume")).status).toBe(200);
  expect((await at(cancel, "cancel")).status).toBe(200);
  const again = await at(cancel, "cancel");
  expect(again.status).toBe(409);
  expect(((await again.json()) as { detail: string }).detail).toMatch(/already finished/);
});

test("a batch reads back with its plan: requests and seconds for the whole send and what is left, and its start", async () => {
  const scheduledAt = new Date(Date.now() + 86_400_000).toISOString();
  const recipients = Array.from({ length: 101 }, (_, i) => `2547${20_000_000 + i}`);
  const created = await call(createBatch, { key, body: { templateText: "Plan", recipients, scheduledAt } });
  const { id } = (await created.json()) as { id: string };
  const answer = await call(readBatch, { key, path: `/batches/${id}`, params: { id } });
  expect(answer.status).toBe(200);
  const batch = (await answer.json()) as {
    state: string;
    plan: { total: { recipients: number; requests: number }; left: { recipients: number }; startsAt: string | null };
  };
  expect(batch.state).toBe("SCHEDULED");
  // 101 recipients at the default account's 100 per request: two requests, all of them still to send.
  expect(batch.plan.total).toMatchObject({ recipients: 101, requests: 2 });
  expect(batch.plan.left.recipients).toBe(101);
  expect(new Date(batch.plan.startsAt ?? 0).toISOString()).toBe(scheduledAt);
});

test("a batch is exported as the console's CSV, and the export is audited", async () => {
  const created = await call(createBatch, { key, body: { templateText: "Hi", recipients: ["254712340001"] } });
  const { id } = (await created.json()) as { id: string };
  const answer = await call(exportBatch, { key, path: `/batches/${id}/export`, params: { id } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(await answer.text()).toContain("254712340001");
  expect(await db.auditEvent.count({ where: { action: "export.batch", targetId: id } })).toBe(1);
});

test("a body over the batch limit is refused with 413 while it streams, and nothing is created", async () => {
  const before = await db.batch.count();
  const tooLarge = JSON.stringify({
    templateText: "x",
    recipients: ["254712345678"],
    pad: "x".repeat(9 * 1024 * 1024),
  });
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= tooLarge.length) return controller.close();
      const piece = new TextEncoder().encode(tooLarge.slice(sent, sent + 65_536));
      sent += 65_536;
      controller.enqueue(piece);
    },
  });
  const request = new Request("http://127.0.0.1/api/v1/batches", {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
  const answer = await createBatch(request);
  expect(answer.status).toBe(413);
  expect(answer.headers.get("content-type")).toBe("application/problem+json");
  expect(sent).toBeLessThan(tooLarge.length); // refused at the chunk that crossed the line, not after reading it all
  expect(await db.batch.count()).toBe(before);
});

test("a write with the admin scope is audited, a read is not; without the scope the operation is refused", async () => {
  const adminOnly = apiRoute({ scope: "admin", allowed: canManageUsers }, async () => json({ ok: true }));
  const admin = await user("ADMIN");
  const adminKey = await keyFor(admin, ["admin"]);
  expect((await call(adminOnly, { key: adminKey, path: "/admin-thing" })).status).toBe(200);
  expect((await call(adminOnly, { key: adminKey, method: "POST", path: "/admin-thing" })).status).toBe(200);
  const audit = await db.auditEvent.findMany({ where: { action: "api_key.admin_use", actorId: admin } });
  expect(audit.map((event) => (event.detail as { operation: string }).operation)).toEqual(["POST /api/v1/admin-thing"]);
  expect((await call(adminOnly, { key: await keyFor(admin, ["read"]), path: "/admin-thing" })).status).toBe(403);
});
