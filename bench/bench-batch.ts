// Batches for the benchmarks that generate their messages in SQL rather than send them: the provider account they
// belong to, a Batch row (an SMS batch of "Habari" from TUMA, COMPLETED unless told), and the generated batch the
// exports read back (export, export memory, hostile): `rows` delivered recipients written by one set-based INSERT, as
// after a real send (times, operator, provider ids), then VACUUM ANALYZE so the planner sees them.
import type { Prisma } from "../lib/generated/prisma/client";
import { seedAccount, type BenchEnv } from "./bench-env";

export type GeneratedBatch = { id: string; name: string; templateText: string; recipientCount: number };

/** The account there is (the one a benchmark seeded, or a console's sandbox account), else one seeded now. */
export async function benchAccountId(env: BenchEnv): Promise<string> {
  const { db } = await import("../lib/db/client");
  return (await db.providerAccount.findFirst({ select: { id: true } }))?.id ?? (await seedAccount(env)).accountId;
}

/** A Batch row of `recipientCount`, no message stored: the benchmark writes them. */
export async function benchBatch(
  accountId: string,
  name: string,
  recipientCount: number,
  fields: Partial<Prisma.BatchUncheckedCreateInput> = {},
): Promise<GeneratedBatch> {
  const { db } = await import("../lib/db/client");
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

export async function generatedBatch(env: BenchEnv, rows: number, name = "Generated"): Promise<GeneratedBatch> {
  const { pool } = await import("../lib/db/pool");
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
