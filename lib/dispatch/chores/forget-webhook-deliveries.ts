// Finished webhook deliveries older than the delivery log keeps are deleted (lib/webhooks/forget-deliveries.ts): every
// ten minutes, without a pause while there are more.
import "server-only";
import { forgetOldDeliveries } from "@/lib/webhooks/forget-deliveries";
import type { Chore } from "./chore";

export const forgetWebhookDeliveriesChore: Chore = {
  name: "Forgetting old webhook deliveries",
  everyMs: 10 * 60_000,
  run: () => forgetOldDeliveries(),
};
