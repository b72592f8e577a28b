// Batches for the benchmarks that generate their messages in SQL rather than send them: the provider account they
// belong to, a Batch row (an SMS batch of "Habari" from TUMA, COMPLETED unless told), and the generated batch the
// exports read back (export, export memory, hostile): `rows` delivered recipients written by one set-based INSERT, as
// after a real send (times, operator, provider ids), then VACUUM ANALYZE so the planner sees them.
import { db } from "../lib/db/client";
import { pool } from "../lib/db/pool";
import type { Prisma } from "../lib/generated/prisma/client";
import { seedAccount, type BenchEnv } from "./bench-env";

/**
 * Message's columns, and rows for them: batch $1's $2 messages sent at $3 (timestamptz), their states by position as
 * after a real send — 85 % delivered (a receipt 10 s later), 8 % queued, 4 % failed, 3 % unknown — and the last $4
 * REJECTED (a rare state); a third on Airtel, the rest Safaricom.
 */
export const MIXED = {
  columns: `("batchId", phone, state, "deliveryStatus", operator, "smsUnits", "submittedAt", "receiptAt", "providerUniqueId", "createdAt", "updatedAt")`,
  rows: `
  SELECT $1::uuid, '2547' || lpad((g % 100000000)::text, 8, '0'), s.state::"MessageState",
         CASE s.state WHEN 'DELIVERED' THEN 'DeliveredToTerminal' WHEN 'FAILED' THEN 'DeliveryImpossible' END,
         CASE WHEN g % 3 = 0 THEN 'Airtel' ELSE 'Safaricom' END, 1, $3::timestamptz,
         CASE WHEN s.state IN ('DELIVERED', 'FAILED') THEN $3::timestamptz + interval '10 seconds' END,
         CASE WHEN s.state <> 'REJECTED' THEN md5(g::text) END, $3::timestamptz, $3::timestamptz
  FROM generate_series(1, $2::int) g
  CROSS JOIN LATERAL (SELECT CASE
    WHEN g > $2::int - $4::int THEN 'REJECTED'
    WHEN g % 100 < 85 THEN 'DELIVERED' WHEN g % 100 < 93 THEN 'QUEUED' WHEN g % 100 < 97 THEN 'FAILED' ELSE 'UNKNOWN' END AS state) s`,
};

export type GeneratedBatch = { id: string; name: string; templateText: string; recipientCount: number };

/** The account there is (the one a benchmark seeded, or a console's sandbox account), else one seeded now. */
export async function benchAccountId(env: BenchEnv): Promise<string> {
  return (await db.providerAccount.findFirst({ select: { id: true } }))?.id ?? (await seedAccount(env)).accountId;
}

/** A Batch row of `recipientCount`, no message stored: the benchmark writes them. */
export async function benchBatch(
  accountId: string,
  name: string,
  recipientCount: number,
  fields: Partial<Prisma.BatchUncheckedCreateInput> = {},
): Promise<GeneratedBatch> {
  return db.batch.create({
    data: {
      kind: "SMS",
      name,
      accountId,
      templateText: "Habari",
      sender: "TUMA",
      state: "COMPLETED",
      recipientCount,
      ...fields,
    },
    select: { id: true, name: true, templateText: true, recipientCount: true },
  });
}

/** The messages stored next take their ids from `id` on (as if the sequence had reached it). */
export async function messageIdsFrom(id: bigint | number | string): Promise<void> {
  await pool().query(`SELECT setval('"Message_id_seq"', $1, false)`, [id.toString()]);
}

/** This week's number, and the first id of week `w`'s partition (docs/partitioning.md). */
export async function thisWeek(): Promise<number> {
  return (await pool().query<{ w: number }>(`SELECT tuma_week_number(now()) AS w`)).rows[0]!.w;
}
export const weekBase = (w: number) => BigInt(w) << 32n;

/** Messages `ids` QUEUED → DELIVERED in one statement, as the receipts applier changes them. */
export async function markDelivered(ids: string[]): Promise<void> {
  await pool().query(
    `UPDATE "Message" m SET state = 'DELIVERED', "deliveryStatus" = 'DeliveredToTerminal', "receiptAt" = now() FROM unnest($1::bigint[]) AS r(id) WHERE m.id = r.id`,
    [ids],
  );
}

export async function generatedBatch(env: BenchEnv, rows: number, name = "Generated"): Promise<GeneratedBatch> {
  const batch = await benchBatch(await benchAccountId(env), name, rows);
  await pool().query(
    `INSERT INTO "Message" ("batchId", phone, state, "deliveryStatus", operator, "smsUnits", "submittedAt", "receiptAt", "providerUniqueId", "updatedAt")
     SELECT $1, '2547' || lpad(g::text, 8, '0'), 'DELIVERED', 'DeliveredToTerminal', 'Safaricom', 1,
            now() - interval '1 hour', now() - interval '50 minutes', md5(g::text), now()
     FROM generate_series(1, $2::int) g`,
    [batch.id, rows],
  );
  await pool().query(`VACUUM ANALYZE "Message"`);
  return batch;
}
