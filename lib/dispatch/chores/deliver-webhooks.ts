// Due webhook deliveries are posted (lib/webhooks/deliver.ts): twice a second, and without a pause while a page came
// back full (a backlog). With no enabled endpoint there is nothing to post, and the claim is not even tried.
import "server-only";
import { deliverDueWebhooks, WEBHOOK_PAGE } from "@/lib/webhooks/deliver";
import { subscribedEvents } from "@/lib/webhooks/subscriptions";
import type { Chore } from "./chore";

export const deliverWebhooksChore: Chore = {
  name: "Delivering webhooks",
  everyMs: 500,
  run: async () => {
    if ((await subscribedEvents()).size === 0) return false;
    return (await deliverDueWebhooks()).claimed >= WEBHOOK_PAGE;
  },
};
