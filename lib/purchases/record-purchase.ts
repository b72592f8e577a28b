// An administrator records units bought for an account (the ledger, docs/units-budget.md): one appended entry,
// audited. When batches of that account are paused because the provider said it was out of units, the entry resumes
// them by default: the administrator tops up to finish what was sending, and those batches were paused by the
// provider, not by a person (a batch an operator paused keeps its pause). Unchecking "resume" leaves them paused.
import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors/app-error";
import { batchState } from "@/lib/states/state-sql";
import { resumeBatchIn } from "@/lib/batches/resume-batch";
import { MAX_ENTRY_UNITS } from "@/lib/units/max-entry-units";
import { OUT_OF_UNITS_PREFIX } from "@/lib/units/out-of-units";
import { chargedUnits } from "@/lib/units/units-figures";
import { formatCount } from "@/lib/numbers/format";

const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

export const purchaseSchema = z.object({
  accountId: z.uuid("Choose a provider account."),
  units: z.coerce
    .number({ error: "A whole number of units." })
    .int("A whole number of units.")
    .refine((n) => n !== 0, "Zero units changes nothing.")
    .refine((n) => Math.abs(n) <= MAX_ENTRY_UNITS, `At most ${formatCount(MAX_ENTRY_UNITS)} units at once.`),
  note: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().trim().max(500, "At most 500 characters.").optional(),
  ),
  resumePaused: checkbox.optional(),
});

export type Purchase = z.output<typeof purchaseSchema>;

export async function recordPurchase(
  input: Purchase,
  actorId: string | null,
): Promise<{ entryId: string; resumed: number }> {
  if (input.units < 0 && !input.note)
    throw new AppError("INVALID_INPUT", "Say what a negative entry corrects.", {
      note: ["Say what a negative entry corrects."],
    });
  return transaction(async (client) => {
    const { rows: accounts } = await client.query(`SELECT 1 FROM "ProviderAccount" WHERE id = $1 FOR SHARE`, [
      input.accountId,
    ]);
    if (accounts.length === 0)
      throw new AppError("NOT_FOUND", "That provider account does not exist.", { accountId: ["Choose an account."] });
    const used = await chargedUnits(input.accountId, client);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO "UnitPurchase" ("accountId", units, "usedAtEntry", note, "createdById") VALUES ($1, $2, $3, $4, $5)
       RETURNING id::text`,
      [input.accountId, input.units, used, input.note ?? null, actorId],
    );
    const entryId = rows[0]!.id;
    let resumed = 0;
    if (input.resumePaused !== false) {
      const { rows: paused } = await client.query<{ id: string }>(
        `SELECT id FROM "Batch" WHERE "accountId" = $1 AND state = ${batchState("PAUSED")} AND starts_with("pauseReason", $2)
         ORDER BY "createdAt" FOR UPDATE`,
        [input.accountId, OUT_OF_UNITS_PREFIX],
      );
      for (const { id } of paused) if (await resumeBatchIn(client, id, actorId)) resumed++;
    }
    await recordAudit(
      {
        actorId,
        action: "units.purchase",
        targetType: "ProviderAccount",
        targetId: input.accountId,
        detail: { entryId, units: input.units, note: input.note ?? null, resumed },
      },
      client,
    );
    return { entryId, resumed };
  });
}
