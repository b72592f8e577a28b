// An administrator maps a status the built-in table does not know (Receipts page) to a state and, for a failure, a
// failure class. In one transaction, under the lock the applier takes shared while it reads mappings
// (status-mappings.ts): the mapping is stored, the messages holding the status are changed by one set-based statement
// (the ones UnmappedStatusMessage lists and that still hold it, still waiting: the counters, MessageRareState and
// DeliveryRollup follow through their triggers), the failure's effects follow (failure-effects.ts), and it is audited.
// Every later receipt with the status is mapped by the applier. A mapping is set once: the messages it changed are no
// longer listed, so it cannot be taken back by the same statement.
import "server-only";
import { z } from "zod";
import { messageState } from "@/lib/states/state-sql";
import { recordAudit } from "@/lib/audit/record-audit";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors/app-error";
import { FAILURE_CLASSES } from "./failure-classes";
import {
  auditCarrierOptOuts,
  CARRIER_HELD_COUNT,
  CARRIER_OPT_OUTS_JSON,
  FAILURE_EFFECTS_CTES,
  type CarrierOptOut,
} from "./failure-effects";
import { builtInMapping, MAPPABLE_STATES, mappingOf } from "./status-map";
import { forgetCachedMappings, STATUS_MAPPING_LOCK_SPACE, TRACKED_STATUS_LENGTH } from "./status-mappings";

export const mapStatusSchema = z
  .object({
    status: z.string().min(1).max(TRACKED_STATUS_LENGTH),
    state: z.enum(MAPPABLE_STATES, { error: "Choose what the status means." }),
    // A form sends "" when no class is chosen.
    failureClass: z.preprocess((v) => (v === "" ? null : v), z.enum(FAILURE_CLASSES).nullable()),
  })
  .refine((input) => input.state !== "FAILED" || input.failureClass !== null, {
    message: "Choose why such a message failed.",
    path: ["failureClass"],
  });

export type MapStatusInput = z.infer<typeof mapStatusSchema>;

/** Maps the status; returns how many messages it changed and how many numbers it opted out. */
export async function mapStatus(
  input: MapStatusInput,
  actorId: string,
): Promise<{ messages: number; optedOut: number }> {
  if (builtInMapping(input.status))
    throw new AppError("CONFLICT", `Tuma already knows “${input.status}”: it cannot be mapped again.`);
  const mapping = mappingOf(input.state, input.failureClass);
  const result = await transaction(async (client) => {
    await client.query("SELECT pg_advisory_xact_lock($1, 0)", [STATUS_MAPPING_LOCK_SPACE]);
    const { rows: existing } = await client.query<{ state: string | null }>(
      `SELECT state FROM "ReceiptStatus" WHERE status = $1 FOR UPDATE`,
      [input.status],
    );
    if (!existing[0]) throw new AppError("NOT_FOUND", `No receipt has brought the status “${input.status}”.`);
    if (existing[0].state !== null)
      throw new AppError("CONFLICT", `“${input.status}” was mapped already (by another administrator?).`);
    await client.query(
      `UPDATE "ReceiptStatus" SET state = $2::"MessageState", "failureClass" = $3, "mappedById" = $4::uuid, "mappedAt" = now()
       WHERE status = $1`,
      [input.status, input.state, mapping.failureClass, actorId],
    );
    const { rows } = await client.query<{ messages: number; opted_out: CarrierOptOut[] | null; held: number }>(
      `WITH changed AS (
         UPDATE "Message" m SET state = $2::"MessageState", "failureClass" = $3, "updatedAt" = now()
         FROM "UnmappedStatusMessage" u
         WHERE $4 AND u.status = $1 AND m.id = u."messageId" AND m."deliveryStatus" = $1 AND m.state = ${messageState("QUEUED")}
         -- Trusted: an administrator's mapping of statuses already received (the burst hold still applies).
         RETURNING m.id, m.phone, m."batchId", m."deliveryStatus" AS status, m."failureClass" AS class, true AS trusted
       ),
       cleared AS (DELETE FROM "UnmappedStatusMessage" WHERE status = $1),${FAILURE_EFFECTS_CTES}
       SELECT (SELECT count(*) FROM changed)::int AS messages, ${CARRIER_OPT_OUTS_JSON} AS opted_out,
              ${CARRIER_HELD_COUNT} AS held`,
      [input.status, mapping.state, mapping.failureClass, mapping.final],
    );
    const { messages, opted_out: optedOut, held } = rows[0]!;
    await auditCarrierOptOuts(client, optedOut, actorId, held);
    await recordAudit(
      {
        actorId,
        action: "receipt_status.map",
        targetType: "ReceiptStatus",
        targetId: input.status,
        detail: { state: input.state, failureClass: mapping.failureClass, messages },
      },
      client,
    );
    return { messages, optedOut: optedOut?.length ?? 0 };
  });
  forgetCachedMappings();
  return result;
}
