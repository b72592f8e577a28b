// Every /api/v1 operation, described with the schemas its route handler parses (lib/api/schemas/), so the document
// cannot drift from what the routes accept. A new route file joins here (test/api/openapi.test.ts fails until it
// does): its path, method, scope, schemas and, with a body, an example that works against a fresh `npm start`.
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { SCOPE_MEANING, type ApiScope } from "@/lib/api-keys/scopes";
import {
  batchIdParams,
  CREATE_BATCH_EXAMPLE,
  createBatchBodySchema,
  exportQuery,
  messagesQuery,
  RESEND_EXAMPLE,
  resendBodySchema,
} from "../schemas/batches";
import { messageParams, SEND_MESSAGE_EXAMPLE, sendMessageSchema } from "../schemas/messages";
import { uploadListQuery } from "@/lib/lists/upload-query";
import { problemSchema, PROBLEM_CONTENT_TYPE } from "../problem";
import {
  ALLOWED_HOSTS_EXAMPLE,
  allowedHostsBodySchema,
  CREATE_WEBHOOK_EXAMPLE,
  deliveryIdParams,
  UPDATE_WEBHOOK_EXAMPLE,
  webhookIdParams,
} from "../schemas/webhooks";
import { webhookDeliveryJsonSchema, webhookEndpointJsonSchema } from "@/lib/webhooks/webhook-json";
import { createWebhookSchema, listDeliveriesSchema, updateWebhookSchema } from "@/lib/webhooks/webhook-schemas";

const problem = (description: string) => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
});
const object = (id: string, description: string) => z.object({}).loose().meta({ id, description });

const created = object(
  "Created",
  "The new batch: its id, how many recipients it holds, duplicates and opted-out numbers left out.",
);
const batch = object(
  "Batch",
  "A batch: settings, state, counters (sent, delivered, failed…), inFlight, phase, and plan (requests and seconds at the account's pace for the whole batch and for what is left, units charged so far, and the scheduled start), and recipientsRemovedBefore: set when the data retention has removed the recipients stored before that instant (the counters still count them; their messages and resend are gone). An escalating SMS batch also carries reachedByCallCount (SMS not delivered whose call was answered), queuedCalledCount (SMS without a receipt whose call was placed), reached (delivered + reachedByCallCount: each recipient once) and escalationChild (its calls' batch with its counters, read in the same snapshot); unmappedStatuses lists the receipts with a status Tuma does not know, per status.",
);

function operation(
  scope: ApiScope,
  summary: string,
  operation: Omit<ZodOpenApiOperationObject, "responses"> & { responses: ZodOpenApiOperationObject["responses"] },
  post = false,
): ZodOpenApiOperationObject {
  return {
    summary,
    description: `Scope: \`${scope}\` (${SCOPE_MEANING[scope]}).`,
    security: [{ bearer: [] }],
    ...operation,
    ...(post
      ? {
          parameters: [
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              description: "The same key with the same body returns the first answer for 24 hours.",
              schema: { type: "string", maxLength: 255 },
            },
          ],
        }
      : {}),
    responses: {
      ...operation.responses,
      "400": problem("The request is not valid; `errors` names each failing field."),
      "401": problem("No key, or a key that is revoked, expired or whose user is disabled."),
      "403": problem("The key lacks the scope, or its user's role does not allow this."),
      "429": problem("Too many requests for this key; see Retry-After."),
      ...(post
        ? {
            "409": problem("Conflicting state, or the same Idempotency-Key still being answered."),
            "422": problem("This Idempotency-Key was used with another body."),
          }
        : {}),
    },
  };
}

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const API_PATHS: ZodOpenApiPathsObject = {
  "/messages": {
    post: operation(
      "send",
      "Send one SMS or voice message",
      {
        operationId: "sendMessage",
        requestBody: {
          required: true,
          content: { "application/json": { schema: sendMessageSchema, example: SEND_MESSAGE_EXAMPLE } },
        },
        responses: { "201": json(object("SentMessage", "The batch of one and its message's id."), "Sent (queued).") },
      },
      true,
    ),
  },
  "/messages/{id}": {
    get: operation("read", "Get a message with its receipts", {
      operationId: "getMessage",
      requestParams: { path: messageParams },
      responses: {
        "200": json(
          object(
            "Message",
            "A message, the provider's answer, receipts, timeline; `callState`: its escalation call's state (ANSWERED: reached by call), null when not called.",
          ),
          "The message.",
        ),
      },
    }),
  },
  "/batches": {
    post: operation(
      "send",
      "Create a batch from numbers or a saved list",
      {
        operationId: "createBatch",
        requestBody: {
          required: true,
          content: { "application/json": { schema: createBatchBodySchema, example: CREATE_BATCH_EXAMPLE } },
        },
        responses: { "201": json(created, "Created.") },
      },
      true,
    ),
  },
  "/batches/{id}": {
    get: operation("read", "Get a batch", {
      operationId: "getBatch",
      requestParams: { path: batchIdParams },
      responses: { "200": json(batch, "The batch."), "404": problem("No such batch.") },
    }),
  },
  "/batches/{id}/messages": {
    get: operation("read", "Page a batch's messages", {
      operationId: "listBatchMessages",
      requestParams: { path: batchIdParams, query: messagesQuery },
      responses: {
        "200": json(
          object(
            "MessagePage",
            "`rows` and `next` (the cursor for `after`, null on the last page). Each row's `callState` is its escalation call's state (ANSWERED: reached by call), null when not called.",
          ),
          "A page.",
        ),
      },
    }),
  },
  "/batches/{id}/export": {
    get: operation("read", "Export a batch's delivery report as CSV", {
      operationId: "exportBatch",
      requestParams: { path: batchIdParams, query: exportQuery },
      responses: {
        "200": { description: "The CSV, streamed.", content: { "text/csv": { schema: { type: "string" } } } },
      },
    }),
  },
  "/batches/{id}/pause": {
    post: operation(
      "send",
      "Pause a batch",
      {
        operationId: "pauseBatch",
        requestParams: { path: batchIdParams },
        responses: { "200": json(object("Paused", ""), "Paused.") },
      },
      true,
    ),
  },
  "/batches/{id}/resume": {
    post: operation(
      "send",
      "Resume a paused batch",
      {
        operationId: "resumeBatch",
        requestParams: { path: batchIdParams },
        responses: { "200": json(object("Resumed", ""), "Resumed.") },
      },
      true,
    ),
  },
  "/batches/{id}/cancel": {
    post: operation(
      "send",
      "Cancel a batch",
      {
        operationId: "cancelBatch",
        requestParams: { path: batchIdParams },
        responses: { "200": json(object("Cancelled", "How many will not be sent."), "Cancelled.") },
      },
      true,
    ),
  },
  "/batches/{id}/resend": {
    post: operation(
      "send",
      "Resend to the recipients a scope names",
      {
        operationId: "resendBatch",
        requestParams: { path: batchIdParams },
        requestBody: {
          required: true,
          content: { "application/json": { schema: resendBodySchema, example: RESEND_EXAMPLE } },
        },
        responses: { "201": json(created, "The new batch.") },
      },
      true,
    ),
  },
  "/lists": {
    post: operation(
      "lists",
      "Upload a recipient list (CSV or XLSX, the raw body)",
      {
        operationId: "uploadList",
        requestParams: { query: uploadListQuery },
        requestBody: {
          required: true,
          content: {
            "text/csv": { schema: { type: "string" }, example: "phone,name\n254712345678,Amina\n0712345679,Baraka\n" },
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
              schema: { type: "string", format: "binary" },
            },
          },
        },
        responses: { "201": json(object("UploadedList", "The stored list and its report."), "Stored.") },
      },
      true,
    ),
  },
  "/webhooks": {
    get: operation("admin", "List the webhook endpoints", {
      operationId: "listWebhooks",
      responses: { "200": json(z.object({ endpoints: z.array(webhookEndpointJsonSchema) }), "The endpoints.") },
    }),
    post: operation(
      "admin",
      "Register a webhook endpoint (the answer holds its signing secret, once)",
      {
        operationId: "createWebhook",
        description:
          "Scope: `admin`. Deliveries are signed per Standard Webhooks (webhook-id, webhook-timestamp, " +
          "webhook-signature). A private or loopback address must be allowed first (PUT /webhooks/allowed-hosts).",
        requestBody: {
          required: true,
          content: { "application/json": { schema: createWebhookSchema, example: CREATE_WEBHOOK_EXAMPLE } },
        },
        responses: {
          "201": json(
            z.object({ endpoint: webhookEndpointJsonSchema, secret: z.string() }),
            "Registered; `secret` (whsec_…) is shown only here.",
          ),
        },
      },
      true,
    ),
  },
  "/webhooks/allowed-hosts": {
    get: operation("admin", "The private host:port pairs webhooks may reach", {
      operationId: "getWebhookAllowedHosts",
      responses: { "200": json(allowedHostsBodySchema, "The allowed hosts.") },
    }),
    put: operation("admin", "Set the private host:port pairs webhooks may reach (audited)", {
      operationId: "setWebhookAllowedHosts",
      requestBody: {
        required: true,
        content: { "application/json": { schema: allowedHostsBodySchema, example: ALLOWED_HOSTS_EXAMPLE } },
      },
      responses: { "200": json(allowedHostsBodySchema, "Saved.") },
    }),
  },
  "/webhooks/{id}": {
    get: operation("admin", "Get a webhook endpoint", {
      operationId: "getWebhook",
      requestParams: { path: webhookIdParams },
      responses: { "200": json(webhookEndpointJsonSchema, "The endpoint."), "404": problem("No such endpoint.") },
    }),
    patch: operation("admin", "Change a webhook endpoint's URL, events, description or enabled", {
      operationId: "updateWebhook",
      requestParams: { path: webhookIdParams },
      requestBody: {
        required: true,
        content: { "application/json": { schema: updateWebhookSchema, example: UPDATE_WEBHOOK_EXAMPLE } },
      },
      responses: { "200": json(webhookEndpointJsonSchema, "Changed.") },
    }),
    delete: operation("admin", "Delete a webhook endpoint and its delivery log", {
      operationId: "deleteWebhook",
      requestParams: { path: webhookIdParams },
      responses: { "200": json(object("DeletedWebhook", ""), "Deleted.") },
    }),
  },
  "/webhooks/{id}/rotate-secret": {
    post: operation(
      "admin",
      "Rotate a webhook endpoint's signing secret (both sign for 24 hours)",
      {
        operationId: "rotateWebhookSecret",
        requestParams: { path: webhookIdParams },
        responses: {
          "200": json(
            z.object({ secret: z.string(), previousSecretValidUntil: z.iso.datetime() }),
            "The new secret, shown only here.",
          ),
        },
      },
      true,
    ),
  },
  "/webhooks/{id}/deliveries": {
    get: operation("admin", "Page a webhook endpoint's delivery log, newest first", {
      operationId: "listWebhookDeliveries",
      requestParams: { path: webhookIdParams, query: listDeliveriesSchema },
      responses: {
        "200": json(
          z.object({ deliveries: z.array(webhookDeliveryJsonSchema), nextBefore: z.string().nullable() }),
          "A page; `nextBefore` is the `before` of the next page (null on the last).",
        ),
      },
    }),
  },
  "/webhooks/deliveries/{deliveryId}/replay": {
    post: operation(
      "admin",
      "Send a delivery's event again",
      {
        operationId: "replayWebhookDelivery",
        requestParams: { path: deliveryIdParams },
        responses: { "201": json(object("ReplayedDelivery", "The new delivery's id."), "Queued.") },
      },
      true,
    ),
  },
  "/openapi.json": {
    get: {
      operationId: "getOpenApi",
      summary: "This document",
      security: [],
      responses: {
        "200": { description: "OpenAPI 3.1.", content: { "application/json": { schema: { type: "object" } } } },
      },
    },
  },
};
