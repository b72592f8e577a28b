// GET /api/v1/events?endpointId=&since=&type=&limit=&cursor= – an endpoint's events since a time, oldest first,
// whatever became of their deliveries (lib/webhooks/recover-events.ts): what a receiver that was down reads back.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { pageOf } from "@/lib/api/resources/common";
import { toRecoveredEventResource } from "@/lib/api/resources/recovered-event";
import { eventsQuery } from "@/lib/api/schemas/webhooks";
import { canManageWebhooks } from "@/lib/auth/permissions";
import { eventsCursor } from "@/lib/webhooks/events-cursor";
import { recoverEvents } from "@/lib/webhooks/recover-events";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { scope: "admin", allowed: canManageWebhooks, query: eventsQuery },
  async ({ actor, query }) => {
    // One more than the page: whether another follows (has_more) without an empty last page.
    const events = await recoverEvents(actor, { ...query, since: new Date(query.since), limit: query.limit + 1 });
    return json(pageOf(events, query.limit, eventsCursor, toRecoveredEventResource));
  },
);
