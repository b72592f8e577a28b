// Every /api/v1 operation, described with the schemas its route handler parses (lib/api/schemas/) and the resources it
// answers (lib/api/resources/), so the document cannot drift from what the routes accept and return. A new route file joins here (test/api/openapi.test.ts fails until it
// does): its path, method, scope, schemas and, with a body, an example that works against a fresh `npm start`.
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { SCOPE_MEANING, type ApiScope } from "@/lib/api-keys/scopes";
import {
  batchIdParams,
  CREATE_BATCH_EXAMPLE,
  createBatchBodySchema,
  exportQuery,
  listBatchesQuery,
  messagesQuery,
  RESEND_EXAMPLE,
  resendBodySchema,
} from "../schemas/batches";
import { listIdParams } from "../schemas/lists";
import { batchResourceSchema } from "../resources/batch";
import { instant, pageSchema } from "../resources/common";
import { createdBatchSchema, sentMessageSchema } from "../resources/created";
import { listResourceSchema, uploadedListSchema } from "../resources/list";
import { messageResourceSchema, messageWithReceiptsSchema } from "../resources/message";
import { recoveredEventResourceSchema } from "../resources/recovered-event";
import { webhookDeliveryResourceSchema } from "../resources/webhook-delivery";
import { webhookEndpointResourceSchema } from "../resources/webhook-endpoint";
import { listMessagesQuery, messageParams, SEND_MESSAGE_EXAMPLE, sendMessageSchema } from "../schemas/messages";
import { numberErasureSchema } from "../resources/number-erasure";
import { subjectAccessSchema } from "../resources/subject-access";
import { ERASE_NUMBER_EXAMPLE, eraseNumberSchema, phoneParams, subjectAccessQuery } from "../schemas/numbers";
import { uploadListQuery } from "@/lib/lists/upload-query";
import { problemSchema, PROBLEM_CONTENT_TYPE } from "../problem";
import {
  ALLOWED_HOSTS_EXAMPLE,
  allowedHostsBodySchema,
  CREATE_WEBHOOK_EXAMPLE,
  createWebhookBodySchema,
  deliveriesQuery,
  deliveryIdParams,
  eventsQuery,
  UPDATE_WEBHOOK_EXAMPLE,
  updateWebhookBodySchema,
  webhookIdParams,
} from "../schemas/webhooks";

const problem = (description: string) => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
});

/** In a replay of an answer that carried a secret (lib/api/secret-shown-once.ts): the secret is not kept. */
const secretShownOnce = z
  .string()
  .optional()
  .meta({ description: "Only in a replay of the same Idempotency-Key: the secret was shown once and is not kept." });
const replayedDelivery = z
  .object({ id: z.string().regex(/^\d+$/).meta({ description: "The new delivery's id.", example: "1043" }) })
  .meta({ id: "ReplayedDelivery", description: "The delivery queued again." });
/** A signing secret in the answer that made it: shown only there, null in a replay. */
const signingSecret = (which: string) => ({
  secret: z
    .string()
    .nullable()
    .meta({
      description: `${which} (whsec_…), shown only here; null in a replay of the same Idempotency-Key.`,
      example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    }),
  secretShownOnce,
});
const rotatedSecret = z
  .object({
    ...signingSecret("The new signing secret"),
    previousSecretValidUntil: instant.meta({
      description: "Until when the previous secret also signs.",
      example: "2026-12-02T06:00:00.000Z",
    }),
  })
  .meta({ id: "RotatedSecret", description: "A webhook endpoint's new signing secret." });
const registeredWebhook = z
  .object({
    endpoint: webhookEndpointResourceSchema,
    ...signingSecret("The signing secret"),
  })
  .meta({ id: "RegisteredWebhook", description: "A webhook endpoint and its signing secret." });

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
      "400": problem(
        "The request is not valid (`validation_failed`): `errors` names each failing field by its path, with its code.",
      ),
      "401": problem("No key, or a key that is revoked, expired or whose user is disabled."),
      "403": problem("The key lacks the scope, or its user's role does not allow this."),
      "429": problem("Too many requests for this key (`rate_limited`); see Retry-After."),
      ...(operation.requestParams?.path ? { "404": problem("No such resource (`not_found`).") } : {}),
      ...(operation.requestBody ? { "413": problem("The body is over the path's limit (`body_too_large`).") } : {}),
      ...(post
        ? {
            "409": problem(
              "The batch's state does not allow this (`batch_state_conflict`), or the same Idempotency-Key is still being answered (`idempotency_in_progress`).",
            ),
            "422": problem("This Idempotency-Key was used with another body (`idempotency_key_reused`)."),
          }
        : {}),
    },
  };
}

/** A POST: it takes an Idempotency-Key, and its answers include the key's conflicts (409, 422). */
const idempotent = (scope: ApiScope, summary: string, described: Parameters<typeof operation>[2]) =>
  operation(scope, summary, described, true);

/** A required JSON body with the example that works against a fresh `npm start`. */
const jsonBody = (schema: z.ZodType, example: unknown) => ({
  required: true,
  content: { "application/json": { schema, example } },
});

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** The answer of a paged GET: one page of resources (pageSchema, lib/api/resources/common.ts). */
const aPage = (page: z.ZodType) => ({ "200": json(page, "A page.") });

/** A POST that changes a batch's state (pause, resume, cancel) and answers the batch as it now is. */
const batchAction = (summary: string, operationId: string, answered: string) => ({
  post: idempotent("send", summary, {
    operationId,
    requestParams: { path: batchIdParams },
    responses: { "200": json(batchResourceSchema, answered) },
  }),
});

const messagePage = pageSchema(messageResourceSchema, "MessagePage", "A page of messages, in id order.");

export const API_PATHS: ZodOpenApiPathsObject = {
  "/messages": {
    get: operation("read", "Find messages by your reference or by number", {
      operationId: "listMessages",
      description:
        'Give one of reference= (the messages sent with it, oldest first) or phone= (every message to that number across batches, newest first: the answer to "I never got it"). A number that is not one, or both or neither, is refused with the reason.',
      requestParams: { query: listMessagesQuery },
      responses: { "200": json(messagePage, "A page of the messages found.") },
    }),
    post: idempotent("send", "Send one SMS or voice message", {
      operationId: "sendMessage",
      requestBody: jsonBody(sendMessageSchema, SEND_MESSAGE_EXAMPLE),
      responses: { "201": json(sentMessageSchema, "Sent (queued).") },
    }),
  },
  "/messages/{id}": {
    get: operation("read", "Get a message with its receipts", {
      operationId: "getMessage",
      requestParams: { path: messageParams },
      responses: { "200": json(messageWithReceiptsSchema, "The message.") },
    }),
  },
  "/batches": {
    get: operation("read", "List batches, newest first", {
      operationId: "listBatches",
      requestParams: { query: listBatchesQuery },
      responses: aPage(pageSchema(batchResourceSchema, "BatchPage", "A page of batches, newest first.")),
    }),
    post: idempotent("send", "Create a batch from numbers or a saved list", {
      operationId: "createBatch",
      description:
        "Scope: `send`; `overrideBudget` also needs `admin` (audited). Recipients with fields fill the text's {{placeholders}}: one without a value for one is refused (`missing_field`, its path) unless `fieldDefaults` gives it.",
      requestBody: jsonBody(createBatchBodySchema, CREATE_BATCH_EXAMPLE),
      responses: { "201": json(createdBatchSchema, "Created.") },
    }),
  },
  "/batches/{id}": {
    get: operation("read", "Get a batch", {
      operationId: "getBatch",
      requestParams: { path: batchIdParams },
      responses: { "200": json(batchResourceSchema, "The batch.") },
    }),
  },
  "/batches/{id}/messages": {
    get: operation("read", "Page a batch's messages, in id order", {
      operationId: "listBatchMessages",
      requestParams: { path: batchIdParams, query: messagesQuery },
      responses: aPage(messagePage),
    }),
  },
  "/batches/{id}/export": {
    get: operation("read", "Export a batch's delivery report as CSV", {
      operationId: "exportBatch",
      requestParams: { path: batchIdParams, query: exportQuery },
      responses: {
        "200": {
          description: "The CSV, streamed.",
          content: { "text/csv": { schema: { type: "string" }, example: "phone,state\n254712345678,DELIVERED\n" } },
        },
      },
    }),
  },
  "/batches/{id}/pause": batchAction("Pause a batch", "pauseBatch", "Paused: the batch as it now is."),
  "/batches/{id}/resume": batchAction("Resume a paused batch", "resumeBatch", "Resumed: the batch as it now is."),
  "/batches/{id}/cancel": batchAction(
    "Cancel a batch",
    "cancelBatch",
    "Cancelled: the batch as it now is (counts.cancelled).",
  ),
  "/batches/{id}/resend": {
    post: idempotent("send", "Resend to the recipients a scope names", {
      operationId: "resendBatch",
      requestParams: { path: batchIdParams },
      requestBody: jsonBody(resendBodySchema, RESEND_EXAMPLE),
      responses: { "201": json(createdBatchSchema, "The new batch.") },
    }),
  },
  "/lists": {
    post: idempotent("lists", "Upload a recipient list (CSV or XLSX, the raw body)", {
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
      responses: { "201": json(uploadedListSchema, "Stored.") },
    }),
  },
  "/lists/{id}": {
    get: operation("lists", "Get a saved list", {
      operationId: "getList",
      requestParams: { path: listIdParams },
      responses: { "200": json(listResourceSchema, "The list.") },
    }),
    delete: operation("lists", "Delete a saved list (batches sent from it keep their recipients)", {
      operationId: "deleteList",
      requestParams: { path: listIdParams },
      responses: { "204": { description: "Deleted." } },
    }),
  },
  "/webhooks": {
    get: operation("admin", "List the webhook endpoints", {
      operationId: "listWebhooks",
      responses: {
        "200": json(
          pageSchema(webhookEndpointResourceSchema, "WebhookEndpointPage", "Every endpoint, in one page."),
          "The endpoints.",
        ),
      },
    }),
    post: idempotent("admin", "Register a webhook endpoint (the answer holds its signing secret, once)", {
      operationId: "createWebhook",
      description:
        "Scope: `admin`. Deliveries are signed per Standard Webhooks (webhook-id, webhook-timestamp, " +
        "webhook-signature); their bodies are in this document's `webhooks`. A private or loopback address must be " +
        "allowed first (PUT /webhooks/allowed-hosts).",
      requestBody: jsonBody(createWebhookBodySchema, CREATE_WEBHOOK_EXAMPLE),
      responses: {
        "201": json(
          registeredWebhook,
          "Registered; `secret` (whsec_…) is shown only here (a replay of the Idempotency-Key answers it null).",
        ),
      },
    }),
  },
  "/webhooks/allowed-hosts": {
    get: operation("admin", "The private host:port pairs webhooks may reach", {
      operationId: "getWebhookAllowedHosts",
      responses: { "200": json(allowedHostsBodySchema, "The allowed hosts.") },
    }),
    put: operation("admin", "Set the private host:port pairs webhooks may reach (audited)", {
      operationId: "setWebhookAllowedHosts",
      requestBody: jsonBody(allowedHostsBodySchema, ALLOWED_HOSTS_EXAMPLE),
      responses: { "200": json(allowedHostsBodySchema, "Saved.") },
    }),
  },
  "/webhooks/{id}": {
    get: operation("admin", "Get a webhook endpoint", {
      operationId: "getWebhook",
      requestParams: { path: webhookIdParams },
      responses: { "200": json(webhookEndpointResourceSchema, "The endpoint.") },
    }),
    patch: operation("admin", "Change a webhook endpoint's URL, events, description or enabled", {
      operationId: "updateWebhook",
      requestParams: { path: webhookIdParams },
      requestBody: jsonBody(updateWebhookBodySchema, UPDATE_WEBHOOK_EXAMPLE),
      responses: { "200": json(webhookEndpointResourceSchema, "Changed.") },
    }),
    delete: operation("admin", "Delete a webhook endpoint and its delivery log", {
      operationId: "deleteWebhook",
      requestParams: { path: webhookIdParams },
      responses: { "204": { description: "Deleted." } },
    }),
  },
  "/webhooks/{id}/rotate-secret": {
    post: idempotent("admin", "Rotate a webhook endpoint's signing secret (both sign for 24 hours)", {
      operationId: "rotateWebhookSecret",
      requestParams: { path: webhookIdParams },
      responses: {
        "200": json(
          rotatedSecret,
          "The new secret, shown only here (a replay of the Idempotency-Key answers it null).",
        ),
      },
    }),
  },
  "/webhooks/{id}/deliveries": {
    get: operation("admin", "Page a webhook endpoint's delivery log, newest first", {
      operationId: "listWebhookDeliveries",
      requestParams: { path: webhookIdParams, query: deliveriesQuery },
      responses: aPage(
        pageSchema(webhookDeliveryResourceSchema, "WebhookDeliveryPage", "A page of the delivery log, newest first."),
      ),
    }),
  },
  "/webhooks/{id}/test": {
    post: idempotent("admin", "Send a test event (webhook.test) to an endpoint", {
      operationId: "sendWebhookTestEvent",
      description:
        "Queues a `webhook.test` event for the endpoint, whatever it subscribes to, signed and delivered like any other; audited. Its delivery shows in the log.",
      requestParams: { path: webhookIdParams },
      responses: {
        "201": json(
          z
            .object({
              id: z.string().regex(/^\d+$/).meta({ description: "The delivery's id.", example: "1044" }),
              eventId: z.string().meta({ description: "The event's webhook-id.", example: "msg_test_5f0c…" }),
            })
            .meta({ id: "TestEventQueued", description: "The test event's delivery." }),
          "Queued.",
        ),
      },
    }),
  },
  "/events": {
    get: operation("admin", "Recover an endpoint's events since a time, oldest first", {
      operationId: "listEvents",
      description:
        "Each event as it was queued for the endpoint — delivered, still pending or given up — from `since` on, in keyset pages. Deliveries are kept 30 days. Deduplicate on `id`, as with webhooks.",
      requestParams: { query: eventsQuery },
      responses: aPage(
        pageSchema(recoveredEventResourceSchema, "RecoveredEventPage", "A page of events, oldest first."),
      ),
    }),
  },
  "/webhooks/deliveries/{deliveryId}/replay": {
    post: idempotent("admin", "Send a delivery's event again", {
      operationId: "replayWebhookDelivery",
      requestParams: { path: deliveryIdParams },
      responses: { "201": json(replayedDelivery, "Queued.") },
    }),
  },
  "/numbers/{phone}/subject-access": {
    get: operation("admin", "Everything held about one number (subject access)", {
      operationId: "getNumberSubjectAccess",
      description:
        "Scope: `admin`. What Tuma holds about the number — its messages with their texts, every receipt about them, escalation calls, its opt-out and that opt-out's history, the list rows that hold it, the webhook deliveries that named it — under a header saying when and by whom it was made: the console's download, streamed. Audited (`export.subject_access`); one of the user's export slots (429 `too_many_running` when they are taken). A number that is not one is refused (400, `phone`). A test key is refused (403 `test_key_live_account`): a number's messages are on every account.",
      requestParams: { path: phoneParams, query: subjectAccessQuery },
      responses: {
        "200": {
          description: "The file, streamed (`Content-Disposition: attachment`).",
          content: {
            "application/json": { schema: subjectAccessSchema },
            "application/zip": { schema: { type: "string", format: "binary" } },
          },
        },
      },
    }),
  },
  "/numbers/{phone}/erase": {
    post: idempotent("admin", "Forget one number (erasure), or count what would go", {
      operationId: "eraseNumber",
      description:
        'Scope: `admin`. Removes the number and its texts from its messages, receipts, list rows and stored webhook payloads, in every partition, as the console\'s "Forget this number…" does; batch counters, reports and totals stay as they were. With `neverContact` the number stays suppressed, kept only as a keyed hash. Audited (`number.erase`) without the number in clear. With `dryRun: true` nothing changes and the answer counts what would go; send the same body without it to erase. Irreversible: use an Idempotency-Key, so a retry replays the first answer rather than erasing again (which would count zero). A number that is not one is refused (400, `phone`); a test key is refused (403 `test_key_live_account`).',
      requestParams: { path: phoneParams },
      requestBody: jsonBody(eraseNumberSchema, ERASE_NUMBER_EXAMPLE),
      responses: { "200": json(numberErasureSchema, "Erased (or, with dryRun, counted): what went, per kind.") },
    }),
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
