// What the console's forms and the API (/api/v1/webhooks) accept for webhook endpoints: one schema each, used by both.
import { z } from "zod";
import { optionalParam } from "@/lib/http/params";
import { WEBHOOK_EVENTS } from "./events";

export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2_000, "The URL is too long (at most 2,000 characters).")
  .refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
    "Enter a URL that starts with https://.",
  );

export const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `An event is one of ${WEBHOOK_EVENTS.join(", ")}.` }))
  .min(1, "Choose at least one event.")
  .transform((events) => [...new Set(events)]);

const description = z.string().trim().max(200, "The description is too long (at most 200 characters).");

export const createWebhookSchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  description: description.default(""),
});
export type CreateWebhookInput = z.output<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .object({ url: webhookUrlSchema, events: webhookEventsSchema, description, enabled: z.boolean() })
  .partial();
export type UpdateWebhookInput = z.output<typeof updateWebhookSchema>;

/** A page of an endpoint's deliveries, newest first, filtered; `before` is the last id of the previous page. */
export const listDeliveriesSchema = z.object({
  before: z
    .string()
    .regex(/^[0-9]{1,18}$/, "before is a delivery id.")
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Filters of the delivery log (the page's and the API's): an event type, a state, a range of queued times. */
  eventType: z.string().max(40).optional(),
  state: z.enum(["PENDING", "DELIVERED", "FAILED"]).optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
});
export type ListDeliveriesInput = z.output<typeof listDeliveriesSchema>;

/** The delivery log page's filter and page, from its URL (lib/http/page-query.ts): the API's fields, blank = any. */
export const deliveryLogQuery = z.object({
  before: optionalParam(listDeliveriesSchema.shape.before),
  eventType: optionalParam(listDeliveriesSchema.shape.eventType),
  state: optionalParam(listDeliveriesSchema.shape.state),
});

/** host:port, one per entry: hosts webhooks may reach although they resolve to private addresses. */
export const allowedHostsSchema = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):[0-9]{1,5}$/, "Write each as host:port (e.g. 10.0.0.5:8080)."),
  )
  .max(50, "At most 50 hosts.");
