// Carrier-blacklist opt-outs held back as a burst (failure-effects.ts): listed on the Receipts page, where an
// administrator releases them to the opt-outs (a real wave of blocked numbers) or discards them (forged receipts),
// each audited; and the burst limit itself, an organisation setting changed on the same page. A decision covers the
// numbers held up to the moment the page showed them, so numbers held since are never decided unseen.
import "server-only";
import { z } from "zod";
import { recordAudit, recordOrganisationAudit } from "@/lib/audit/record-audit";
import { pool } from "@/lib/db/pool";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors/app-error";
import { auditCarrierOptOuts, DEFAULT_CARRIER_OPT_OUT_BURST, type CarrierOptOut } from "./failure-effects";
import { formatCount } from "@/lib/numbers/format";

/** How many held numbers the page lists (the count says how many there are). */
export const HELD_SHOWN = 200;
export const MAX_CARRIER_OPT_OUT_BURST = 1_000_000;

export type HeldOptOut = { phone: string; reason: string; messageId: string; heldAt: Date };

export async function listHeldOptOuts(): Promise<{ rows: HeldOptOut[]; total: number; upTo: Date }> {
  const { rows } = await pool().query<HeldOptOut & { total: number; upto: Date }>(
    `SELECT h.phone, h.reason, h."messageId"::text AS "messageId", h."heldAt", t.total, t.upto
     FROM (SELECT count(*)::int AS total, COALESCE(max("heldAt"), now()) AS upto FROM "HeldOptOut") t
     LEFT JOIN LATERAL (SELECT * FROM "HeldOptOut" ORDER BY "heldAt" DESC, phone LIMIT $1) h ON true`,
    [HELD_SHOWN],
  );
  const first = rows[0]!;
  return {
    rows: rows
      .filter((r) => r.phone !== null)
      .map(({ phone, reason, messageId, heldAt }) => ({ phone, reason, messageId, heldAt })),
    total: first.total,
    upTo: first.upto,
  };
}

export const decideHeldSchema = z.object({
  decision: z.enum(["release", "discard"], { error: "Choose to release or to discard." }),
  upTo: z.iso.datetime({ error: "Reload the page and decide again." }),
});

/** Releases (to the opt-outs) or discards the numbers held up to `upTo`; returns how many were decided. */
export async function decideHeldOptOuts(
  input: z.infer<typeof decideHeldSchema>,
  actorId: string,
): Promise<{ decided: number; added: number }> {
  return transaction(async (client) => {
    const { rows: taken } = await client.query<{ phone: string; reason: string }>(
      `DELETE FROM "HeldOptOut" WHERE "heldAt" <= $1::timestamptz RETURNING phone, reason`,
      [input.upTo],
    );
    if (taken.length === 0) throw new AppError("CONFLICT", "No numbers are held any more (another administrator?).");
    if (input.decision === "discard") {
      await recordAudit(
        {
          actorId,
          action: "optout.hold_discard",
          targetType: "OptOut",
          targetId: null,
          detail: { discarded: taken.length, numbers: taken.map((t) => t.phone) },
        },
        client,
      );
      return { decided: taken.length, added: 0 };
    }
    const { rows: added } = await client.query<CarrierOptOut>(
      `INSERT INTO "OptOut" (phone, reason, source, "createdById")
       SELECT phone, reason, 'carrier', $3::uuid FROM unnest($1::text[], $2::text[]) AS t(phone, reason) ORDER BY phone
       ON CONFLICT (phone) DO NOTHING RETURNING phone, reason`,
      [taken.map((t) => t.phone), taken.map((t) => t.reason), actorId],
    );
    await recordAudit(
      {
        actorId,
        action: "optout.hold_release",
        targetType: "OptOut",
        targetId: null,
        detail: { released: taken.length, added: added.length },
      },
      client,
    );
    await auditCarrierOptOuts(client, added, actorId);
    return { decided: taken.length, added: added.length };
  });
}

export async function carrierOptOutBurst(): Promise<number> {
  const { rows } = await pool().query<{ burst: number }>(
    `SELECT "carrierOptOutBurst" AS burst FROM "Organisation" WHERE id = 1`,
  );
  return rows[0]?.burst ?? DEFAULT_CARRIER_OPT_OUT_BURST;
}

export const carrierOptOutBurstSchema = z.object({
  limit: z.coerce
    .number({ error: "Give the limit as a whole number of numbers." })
    .int("Give the limit as a whole number of numbers.")
    .min(0, "At least 0 (0 holds every carrier-blacklist opt-out for an administrator).")
    .max(MAX_CARRIER_OPT_OUT_BURST, `At most ${formatCount(MAX_CARRIER_OPT_OUT_BURST)}.`),
});

export async function setCarrierOptOutBurst(limit: number, actorId: string): Promise<{ changed: boolean }> {
  return transaction(async (client) => {
    const { rows } = await client.query<{ burst: number }>(
      `SELECT "carrierOptOutBurst" AS burst FROM "Organisation" WHERE id = 1 FOR UPDATE`,
    );
    const before = rows[0]?.burst ?? null;
    if (before === limit) return { changed: false };
    await client.query(
      `INSERT INTO "Organisation" (id, "carrierOptOutBurst", "updatedAt") VALUES (1, $1, now())
       ON CONFLICT (id) DO UPDATE SET "carrierOptOutBurst" = $1, "updatedAt" = now()`,
      [limit],
    );
    await recordOrganisationAudit(
      actorId,
      "organisation.carrier_opt_out_burst",
      { limit: { from: before, to: limit } },
      client,
    );
    return { changed: true };
  });
}
