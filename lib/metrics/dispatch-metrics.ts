// What a dispatch worker counts as it works (lib/dispatch/send-chunk.ts, the receipt and webhook chores): messages
// sent by the state the provider's answer put them in, the provider's answers by status, receipts applied and webhook
// attempts that failed. Counters in this process's registry (registry.ts): a few additions per request of up to 100
// messages, never per message. Labels are accounts by name (a handful) and statuses (a few), so series stay few.
import { Counter } from "prom-client";
import { metricsRegistry } from "./registry";

type DispatchMetrics = {
  messagesSent: Counter<"account" | "state">;
  providerAnswers: Counter<"account" | "status">;
  receiptsApplied: Counter<"outcome">;
  webhookFailures: Counter<"outcome">;
};

const shared = globalThis as unknown as { tumaDispatchMetrics?: DispatchMetrics };

export function dispatchMetrics(): DispatchMetrics {
  if (shared.tumaDispatchMetrics) return shared.tumaDispatchMetrics;
  const registers = [metricsRegistry()];
  shared.tumaDispatchMetrics = {
    messagesSent: new Counter({
      name: "tuma_messages_sent_total",
      help: "Messages sent to the provider, by the state its answer put them in (QUEUED, REJECTED, UNKNOWN).",
      labelNames: ["account", "state"],
      registers,
    }),
    providerAnswers: new Counter({
      name: "tuma_provider_answers_total",
      help: "Provider requests by their answer: the HTTP status, or not_sent / timeout when none came.",
      labelNames: ["account", "status"],
      registers,
    }),
    receiptsApplied: new Counter({
      name: "tuma_receipts_applied_total",
      help: "Delivery receipts taken off the work list by this worker: changed a message, or changed nothing (a replay or weaker receipt).",
      labelNames: ["outcome"],
      registers,
    }),
    webhookFailures: new Counter({
      name: "tuma_webhook_failures_total",
      help: "Webhook delivery attempts that failed: retrying (tried again later) or failed (given up).",
      labelNames: ["outcome"],
      registers,
    }),
  };
  return shared.tumaDispatchMetrics;
}
