// A test event (webhook.test, docs/webhooks.md): queued for one endpoint whatever it subscribes to, signed and
// delivered like any other, so an administrator sees a receiver verify a delivery before a real event comes. From the
// Webhooks page and POST /api/v1/webhooks/{id}/test; audited.
import "server-only";
import { randomBytes } from "node:crypto";
import type { Actor } from "@/lib/auth/permissions";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { TEST_EVENT } from "./events";
import { assertCanManageWebhooks } from "./webhook-gate";

export async function sendTestEvent(actor: Actor, endpointId: string): Promise<{ id: string; eventId: string }> {
  assertCanManageWebhooks(actor);
  return db.$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { id: endpointId }, select: { url: true } });
    if (!endpoint) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
    const now = new Date();
    const eventId = `msg_test_${randomBytes(12).toString("hex")}`;
    const delivery = await tx.webhookDelivery.create({
      data: {
        endpointId,
        eventType: TEST_EVENT,
        eventId,
        payload: {
          type: TEST_EVENT,
          timestamp: now.toISOString(),
          data: { endpointId, message: "A test event from Tuma: your receiver verified it if it answered 2xx." },
        },
        nextAttemptAt: now,
      },
      select: { id: true },
    });
    await recordAudit(
      {
        actorId: actor.id,
        action: "webhook.test",
        targetType: "WebhookEndpoint",
        targetId: endpointId,
        detail: { url: endpoint.url, eventId },
      },
      tx,
    );
    return { id: delivery.id.toString(), eventId };
  });
}
