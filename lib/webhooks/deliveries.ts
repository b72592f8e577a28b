// An endpoint's delivery log (newest first, a page at a time by id) and replaying one delivery: the same event (same
// webhook-id, same payload) queued again as a new delivery, audited.
import "server-only";
import type { Actor } from "@/lib/auth/permissions";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { WebhookDelivery } from "@/lib/generated/prisma/client";
import { assertCanManageWebhooks } from "./webhook-gate";
import type { ListDeliveriesInput } from "./webhook-schemas";

/** A delivery as the log shows it (without its payload, endpoint and batch), its id as a string. */
export type WebhookDeliveryView = Omit<WebhookDelivery, "id" | "endpointId" | "payload" | "batchId"> & { id: string };

export async function listDeliveries(
  actor: Actor,
  endpointId: string,
  page: ListDeliveriesInput,
): Promise<{ deliveries: WebhookDeliveryView[]; nextBefore: string | null }> {
  assertCanManageWebhooks(actor);
  const rows = await db.webhookDelivery.findMany({
    where: {
      endpointId,
      ...(page.before ? { id: { lt: BigInt(page.before) } } : {}),
      ...(page.eventType ? { eventType: page.eventType } : {}),
      ...(page.state ? { state: page.state } : {}),
      ...(page.since || page.until
        ? {
            createdAt: {
              ...(page.since ? { gte: new Date(page.since) } : {}),
              ...(page.until ? { lt: new Date(page.until) } : {}),
            },
          }
        : {}),
    },
    orderBy: { id: "desc" },
    take: page.limit + 1,
    omit: { payload: true, endpointId: true },
  });
  const shown = rows.slice(0, page.limit).map((row) => ({ ...row, id: row.id.toString() }));
  return { deliveries: shown, nextBefore: rows.length > page.limit ? (shown.at(-1)?.id ?? null) : null };
}

export async function replayDelivery(actor: Actor, deliveryId: string): Promise<{ id: string }> {
  assertCanManageWebhooks(actor);
  if (!/^[0-9]{1,18}$/.test(deliveryId)) throw new AppError("NOT_FOUND", "No such delivery.");
  return db.$transaction(async (tx) => {
    const original = await tx.webhookDelivery.findUnique({
      where: { id: BigInt(deliveryId) },
      include: { endpoint: { select: { url: true } } },
    });
    if (!original) throw new AppError("NOT_FOUND", "No such delivery.");
    const copy = await tx.webhookDelivery.create({
      data: {
        endpointId: original.endpointId,
        eventType: original.eventType,
        eventId: original.eventId,
        payload: original.payload ?? {},
        nextAttemptAt: new Date(),
      },
      select: { id: true },
    });
    await recordAudit(
      {
        actorId: actor.id,
        action: "webhook.replay",
        targetType: "WebhookEndpoint",
        targetId: original.endpointId,
        detail: {
          url: original.endpoint.url,
          eventId: original.eventId,
          eventType: original.eventType,
          deliveryId,
          replayId: copy.id.toString(),
        },
      },
      tx,
    );
    return { id: copy.id.toString() };
  });
}
