// Subject access and erasure through /api/v1 (issue 38 item 6), through the route handlers as Next calls them: an
// administrator's key with `admin` reads everything held about a number (the console's file, audited) and forgets it —
// after which GET /messages?phone= finds none; the same Idempotency-Key replays the first answer and erases once; a
// dry run changes nothing; no audit entry of the erasure holds the number in clear; a number that is not one is
// refused naming `phone`, a key without `admin` with missing_scope, a test key with test_key_live_account.
import { createHash, randomUUID } from "node:crypto";
import { beforeAll, expect, test } from "vitest";
import { POST as erase } from "@/app/api/v1/numbers/[phone]/erase/route";
import { GET as subjectAccess } from "@/app/api/v1/numbers/[phone]/subject-access/route";
import { GET as phoneMessages } from "@/app/api/v1/messages/route";
import { POST as createBatch } from "@/app/api/v1/batches/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { db } from "@/lib/db/client";
import { call, defaultAccount, keyFor, user, type Call } from "./api-client";

const PHONE = "254712345678";
const OTHER = "254722345678";
let admin = "";
let adminKey = "";

type Erasure = { dryRun: boolean; neverContact: boolean; counts: Record<string, number> };
type Problem = { code: string; errors?: { path: string; code: string; message: string }[] };

const at = (phone: string, op: "erase" | "subject-access", options: Omit<Call, "path" | "params"> = {}): Call => ({
  key: adminKey,
  path: `/numbers/${encodeURIComponent(phone)}/${op}`,
  params: { phone },
  ...options,
});
const body = (extra: object = {}) => ({ reason: "The person asked to be forgotten.", neverContact: false, ...extra });

async function messagesTo(phone: string): Promise<{ phone: string; text: string }[]> {
  const answer = await call(phoneMessages, { key: adminKey, path: `/messages?phone=${phone}` });
  expect(answer.status, await answer.clone().text()).toBe(200);
  return ((await answer.json()) as { data: { phone: string; text: string }[] }).data;
}

async function sendTwoBatches(phone: string): Promise<void> {
  for (const text of ["Your appointment is tomorrow.", "Your results are ready."]) {
    const answer = await call(createBatch, {
      key: adminKey,
      body: { name: `story ${text}`, templateText: text, recipients: [phone, OTHER] },
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
  }
}

beforeAll(async () => {
  await defaultAccount();
  admin = await user("ADMIN");
  adminKey = await keyFor(admin, ["send", "read", "admin"]);
});

test("subject access answers the console's file for the number, audited, in any Kenyan form", async () => {
  const phone = "254712345600";
  await sendTwoBatches(phone);
  const answer = await call(subjectAccess, at("0712 345 600", "subject-access"));
  expect(answer.status, await answer.clone().text()).toBe(200);
  expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="tuma-${phone}.json"`);
  const file = (await answer.json()) as {
    header: { subject: string; made_by: string };
    messages: { text: string }[];
    receipts: unknown[];
  };
  expect(file.header.subject).toBe(phone);
  expect(file.header.made_by).toMatch(/^API admin </);
  expect(file.messages.map((m) => m.text)).toEqual(["Your results are ready.", "Your appointment is tomorrow."]);
  expect(
    await db.auditEvent.count({ where: { action: "export.subject_access", actorId: admin, targetId: phone } }),
  ).toBe(1);
  const zip = await call(subjectAccess, {
    ...at(phone, "subject-access"),
    path: `/numbers/${phone}/subject-access?format=zip`,
  });
  expect(zip.headers.get("content-type")).toBe("application/zip");
  expect(
    Buffer.from(await zip.arrayBuffer())
      .subarray(0, 2)
      .toString(),
  ).toBe("PK");
});

test("a dry run counts what would go and changes nothing", async () => {
  await sendTwoBatches(PHONE);
  await db.optOut.create({ data: { phone: PHONE, reason: "asked", source: "operator" } });
  const before = await db.message.findMany({ where: { phone: PHONE }, orderBy: { id: "asc" } });
  expect(before).toHaveLength(2);
  const answer = await call(erase, at(PHONE, "erase", { body: body({ dryRun: true }) }));
  expect(answer.status, await answer.clone().text()).toBe(200);
  expect((await answer.json()) as Erasure).toEqual({
    dryRun: true,
    neverContact: false,
    counts: {
      messages: 2,
      receipts: 0,
      unmatchedReceipts: 0,
      listRows: 0,
      escalationCalls: 0,
      webhookDeliveries: 0,
      optOuts: 1,
    },
  });
  expect(await db.message.findMany({ where: { phone: PHONE }, orderBy: { id: "asc" } })).toEqual(before);
  expect(await db.optOut.count({ where: { phone: PHONE } })).toBe(1);
  expect(await messagesTo(PHONE)).toHaveLength(2);
  expect(await db.auditEvent.count({ where: { action: "number.erase" } })).toBe(0);
});

test("erasure: the number is found by no API call after; the same Idempotency-Key replays the answer and erases once", async () => {
  const idempotencyKey = randomUUID();
  const others = (await messagesTo(OTHER)).length;
  const sentTo = await db.message.findMany({ where: { phone: PHONE }, select: { batchId: true } });
  const batches = await db.batch.findMany({
    where: { id: { in: sentTo.map((message) => message.batchId) } },
    select: { id: true, recipientCount: true, deliveredCount: true, pendingCount: true, suppressedCount: true },
    orderBy: { id: "asc" },
  });
  const first = await call(erase, at(PHONE, "erase", { body: body({ neverContact: true }), idempotencyKey }));
  expect(first.status, await first.clone().text()).toBe(200);
  const answer = (await first.json()) as Erasure;
  expect(answer).toMatchObject({ dryRun: false, neverContact: true, counts: { messages: 2, optOuts: 1 } });
  expect(await messagesTo(PHONE)).toEqual([]);
  expect(await messagesTo("0712 345 678")).toEqual([]);
  expect(await messagesTo(OTHER)).toHaveLength(others); // the other recipient of the same batches keeps theirs
  const file = (await (await call(subjectAccess, at(PHONE, "subject-access"))).json()) as Record<string, unknown[]>;
  for (const part of ["messages", "receipts", "escalation_calls", "opt_out", "list_rows", "webhook_deliveries"])
    expect(file[part], part).toEqual([]);
  // The batches' totals are as they were.
  expect(
    await db.batch.findMany({
      where: { id: { in: batches.map((b) => b.id) } },
      select: { id: true, recipientCount: true, deliveredCount: true, pendingCount: true, suppressedCount: true },
      orderBy: { id: "asc" },
    }),
  ).toEqual(batches);

  const again = await call(erase, at(PHONE, "erase", { body: body({ neverContact: true }), idempotencyKey }));
  expect(again.status).toBe(200);
  expect(again.headers.get("idempotent-replayed")).toBe("true");
  expect(await again.json()).toEqual(answer);
  const erasures = await db.auditEvent.findMany({ where: { action: "number.erase", actorId: admin } });
  expect(erasures).toHaveLength(1);
  // Neither the erasure's entry nor the admin scope's entry for the request names the number in any form.
  const uses = await db.auditEvent.findMany({ where: { action: "api_key.admin_use", actorId: admin } });
  expect(uses.length).toBeGreaterThan(0);
  for (const { id: _id, ...entry } of [...erasures, ...uses])
    expect(JSON.stringify(entry), entry.action).not.toContain("12345678");
  // Nor does the answer kept for the Idempotency-Key.
  const kept = await db.apiIdempotency.findMany({ where: { idempotencyKey } });
  expect(kept).toHaveLength(1);
  expect(kept[0]!.body).not.toContain("12345678");
  // And its request hash is keyed: hashing the guessed request (every Kenyan number is a small space) does not find it.
  const guessed = createHash("sha256")
    .update(`POST /api/v1/numbers/${PHONE}/erase\n`)
    .update(JSON.stringify(body({ neverContact: true })))
    .digest("hex");
  expect(kept[0]!.requestHash).not.toBe(guessed);

  // Without the key, a second erasure finds nothing left.
  const second = await call(erase, at(PHONE, "erase", { body: body() }));
  expect(((await second.json()) as Erasure).counts.messages).toBe(0);
});

test("a number that is not one is refused naming `phone`; a wrong body names its field; nothing is erased", async () => {
  for (const [handler, op, options] of [
    [erase, "erase", { body: body() }],
    [subjectAccess, "subject-access", {}],
  ] as const)
    for (const given of ["Amina", "07123", "0".repeat(41)]) {
      const answer = await call(handler, at(given, op, options));
      expect(answer.status, `${op} ${given}`).toBe(400);
      const problem = (await answer.json()) as Problem;
      expect(problem.code).toBe("validation_failed");
      expect(problem.errors?.[0]).toMatchObject({ path: "phone", code: "invalid_phone" });
      expect(problem.errors?.[0]?.message).toMatch(/\w{3,}/);
    }
  await sendTwoBatches("254712345601");
  for (const [wrong, path] of [
    [{ neverContact: false }, "reason"],
    [{ reason: "   ", neverContact: false }, "reason"],
    [{ reason: "Asked." }, "neverContact"],
    [{ ...body(), dryrun: true }, "dryrun"],
  ] as const) {
    const answer = await call(erase, at("254712345601", "erase", { body: wrong }));
    expect(answer.status, JSON.stringify(wrong)).toBe(400);
    expect(((await answer.json()) as Problem).errors?.map((e) => e.path)).toEqual([path]);
  }
  expect(await messagesTo("254712345601")).toHaveLength(2);
});

test("a key without `admin` gets missing_scope, a test key test_key_live_account; nothing is read or erased", async () => {
  const phone = "254712345602";
  await sendTwoBatches(phone);
  const readOnly = await keyFor(admin, ["send", "read"]);
  const testKey = (await createApiKey(admin, { name: "dev", scopes: ["read", "admin"], mode: "test" }, admin)).key;
  for (const [key, code] of [
    [readOnly, "missing_scope"],
    [testKey, "test_key_live_account"],
  ] as const) {
    for (const answer of [
      await call(erase, at(phone, "erase", { key, body: body() })),
      await call(subjectAccess, at(phone, "subject-access", { key })),
    ]) {
      expect(answer.status).toBe(403);
      expect(((await answer.json()) as Problem).code).toBe(code);
    }
  }
  expect(await messagesTo(phone)).toHaveLength(2);
  expect(await db.auditEvent.count({ where: { action: "export.subject_access", targetId: phone } })).toBe(0);
});
