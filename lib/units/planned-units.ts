// A new batch's units as the planner counts them (lib/batches/plan.ts, plan-list.ts): an SMS costs its segments, a
// voice message one unit, an opted-out number nothing (it is stored SUPPRESSED). Stored with the batch
// (Batch.plannedUnits) so that its unsent part is committed against the account's units (units-figures.ts).
import "server-only";
import { pool } from "@/lib/db/pool";
import { smsSegments } from "@/lib/provider/wire/sms-units";

export type Planned = { units: number; recipients: number };

export const NOTHING_PLANNED: Planned = { units: 0, recipients: 0 };

/** Whether an administrator has recorded units for the account: only then are batches checked against them. */
export async function isBudgeted(accountId: string): Promise<boolean> {
  const { rows } = await pool().query<{ yes: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM "UnitPurchase" WHERE "accountId" = $1) AS yes`,
    [accountId],
  );
  return rows[0]?.yes === true;
}

/** Units of one text: its segments for an SMS, one for a voice message. */
export function unitsOfText(kind: "SMS" | "VOICE", text: string): number {
  return kind === "SMS" ? smsSegments(text) : 1;
}

/**
 * Numbers in the 254… form and their texts (null: the template). Opted-out numbers are looked up only for a budgeted
 * account (the only one whose figures are checked), so an unbudgeted batch of a million numbers pays no extra query.
 */
export async function plannedForPhones(
  accountId: string,
  kind: "SMS" | "VOICE",
  template: string,
  phones: string[],
  texts: (string | null)[],
): Promise<Planned> {
  const optedOut = (await isBudgeted(accountId))
    ? new Set(
        (
          await pool().query<{ phone: string }>(`SELECT phone FROM "OptOut" WHERE phone = ANY($1::text[])`, [phones])
        ).rows.map((row) => row.phone),
      )
    : new Set<string>();
  const templateUnits = unitsOfText(kind, template);
  let units = 0;
  let recipients = 0;
  phones.forEach((phone, i) => {
    if (optedOut.has(phone)) return;
    const text = texts[i];
    units += text === null || text === undefined ? templateUnits : unitsOfText(kind, text);
    recipients++;
  });
  return { units, recipients };
}
