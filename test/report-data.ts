// Tests' data written straight into the database (set-based, like the real paths): an account, batches, and
// messages and receipts with the states, times and ids a test needs. Counters stay right: the triggers keep them.
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { pool } from "@/lib/db/pool";

/**
 * A provider account nothing is sent through (port 9 on loopback refuses), with a fresh name and receipt secret;
 * `data` sets what a test needs otherwise (its id, token, limits, languages, …). Returns its id.
 */
export async function account(data: Partial<Prisma.ProviderAccountUncheckedCreateInput> = {}): Promise<string> {
  const secret = randomBytes(8).toString("hex");
  const created = await db.providerAccount.create({
    data: {
      name: `Acc ${secret}`,
      baseUrl: "http://127.0.0.1:9",
      tokenCiphertext: "x",
      tokenLast4: "xxxx",
      defaultSender: "TUMA",
      defaultOriginator: "254700000000",
      receiptSecret: secret,
      ...data,
    },
    select: { id: true },
  });
  return created.id;
}

export async function batch(
  accountId: string,
  options: { name?: string; state?: "SENDING" | "COMPLETED" | "QUEUED"; startedAt?: Date; createdAt?: Date } = {},
): Promise<string> {
  const created = await db.batch.create({
    data: {
      kind: "SMS",
      name: options.name ?? "Report",
      accountId,
      templateText: "Hello from the template",
      sender: "TUMA",
      state: options.state ?? "COMPLETED",
      startedAt: options.startedAt ?? new Date(Date.now() - 3_600_000),
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    },
    select: { id: true },
  });
  return created.id;
}

/** How many rows `from` (its tables and a WHERE) holds. */
export async function countRows(from: string, values: unknown[] = []): Promise<number> {
  return (await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from}`, values)).rows[0]!.n;
}

/** The next message (or receipt) id: makes the ids a test writes cross 999 → 1,000. */
export async function nextIdAt(table: "Message" | "Receipt", value: number): Promise<void> {
  await pool().query(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), $1, false)`, [value]);
}

export type MessageSpec = {
  phone: string;
  state: string;
  operator?: string | null;
  submittedAt?: Date | null;
  receiptAt?: Date | null;
  deliveryStatus?: string | null;
  lastError?: string | null;
  providerUniqueId?: string | null;
  text?: string | null;
  smsUnits?: number | null;
  failureClass?: string | null;
};

/** Inserts messages in order (ids ascending) and returns their ids. recipientCount follows. */
export async function messages(batchId: string, specs: MessageSpec[]): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(
    `INSERT INTO "Message" ("batchId", phone, state, operator, "submittedAt", "receiptAt", "deliveryStatus", "lastError", "providerUniqueId", text, "smsUnits", "failureClass")
     SELECT $1, phone, state, operator, sub, rec, status, err, uid, text, units, class
     FROM unnest($2::text[], $3::"MessageState"[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::text[], $8::text[], $9::text[], $10::text[], $11::int[], $12::text[])
       WITH ORDINALITY AS s(phone, state, operator, sub, rec, status, err, uid, text, units, class, n)
     ORDER BY n
     RETURNING id::text AS id`,
    [
      batchId,
      specs.map((s) => s.phone),
      specs.map((s) => s.state),
      specs.map((s) => s.operator ?? null),
      specs.map((s) => s.submittedAt ?? null),
      specs.map((s) => s.receiptAt ?? null),
      specs.map((s) => s.deliveryStatus ?? null),
      specs.map((s) => s.lastError ?? null),
      specs.map((s) => s.providerUniqueId ?? null),
      specs.map((s) => s.text ?? null),
      specs.map((s) => s.smsUnits ?? null),
      specs.map((s) => s.failureClass ?? null),
    ],
  );
  await pool().query(
    `UPDATE "Batch" SET "recipientCount" = (SELECT count(*) FROM "Message" WHERE "batchId" = $1) WHERE id = $1`,
    [batchId],
  );
  return rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b));
}

/** A READY list "Clinic" (clinic.csv) of `columns`, one row per number from row 1, with its cells; returns its id. */
export async function clinicList(columns: string[], rows: { phone: string; cells: string[] }[], validCount?: number) {
  const list = await db.list.create({
    data: {
      filename: "clinic.csv",
      name: "Clinic",
      sizeBytes: 1,
      state: "READY",
      columns,
      phoneColumn: "phone",
      validCount,
    },
  });
  await db.listRecipient.createMany({
    data: rows.map((row, i) => ({
      listId: list.id,
      rowNumber: i + 1,
      phone: row.phone,
      values: JSON.stringify(row.cells),
    })),
  });
  return list.id;
}

/** An escalation call: a VOICE batch "Calls" whose one message to `phone` was ANSWERED, following the SMS `smsId`. */
export async function escalationCall(accountId: string, smsId: string, phone: string, templateText: string) {
  const voice = await db.batch.create({
    data: { kind: "VOICE", name: "Calls", accountId, templateText, originator: "254700000000" },
  });
  const [callId] = await messages(voice.id, [{ phone, state: "ANSWERED" }]);
  await pool().query(
    `INSERT INTO "Escalation" ("parentMessageId", "childMessageId", "childBatchId") VALUES ($1, $2, $3)`,
    [smsId, callId, voice.id],
  );
  return { voiceId: voice.id, callId: callId! };
}

export type ReceiptSpec = {
  accountId: string;
  uniqueId?: string | null;
  correlator?: string | null;
  phone?: string | null;
  deliveryStatus: string;
  receivedAt?: Date;
  messageId?: string | null;
  unmatchedReason?: string | null;
  applied?: boolean;
};

export async function receipts(specs: ReceiptSpec[]): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(
    `INSERT INTO "Receipt" ("accountId", "uniqueId", correlator, phone, "deliveryStatus", "deliveryTime", raw, "receivedAt", "messageId", "appliedAt", "unmatchedReason")
     SELECT account, uid, corr, phone, status, '2026-11-22 10:00:00',
            json_build_object('uniqueId', uid, 'correlator', corr, 'phone', phone, 'deliveryStatus', status)::text,
            received, mid, CASE WHEN applied THEN now() END, why
     FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::bigint[], $8::bool[], $9::text[])
       WITH ORDINALITY AS s(account, uid, corr, phone, status, received, mid, applied, why, n)
     ORDER BY n
     RETURNING id::text AS id`,
    [
      specs.map((s) => s.accountId),
      specs.map((s) => s.uniqueId ?? null),
      specs.map((s) => s.correlator ?? null),
      specs.map((s) => s.phone ?? null),
      specs.map((s) => s.deliveryStatus),
      specs.map((s) => s.receivedAt ?? new Date()),
      specs.map((s) => s.messageId ?? null),
      specs.map((s) => s.applied ?? true),
      specs.map((s) => s.unmatchedReason ?? null),
    ],
  );
  return rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b));
}

/** DeliveryRollup as its triggers keep it equals a recount from the messages (one statement, one snapshot). */
export async function rollupMatchesRecount(): Promise<boolean> {
  const { ROLLUP_OUTCOMES, DELAY_BUCKETS } = await import("@/lib/reports/rollup-outcomes");
  const outcomes = ROLLUP_OUTCOMES.map((_, i) => (i === 0 ? "count(*)" : `count(*) FILTER (WHERE slot = ${i})`));
  const delays = Array.from({ length: DELAY_BUCKETS }, (_, i) => `count(*) FILTER (WHERE bucket = ${i})`);
  const nonZero = (column: string) => `EXISTS (SELECT 1 FROM unnest(${column}) x WHERE x <> 0)`;
  const { rows } = await pool().query<{ ok: boolean }>(
    `WITH m AS (
       SELECT tuma_rollup_hour(COALESCE("submittedAt", "receiptAt", "createdAt")) AS h, COALESCE(operator, '') AS o,
              tuma_rollup_slot(state, "failureClass") AS slot,
              CASE WHEN tuma_is_delivered_state(state) OR state = 'FAILED' THEN tuma_delay_bucket("submittedAt", "receiptAt") END AS bucket
       FROM "Message" WHERE tuma_is_sent_state(state)
     ),
     recount AS (
       SELECT h, o, ARRAY[${outcomes.join(", ")}]::int[] AS outcomes, ARRAY[${delays.join(", ")}]::int[] AS delays
       FROM m GROUP BY 1, 2
     ),
     kept AS (
       SELECT hour AS h, operator AS o, outcomes, delays FROM "DeliveryRollup"
       WHERE ${nonZero("outcomes")} OR ${nonZero("delays")}
     )
     SELECT NOT EXISTS ((SELECT * FROM recount EXCEPT SELECT * FROM kept) UNION ALL (SELECT * FROM kept EXCEPT SELECT * FROM recount)) AS ok`,
  );
  return rows[0]?.ok === true;
}
