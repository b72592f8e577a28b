// A generated batch for the benchmarks that read one back (export, export memory): `rows` delivered recipients
// written by one set-based INSERT, as after a real send (times, operator, provider ids), then VACUUM ANALYZE so the
// planner sees them. Returns the batch as the exports take it.
import type { BenchEnv } from "./bench-env";

export type GeneratedBatch = { id: string; name: string; templateText: string; recipientCount: number };

export async function generatedBatch(env: BenchEnv, rows: number, name = "Generated"): Promise<GeneratedBatch> {
  const { db } = await import("../lib/db/client");
  const { pool } = await import("../lib/db/pool");
  const account =
    (await db.providerAccount.findFirst({ select: { id: true } })) ??
    (await db.providerAccount.create({
      data: {
        name: "Bench",
        baseUrl: env.sandboxUrl,
        tokenCiphertext: "x",
        tokenLast4: "xxxx",
        defaultSender: "TUMA",
        defaultOriginator: "254700000000",
        receiptSecret: `bench-${name}`,
      },
      select: { id: true },
    }));
  const batch = await db.batch.create({
    data: {
      kind: "SMS",
      name,
      accountId: account.id,
      templateText: "Habari",
      sender: "TUMA",
      state: "COMPLETED",
      recipientCount: rows,
    },
    select: { id: true, name: true, templateText: true, recipientCount: true },
  });
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
