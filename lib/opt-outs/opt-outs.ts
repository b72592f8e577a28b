// The opt-out list: numbers never to be sent to (a batch stores them SUPPRESSED). Add one number in any form the
// console accepts, remove one, list them by number (keyset on the primary key, so any page costs the same) with
// who added each and when, and search by digits in any form. Each change is audited with it. Besides operators and
// files, the network adds numbers: a carrier-blacklist receipt (lib/receipts/failure-effects.ts) — those only an
// administrator removes, since sending to a number that blocked the sender risks the sender ID itself.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { pool } from "@/lib/db/pool";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors/app-error";
import { normalizePhone } from "@/lib/provider/wire/phone";
import { deleteList } from "@/lib/lists/delete-list";

export const OPT_OUT_PAGE = 50;

export type OptOutRow = {
  phone: string;
  reason: string | null;
  /** "operator", "upload" or "carrier" (a carrier blacklist). */
  source: string;
  createdAt: Date;
  createdBy: string | null;
};
export type OptOutPage = { rows: OptOutRow[]; next: string | null };

export async function addOptOut(
  input: { phone: string; reason?: string | undefined },
  actorId: string,
): Promise<{ phone: string; added: boolean }> {
  const check = normalizePhone(input.phone, { lenient: true });
  if (!check.ok) throw new AppError("INVALID_INPUT", check.reason, { phone: [check.reason] });
  return transaction(async (client) => {
    const { rowCount } = await client.query(
      `INSERT INTO "OptOut" (phone, reason, "createdById") VALUES ($1, $2, $3::uuid) ON CONFLICT (phone) DO NOTHING`,
      [check.phone, input.reason?.trim() || null, actorId],
    );
    const added = rowCount === 1;
    if (added)
      await recordAudit(
        {
          actorId,
          action: "optout.add",
          targetType: "OptOut",
          targetId: check.phone,
          detail: { reason: input.reason ?? null },
        },
        client,
      );
    return { phone: check.phone, added };
  });
}

/**
 * Removing an opt-out sends to the number again: the audit keeps who, the number, why, and what it was (a carrier
 * blacklist among them). `mayRemoveCarrier`: the actor is an administrator, who alone removes a carrier blacklist.
 */
export async function removeOptOut(
  phone: string,
  actorId: string,
  reason: string,
  mayRemoveCarrier = false,
): Promise<void> {
  await transaction(async (client) => {
    const { rows } = await client.query<{ source: string; reason: string | null }>(
      `DELETE FROM "OptOut" WHERE phone = $1 AND (source <> 'carrier' OR $2::boolean) RETURNING source, reason`,
      [phone, mayRemoveCarrier],
    );
    const removed = rows[0];
    if (!removed) {
      const { rowCount } = await client.query(`SELECT 1 FROM "OptOut" WHERE phone = $1`, [phone]);
      if (rowCount === 1)
        throw new AppError(
          "FORBIDDEN",
          `${phone} is on a carrier blacklist (the network reported that it blocked the sender): only an administrator can remove it.`,
        );
      throw new AppError("NOT_FOUND", `${phone} is not on the opt-out list.`);
    }
    await recordAudit(
      {
        actorId,
        action: "optout.remove",
        targetType: "OptOut",
        targetId: phone,
        detail: { phone, reason, source: removed.source, optOutReason: removed.reason },
      },
      client,
    );
  });
}

/** The digits a search means, in the stored 254… form where it can tell: "0712 345" → "254712345". */
export function searchDigits(query: string): string {
  const full = normalizePhone(query, { lenient: true });
  if (full.ok) return full.phone;
  const digits = query.replace(/\D/g, "");
  return digits.startsWith("0") ? `254${digits.slice(1)}` : digits;
}

export async function listOptOuts(
  options: { after?: string | undefined; search?: string | undefined; take?: number } = {},
): Promise<OptOutPage> {
  const take = options.take ?? OPT_OUT_PAGE;
  const digits = options.search ? searchDigits(options.search) : "";
  const { rows } = await pool().query<OptOutRow>(
    `SELECT o.phone, o.reason, o.source, o."createdAt", u.name AS "createdBy"
     FROM "OptOut" o LEFT JOIN "User" u ON u.id = o."createdById"
     WHERE o.phone > $1 AND ($2 = '' OR o.phone LIKE '%' || $2 || '%')
     ORDER BY o.phone LIMIT $3`,
    [options.after ?? "", digits, take + 1],
  );
  const more = rows.length > take;
  const page = more ? rows.slice(0, take) : rows;
  return { rows: page, next: more ? page.at(-1)!.phone : null };
}

/**
 * Every number of an uploaded file (read, checked and de-duplicated by the recipient-list import) added in one
 * statement, audited once with the count; the upload itself is then deleted — it was only the way in.
 */
export async function addOptOutsFromUpload(listId: string, actorId: string): Promise<{ added: number }> {
  return transaction(async (client) => {
    const { rowCount } = await client.query(
      `INSERT INTO "OptOut" (phone, reason, "createdById")
       SELECT r.phone, 'Uploaded: ' || u.filename, $2::uuid FROM "ListRecipient" r JOIN "List" u ON u.id = r."listId"
       WHERE r."listId" = $1 ORDER BY r."rowNumber"
       ON CONFLICT (phone) DO NOTHING`,
      [listId, actorId],
    );
    const added = rowCount ?? 0;
    await recordAudit(
      { actorId, action: "optout.add", targetType: "OptOut", targetId: null, detail: { listId, added } },
      client,
    );
    await deleteList(listId, client);
    return { added };
  });
}
