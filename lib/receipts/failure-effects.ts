// What a failure does beyond the message, in the statement that fails it (applying receipts, or mapping a status):
//  - a number the network reports blacklisted (failure class BLACKLISTED: the recipient blocked the sender ID or
//    promotions) joins the opt-outs with the reason "carrier blacklist", so that no later batch and no resend sends to
//    it again (sending on costs money and draws complaints that get sender IDs blocked); only an administrator removes
//    it (lib/opt-outs/opt-outs.ts), and its addition is audited;
//  - a sender ID the network refuses (SENDER_ID) is flagged on its account (SenderIdProblem), shown on the account and
//    on the pages of the batches that use it.
// Written as CTEs over a CTE of the changed messages, so that it costs nothing when no row has such a class.
import "server-only";
import type pg from "pg";
import { recordAudit } from "@/lib/audit/record-audit";

/** The reason a carrier-blacklist opt-out carries, followed by the status in brackets. */
export const CARRIER_BLACKLIST_REASON = "Carrier blacklist";

/**
 * CTEs that follow a CTE named `changed` with columns (phone, "batchId", status, class) — the messages that just
 * changed, with the class they now have. Adds `carrier_opt_outs (phone, reason)` and `sender_flags`.
 */
export const FAILURE_EFFECTS_CTES = `
  carrier_opt_outs AS (
    INSERT INTO "OptOut" (phone, reason, source)
    SELECT DISTINCT ON (phone) phone, '${CARRIER_BLACKLIST_REASON} (' || status || ')', 'carrier'
    FROM changed WHERE class = 'BLACKLISTED'
    ORDER BY phone, status
    ON CONFLICT (phone) DO NOTHING
    RETURNING phone, reason
  ),
  sender_flags AS (
    INSERT INTO "SenderIdProblem" ("accountId", sender, status, messages, "firstSeenAt", "lastSeenAt")
    SELECT b."accountId", COALESCE(b.sender, b.originator, ''), max(c.status), count(*), now(), now()
    FROM changed c JOIN "Batch" b ON b.id = c."batchId"
    WHERE c.class = 'SENDER_ID'
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("accountId", sender) DO UPDATE SET messages = "SenderIdProblem".messages + EXCLUDED.messages,
      status = EXCLUDED.status, "lastSeenAt" = EXCLUDED."lastSeenAt"
  )`;

/** A select-list item: the numbers just added to the opt-outs, as JSON (null when none). */
export const CARRIER_OPT_OUTS_JSON = `(SELECT json_agg(json_build_object('phone', phone, 'reason', reason)) FROM carrier_opt_outs)`;

export type CarrierOptOut = { phone: string; reason: string };

/** One audit event for the numbers a statement added to the opt-outs (none when it added none). */
export async function auditCarrierOptOuts(
  client: pg.PoolClient,
  added: CarrierOptOut[] | null,
  actorId: string | null,
): Promise<void> {
  if (!added || added.length === 0) return;
  await recordAudit(
    {
      actorId,
      action: "optout.add",
      targetType: "OptOut",
      targetId: added.length === 1 ? added[0]!.phone : null,
      detail: {
        source: "carrier",
        reason: CARRIER_BLACKLIST_REASON.toLowerCase(),
        added: added.length,
        numbers: added,
      },
    },
    client,
  );
}
