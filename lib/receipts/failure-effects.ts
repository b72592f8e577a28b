// What a failure does beyond the message, in the statement that fails it (applying receipts, or mapping a status):
//  - a number the network reports blacklisted (failure class BLACKLISTED: the recipient blocked the sender ID or
//    promotions) joins the opt-outs with the reason "carrier blacklist", so that no later batch and no resend sends to
//    it again (sending on costs money and draws complaints that get sender IDs blocked); only an administrator removes
//    it (lib/opt-outs/opt-outs.ts), and its addition is audited;
//  - a sender ID the network refuses (SENDER_ID) is flagged on its account (SenderIdProblem), shown on the account and
//    on the pages of the batches that use it.
// Written as CTEs over a CTE of the changed messages, so that it costs nothing when no row has such a class.
//
// The receipt callback's only credential is its URL, and correlators are our sequential message ids, so a forged
// receipt is within reach of anyone who saw one URL (issue 42, docs/design.md §3). An opt-out organisation-wide is
// the one effect such a forgery could turn on real people, so it is taken only from a trusted match: the receipt
// named the message's number as well as its correlator or uniqueId, and, once the provider gave the message its
// uniqueId, that uniqueId too (a random UUID no walker can guess). And a burst is held rather than applied: when
// the numbers a statement would opt out, with those opted out or held in the last minute, exceed the organisation's
// carrierOptOutBurst, they wait in HeldOptOut for an administrator (the Receipts page: release or discard), with a
// log line and an audit event.
import "server-only";
import type pg from "pg";
import { recordAudit } from "@/lib/audit/record-audit";
import { logger } from "@/lib/log";

/** The reason a carrier-blacklist opt-out carries, followed by the status in brackets. */
export const CARRIER_BLACKLIST_REASON = "Carrier blacklist";

/** The default of Organisation.carrierOptOutBurst (prisma/schema.prisma), when no organisation row exists yet. */
export const DEFAULT_CARRIER_OPT_OUT_BURST = 100;

/**
 * CTEs that follow a CTE named `changed` with columns (id, phone, "batchId", status, class, trusted) — the messages
 * that just changed, with the class they now have, and whether the receipt that changed each was a trusted match (see
 * above). Adds `carrier_opt_outs (phone, reason)`, `carrier_held (phone)` and `sender_flags`.
 */
export const FAILURE_EFFECTS_CTES = `
  carrier_new AS (
    SELECT DISTINCT ON (c.phone) c.phone, '${CARRIER_BLACKLIST_REASON} (' || c.status || ')' AS reason, c.id AS message
    FROM changed c
    WHERE c.class = 'BLACKLISTED' AND c.trusted AND NOT EXISTS (SELECT 1 FROM "OptOut" o WHERE o.phone = c.phone)
    ORDER BY c.phone, c.status
  ),
  -- Read through two indexes over the last minute only (OptOut_carrier_createdAt_idx, HeldOptOut_heldAt_idx).
  carrier_burst AS (
    SELECT (SELECT count(*) FROM carrier_new)
         + (SELECT count(*) FROM "OptOut" WHERE source = 'carrier' AND "createdAt" > now() - interval '1 minute')
         + (SELECT count(*) FROM "HeldOptOut" WHERE "heldAt" > now() - interval '1 minute')
         > COALESCE((SELECT "carrierOptOutBurst" FROM "Organisation" WHERE id = 1), ${DEFAULT_CARRIER_OPT_OUT_BURST})
         AS hold
  ),
  carrier_opt_outs AS (
    INSERT INTO "OptOut" (phone, reason, source)
    SELECT phone, reason, 'carrier' FROM carrier_new WHERE NOT (SELECT hold FROM carrier_burst)
    ORDER BY phone
    ON CONFLICT (phone) DO NOTHING
    RETURNING phone, reason
  ),
  carrier_held AS (
    INSERT INTO "HeldOptOut" (phone, reason, "messageId")
    SELECT phone, reason, message FROM carrier_new WHERE (SELECT hold FROM carrier_burst)
    ORDER BY phone
    ON CONFLICT (phone) DO NOTHING
    RETURNING phone
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
/** A select-list item: how many numbers were held back instead (an integer). */
export const CARRIER_HELD_COUNT = `(SELECT count(*)::int FROM carrier_held)`;

export type CarrierOptOut = { phone: string; reason: string };

/**
 * One audit event for the numbers a statement added to the opt-outs (none when it added none), and one, with a
 * warning in the log, for the numbers it held back as a burst.
 */
export async function auditCarrierOptOuts(
  client: pg.PoolClient,
  added: CarrierOptOut[] | null,
  actorId: string | null,
  held = 0,
): Promise<void> {
  if (held > 0) {
    logger().warn(
      { held },
      "carrier-blacklist receipts would opt out more numbers than the burst allows: held for an administrator on the Receipts page",
    );
    await recordAudit(
      { actorId, action: "optout.hold", targetType: "OptOut", targetId: null, detail: { source: "carrier", held } },
      client,
    );
  }
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
