// The units left under which the overview warns (per account; docs/units-budget.md), set by an administrator, audited.
import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors/app-error";
import { MAX_ENTRY_UNITS } from "./max-entry-units";
import { formatCount } from "@/lib/numbers/format";

export const warnThresholdSchema = z.object({
  accountId: z.uuid("Choose a provider account."),
  // Empty: no warning.
  below: z.preprocess(
    (value) => (value === "" || value === undefined ? null : value),
    z.coerce
      .number({ error: "A whole number of units." })
      .int("A whole number of units.")
      .min(1, "At least 1 unit (or leave it empty for no warning).")
      .max(MAX_ENTRY_UNITS, `At most ${formatCount(MAX_ENTRY_UNITS)} units.`)
      .nullable(),
  ),
});

export async function setWarnThreshold(input: z.output<typeof warnThresholdSchema>, actorId: string): Promise<void> {
  await transaction(async (client) => {
    const { rowCount } = await client.query(`UPDATE "ProviderAccount" SET "unitsWarnBelow" = $2 WHERE id = $1`, [
      input.accountId,
      input.below,
    ]);
    if (rowCount !== 1) throw new AppError("NOT_FOUND", "That provider account does not exist.");
    await recordAudit(
      {
        actorId,
        action: "units.warn_threshold",
        targetType: "ProviderAccount",
        targetId: input.accountId,
        detail: { below: input.below },
      },
      client,
    );
  });
}
