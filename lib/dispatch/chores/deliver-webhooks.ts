// Due webhook deliveries are posted (lib/webhooks/deliver.ts): twice a second, and without a pause while a page came
// back full (a backlog).
import "server-only";
import { deliverDueWebhooks, WEBHOOK_PAGE } from "@/lib/webhooks/deliver";
import type { Chore } from "./chore";

export const deliverWebhooksChore: Chore = {
  name: "Delivering webhooks",
  everyMs: 500,
  run: async () => (await deliverDueWebhooks()).claimed >= WEBHOOK_PAGE,
};
