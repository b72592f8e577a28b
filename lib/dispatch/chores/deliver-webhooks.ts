// Due webhook deliveries are posted (lib/webhooks/deliver.ts): twice a second, and without a pause while a page came
// back full (a backlog). With no enabled endpoint there is nothing to post, and the claim is not even tried.
import "server-only";
import { deliverDueWebhooks, WEBHOOK_PAGE } from "@/lib/webhooks/deliver";
import { subscribedEvents } from "@/lib/webhooks/subscriptions";
import { dispatchMetrics } from "@/lib/metrics/dispatch-metrics";
import type { Chore } from "./chore";

export const deliverWebhooksChore: Chore = {
  name: "Delivering webhooks",
  everyMs: 500,
  run: async () => {
    if ((await subscribedEvents()).size === 0) return false;
    const result = await deliverDueWebhooks();
    if (result.retrying > 0) dispatchMetrics().webhookFailures.inc({ outcome: "retrying" }, result.retrying);
    if (result.failed > 0) dispatchMetrics().webhookFailures.inc({ outcome: "failed" }, result.failed);
    return result.claimed >= WEBHOOK_PAGE;
  },
};
