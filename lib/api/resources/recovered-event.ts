// The RecoveredEvent resource of GET /api/v1/events: an event as it was queued for an endpoint — its id (the
// webhook-id), type, body (the Event, as it was or will be posted) and how its delivery stands.
import { z } from "zod";
import type { RecoveredEvent } from "@/lib/webhooks/recover-events";
import { at } from "./common";

export const recoveredEventResourceSchema = z
  .object({
    id: z.string().meta({
      description: "The event's id: the webhook-id header it is posted with.",
      example: "msg_m4294967297_delivered",
    }),
    type: z.string().meta({ description: "The event's type.", example: "message.delivered" }),
    deliveryId: z.string().regex(/^\d+$/).meta({ description: "Its delivery to this endpoint.", example: "1042" }),
    deliveryState: z
      .enum(["PENDING", "DELIVERED", "FAILED"])
      .meta({ description: "How the delivery stands.", example: "FAILED" }),
    createdAt: at("When it was queued for the endpoint."),
    event: z
      .object({ type: z.string(), timestamp: z.string(), data: z.record(z.string(), z.unknown()) })
      .meta({ description: "The body, as posted: see the document's `webhooks` for each type's data." }),
  })
  .meta({ id: "RecoveredEvent", description: "An event queued for an endpoint, and its delivery's state." });

export type RecoveredEventResource = z.infer<typeof recoveredEventResourceSchema>;

export function toRecoveredEventResource(e: RecoveredEvent): RecoveredEventResource {
  return {
    id: e.eventId,
    type: e.type,
    deliveryId: e.deliveryId,
    deliveryState: e.state,
    createdAt: e.createdAt.toISOString(),
    event: e.payload as RecoveredEventResource["event"],
  };
}
