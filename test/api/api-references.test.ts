// The caller's reference (issue 36 item 3, docs/api.md "References"), through the route handlers against a real
// database: each recipient's reference and metadata stored on its message and returned by every read, the answer's
// message ids, the same number twice kept as two messages when texts or references differ (identical ones merged and
// named), the limits refused with paths and codes, the search by reference in keyset pages, the export's columns,
// the message events carrying them, and the call outcome (reached, reachedBy, message.call_answered).
import { randomUUID } from "node:crypto";
import { beforeAll, expect, test } from "vitest";
import { GET as exportBatch } from "@/app/api/v1/batches/[id]/export/route";
import { GET as batchMessages } from "@/app/api/v1/batches/[id]/messages/route";
import { GET as readBatch } from "@/app/api/v1/batches/[id]/route";
import { POST as createBatch } from "@/app/api/v1/batches/route";
import { GET as getMessage } from "@/app/api/v1/messages/[id]/route";
import { GET as byReference, POST as sendMessage } from "@/app/api/v1/messages/route";
import type { Actor } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { setAllowedHostsSetting } from "@/lib/webhooks/allowed-hosts-setting";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { EVENT_SCHEMAS } from "@/lib/api/resources/event";
import { call, defaultAccount, keyFor, user } from "./api-client";

let key = "";

beforeAll(async () => {
  await defaultAccount();
  const admin = await user("ADMIN");
  key = await keyFor(admin, ["send", "read"]);
  // An endpoint for every event, so the outbox writes each message event (nothing posts it: no worker runs here).
  const actor: Actor = await db.user.findUniqueOrThrow({
    where: { id: admin },
    select: { id: true, email: true, name: true, role: true, mustChangePassword: true },
  });
  await setAllowedHostsSetting(actor, ["127.0.0.1:9"]);
  await createEndpoint(actor, { url: "http://127.0.0.1:9/hooks", events: [...WEBHOOK_EVENTS], description: "refs" });
});

type Created = {
  id: string;
  recipients: number;
  duplicates: number;
  createdMessages: { id: string; index: number | null; phone: string; reference: string | null }[] | null;
  merged: { index: number; into: number }[];
};

test("each recipient's reference and metadata is stored, answered with its message id, and read back everywhere", async () => {
  const name = `refs-${randomUUID()}`;
  const answer = await call(createBatch, {
    key,
    body: {
      name,
      templateText: "Hello {{name}} see you at {{time}}.",
      recipients: [
        // A mother with two children booked: one number, two texts, two references.
        {
          phone: "0712300001",
          fields: { name: "Amina", time: "9:00" },
          reference: "appt-1",
          metadata: { child: "Juma" },
        },
        {
          phone: "254712300001",
          fields: { name: "Amina", time: "11:00" },
          reference: "appt-2",
          metadata: { child: "Zawadi" },
        },
        // The same text, another reference: two messages too.
        { phone: "0712300002", fields: { name: "Baraka", time: "9:00" }, reference: "appt-3" },
        { phone: "0712300002", fields: { name: "Baraka", time: "9:00" }, reference: "appt-4" },
        // Identical to the first: merged, and the answer says into which.
        {
          phone: "+254712300001",
          fields: { name: "Amina", time: "9:00" },
          reference: "appt-1",
          metadata: { child: "Juma" },
        },
      ],
    },
  });
  expect(answer.status).toBe(201);
  const created = (await answer.json()) as Created;
  expect(created.recipients).toBe(4);
  expect(created.duplicates).toBe(1);
  expect(created.merged).toEqual([{ index: 4, into: 0 }]);
  expect(created.createdMessages?.map((m) => [m.index, m.phone, m.reference])).toEqual([
    [0, "254712300001", "appt-1"],
    [1, "254712300001", "appt-2"],
    [2, "254712300002", "appt-3"],
    [3, "254712300002", "appt-4"],
  ]);

  // GET /messages/{id}: the reference, the metadata as given, and the text of that recipient.
  const second = created.createdMessages![1]!;
  const one = (await (await call(getMessage, { key, params: { id: second.id } })).json()) as Record<string, unknown>;
  expect(one).toMatchObject({
    reference: "appt-2",
    metadata: { child: "Zawadi" },
    text: "Hello Amina see you at 11:00.",
    callState: null,
    reached: false,
    reachedBy: null,
  });

  // The batch's pages carry them too.
  const page = (await (await call(batchMessages, { key, params: { id: created.id } })).json()) as {
    data: { id: string; reference: string | null; metadata: unknown }[];
  };
  expect(page.data.map((m) => m.reference)).toEqual(["appt-1", "appt-2", "appt-3", "appt-4"]);
  expect(page.data[0]!.metadata).toEqual({ child: "Juma" });

  // The export: a reference and a metadata column.
  const csv = (await (await call(exportBatch, { key, params: { id: created.id } })).text()).trimEnd().split("\r\n");
  const header = csv[0]!.split(",");
  const at = header.indexOf("reference");
  expect(at).toBeGreaterThan(-1);
  expect(header[at + 1]).toBe("metadata");
  expect(csv.slice(1).map((line) => line.split(",")[at])).toEqual(["appt-1", "appt-2", "appt-3", "appt-4"]);
  expect(csv[1]).toContain(`"{""child"":""Juma""}"`);

  // The Batch resource counts reached.
  const batch = (await (await call(readBatch, { key, params: { id: created.id } })).json()) as {
    counts: { reached: number; reachedByCall: number };
  };
  expect(batch.counts).toMatchObject({ reached: 0, reachedByCall: 0 });
});

test("GET /messages?reference= finds every message sent with it, across batches, a keyset page at a time", async () => {
  const reference = `order-${randomUUID()}`;
  const ids: string[] = [];
  for (const to of ["0712300011", "0712300012", "0712300013"]) {
    const sent = await call(sendMessage, { key, body: { to, templateText: "Your order shipped.", reference } });
    expect(sent.status).toBe(201);
    const body = (await sent.json()) as { messageId: string; reference: string | null };
    expect(body.reference).toBe(reference);
    ids.push(body.messageId);
  }
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 5; pages++) {
    const query = `?reference=${encodeURIComponent(reference)}&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
    const answer = await call(byReference, { key, path: `/messages${query}` });
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as {
      data: { id: string; reference: string }[];
      has_more: boolean;
      next_cursor: string | null;
    };
    expect(page.data.every((m) => m.reference === reference)).toBe(true);
    seen.push(...page.data.map((m) => m.id));
    if (!page.has_more) break;
    cursor = page.next_cursor!;
  }
  expect(seen).toEqual(ids);
  const none = (await (await call(byReference, { key, path: "/messages?reference=nobody" })).json()) as {
    data: unknown[];
  };
  expect(none.data).toEqual([]);

  // The search can read the partial index (the planner prefers a scan of this test's few rows unless told not to).
  const client = await pool().connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL enable_seqscan = off");
    const { rows } = await client.query<{ "QUERY PLAN": string }>(
      `EXPLAIN SELECT id FROM "Message" WHERE reference = $1 AND id > 0 ORDER BY id LIMIT 3`,
      [reference],
    );
    expect(rows.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/reference_id_idx/);
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
});

test("a reference or metadata over its limits is refused with its path and code over_limit, and nothing is stored", async () => {
  const name = `limits-${randomUUID()}`;
  const answer = await call(createBatch, {
    key,
    body: {
      name,
      templateText: "Hi",
      recipients: [
        { phone: "0712300021", reference: "r".repeat(129) },
        { phone: "0712300022", metadata: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i])) },
        { phone: "0712300023", metadata: { note: "x".repeat(501) } },
        { phone: "0712300024", metadata: { nested: { no: true } } },
        {
          phone: "0712300025",
          metadata: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, "y".repeat(450)])),
        },
      ],
    },
  });
  expect(answer.status).toBe(400);
  const problem = (await answer.json()) as { code: string; errors: { path: string; code: string }[] };
  expect(problem.code).toBe("validation_failed");
  expect(problem.errors.map((e) => [e.path, e.code])).toEqual(
    expect.arrayContaining([
      ["recipients[0].reference", "over_limit"],
      ["recipients[1].metadata", "over_limit"],
      ["recipients[2].metadata.note", "over_limit"],
      ["recipients[4].metadata", "over_limit"],
    ]),
  );
  // A nested object is not a metadata value: refused at that recipient.
  expect(problem.errors.some((e) => e.path.startsWith("recipients[3]") && e.code === "invalid")).toBe(true);
  expect(await db.batch.count({ where: { name } })).toBe(0);
});

test("message events carry the reference and metadata; a call's outcome is an event on the SMS's own message", async () => {
  const name = `events-${randomUUID()}`;
  const created = (await (
    await call(createBatch, {
      key,
      body: {
        name,
        templateText: "Reminder",
        recipients: [
          { phone: "0712300031", reference: "ev-1", metadata: { ward: 3 } },
          { phone: "0712300032", reference: "ev-2" },
        ],
      },
    })
  ).json()) as Created;
  const [first, second] = created.createdMessages!;
  // As the applier and the escalation's mirror would: the first delivered, the second not, then its call answered.
  await pool().query(`UPDATE "Message" SET state = 'DELIVERED' WHERE id = $1`, [first!.id]);
  await pool().query(`UPDATE "Message" SET state = 'QUEUED' WHERE id = $1`, [second!.id]);
  await pool().query(`UPDATE "Message" SET "callState" = 'ANSWERED' WHERE id = $1`, [second!.id]);
  const { rows } = await pool().query<{ eventType: string; payload: { type: string; data: Record<string, unknown> } }>(
    `SELECT "eventType", payload FROM "WebhookDelivery" WHERE "batchId" = $1 AND "eventType" LIKE 'message.%' ORDER BY id`,
    [created.id],
  );
  const delivered = rows.find((r) => r.eventType === "message.delivered")!;
  expect(delivered.payload.data).toMatchObject({
    messageId: first!.id,
    reference: "ev-1",
    metadata: { ward: 3 },
    reached: true,
    reachedBy: "sms",
  });
  const answered = rows.find((r) => r.eventType === "message.call_answered")!;
  expect(answered.payload.data).toMatchObject({
    messageId: second!.id,
    reference: "ev-2",
    metadata: null,
    callState: "ANSWERED",
    reached: true,
    reachedBy: "call",
  });
  // Each is what the document's `webhooks` object says it is.
  for (const row of rows)
    expect(EVENT_SCHEMAS[row.eventType as keyof typeof EVENT_SCHEMAS].safeParse(row.payload).error).toBeUndefined();

  const message = (await (await call(getMessage, { key, params: { id: second!.id } })).json()) as Record<
    string,
    unknown
  >;
  expect(message).toMatchObject({ state: "QUEUED", callState: "ANSWERED", reached: true, reachedBy: "call" });
  const batch = (await (await call(readBatch, { key, params: { id: created.id } })).json()) as {
    counts: { reached: number; reachedByCall: number };
  };
  expect(batch.counts).toMatchObject({ reached: 2, reachedByCall: 1 });
});
